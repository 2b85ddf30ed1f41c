// RUN: --context-k=1 --max-component-clone-statements=2
// A recursive component whose copies beyond the first would hold more statements than
// --max-component-clone-statements keeps one copy, however few functions it has. A
// non-recursive function of the same size is still cloned.
void *odd(void *p, int n);
void *even(void *p, int n) { return n ? odd(p, n - 1) : p; }
void *odd(void *p, int n) { return n ? even(p, n - 1) : p; }
void *id(void *p) { return p; }
void f(void) {
    int x, y;
    void *a = even(&x, 4);
    void *b = even(&y, 3);
    void *c = id(&x);
    void *d = id(&y);
}

// CSPA: assign(&f::x, even::p)
// CSPA: assign(&f::y, even::p)
// NO-NODE: even::p#1
// NODE: id::p#1 param
// STAT: large_recursive_functions 2
