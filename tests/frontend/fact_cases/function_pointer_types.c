// RUN: --indirect-calls=types
// By types: every address-taken function with one parameter is a target, g included.
int *f(int *p) { return p; }
int *g(int *p) { return 0; }
int *h(int *p, int *q) { return q; }
void *taken[] = {(void *)g, (void *)h};
void use(void) {
    int x;
    int *(*fp)(int *) = f;
    int *r = fp(&x);
}

// CSPA-EXACT
// CSPA: assign(&f, use::fp)
// CSPA: assign(&g, taken)
// CSPA: assign(&h, taken)
// CSPA: assign(&use::x, f::p#1)
// CSPA: assign(&use::x, g::p#1)
// CSPA: assign(f::p#1, f::return#1)
// CSPA: assign(f::return#1, use::$call@10:14)
// CSPA: assign(g::return#1, use::$call@10:14)
// CSPA: assign(h::q, h::return)
// CSPA: assign(use::$call@10:14, use::r)
// CSPA: dereference(&f, f)
// CSPA: dereference(&g, g)
// CSPA: dereference(&h, h)
// CSPA: dereference(&use::x, use::x)
// STAT: indirect_calls.targets 2
// NO-NODE: h::p#1
