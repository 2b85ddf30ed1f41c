// Field paths nest: s.in.p.
struct inner { int *p; };
struct outer { struct inner in; int *q; };
void f(void) {
    int x;
    struct outer s;
    s.in.p = &x;
    s.q = s.in.p;
}

// CSPA-EXACT
// CSPA: assign(&f::x, f::s.in.p)
// CSPA: assign(f::s.in.p, f::s.q)
// CSPA: dereference(&f::x, f::x)
