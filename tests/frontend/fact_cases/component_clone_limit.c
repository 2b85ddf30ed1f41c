// RUN: --context-k=1 --max-component-cloned=1
// A recursive component of more functions than --max-component-cloned keeps one copy:
// calls inside it keep the caller's context, so every context would copy all of it.
void *odd(void *p, int n);
void *even(void *p, int n) { return n ? odd(p, n - 1) : p; }
void *odd(void *p, int n) { return n ? even(p, n - 1) : p; }
void f(void) {
    int x, y;
    void *a = even(&x, 4);
    void *b = even(&y, 3);
}

// CSPA: assign(&f::x, even::p)
// CSPA: assign(&f::y, even::p)
// NO-NODE: even::p#1
// STAT: contexts 1
