// An array is one abstract element: a[0] and a[1] are the node a. p[i] is *p.
void f(int *p) {
    int x, y;
    int *a[4];
    a[0] = &x;
    a[1] = &y;
    int *first = a[2];
    int v = p[3];
    int *q = &p[1];
}

// CSPA-EXACT
// CSPA: assign(&f::x, f::a)
// CSPA: assign(&f::y, f::a)
// CSPA: assign(f::a, f::first)
// CSPA: assign(f::p, f::q)
// CSPA: dereference(&f::x, f::x)
// CSPA: dereference(&f::y, f::y)
// NO-NODE: *f::p
