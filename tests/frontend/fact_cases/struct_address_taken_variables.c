// Under --field-model=variables, taking &s collapses s's fields into s: a pointer to s reaches
// every field.
// RUN: --field-model=variables
struct pair { int *a; int *b; };
void f(void) {
    int x, y;
    struct pair s;
    s.a = &x;
    s.b = &y;
    struct pair *ps = &s;
    int *p = ps->b;
}

// CSPA-EXACT
// CSPA: assign(&f::s, f::ps)
// CSPA: assign(&f::x, f::s)
// CSPA: assign(&f::y, f::s)
// CSPA: assign(*f::ps, f::p)
// CSPA: dereference(&f::s, f::s)
// CSPA: dereference(&f::x, f::x)
// CSPA: dereference(&f::y, f::y)
// CSPA: dereference(f::ps, *f::ps)
// NO-NODE: f::s.a
// NODE: f::s local
