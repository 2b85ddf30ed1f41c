// q = *p: a flow out of the dereference node *p.
void f(void) {
    int x;
    int *r = &x;
    int **p = &r;
    int *q = *p;
}

// CSPA-EXACT
// CSPA: assign(&f::r, f::p)
// CSPA: assign(&f::x, f::r)
// CSPA: assign(*f::p, f::q)
// CSPA: dereference(&f::r, f::r)
// CSPA: dereference(&f::x, f::x)
// CSPA: dereference(f::p, *f::p)
// ANDERSEN-EXACT
// ANDERSEN: addressOf(&f::r, f::r)
// ANDERSEN: addressOf(&f::x, f::x)
// ANDERSEN: assign(f::p, &f::r)
// ANDERSEN: assign(f::q, *f::p)
// ANDERSEN: assign(f::r, &f::x)
// ANDERSEN: load(*f::p, f::p)
