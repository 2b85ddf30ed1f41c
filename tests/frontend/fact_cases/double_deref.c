// **ppp: dereference nodes nest.
void f(int ***ppp, int *v) {
    **ppp = v;
    int *w = **ppp;
}

// CSPA-EXACT
// CSPA: assign(**f::ppp, f::w)
// CSPA: assign(f::v, **f::ppp)
// CSPA: dereference(*f::ppp, **f::ppp)
// CSPA: dereference(f::ppp, *f::ppp)
// ANDERSEN-EXACT
// ANDERSEN: assign(f::w, **f::ppp)
// ANDERSEN: load(**f::ppp, *f::ppp)
// ANDERSEN: load(*f::ppp, f::ppp)
// ANDERSEN: store(*f::ppp, f::v)
