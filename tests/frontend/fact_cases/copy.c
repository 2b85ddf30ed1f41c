// q = p: a plain value flow.
void f(void) {
    int x;
    int *p = &x;
    int *q;
    q = p;
}

// CSPA-EXACT
// CSPA: assign(&f::x, f::p)
// CSPA: assign(f::p, f::q)
// CSPA: dereference(&f::x, f::x)
