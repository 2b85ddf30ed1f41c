// *p = q: a flow into the dereference node *p.
void f(void) {
    int x, y;
    int *q = &y;
    int **p;
    int *r = &x;
    p = &r;
    *p = q;
}

// CSPA-EXACT
// CSPA: assign(&f::r, f::p)
// CSPA: assign(&f::x, f::r)
// CSPA: assign(&f::y, f::q)
// CSPA: assign(f::q, *f::p)
// CSPA: dereference(&f::r, f::r)
// CSPA: dereference(&f::x, f::x)
// CSPA: dereference(&f::y, f::y)
// CSPA: dereference(f::p, *f::p)
// Andersen: the flow into *p is a store through p (and *p, as a variable, loads from p).
// ANDERSEN-EXACT
// ANDERSEN: addressOf(&f::r, f::r)
// ANDERSEN: addressOf(&f::x, f::x)
// ANDERSEN: addressOf(&f::y, f::y)
// ANDERSEN: assign(f::p, &f::r)
// ANDERSEN: assign(f::q, &f::y)
// ANDERSEN: assign(f::r, &f::x)
// ANDERSEN: load(*f::p, f::p)
// ANDERSEN: store(f::p, f::q)
// NODE: *f::p deref
