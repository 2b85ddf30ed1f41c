// Fields of a struct variable are nodes of their own (field-sensitive by default).
struct pair { int *a; int *b; int n; };
void f(void) {
    int x, y;
    struct pair s;
    s.a = &x;
    s.b = &y;
    int *p = s.a;
}

// CSPA-EXACT
// CSPA: assign(&f::x, f::s.a)
// CSPA: assign(&f::y, f::s.b)
// CSPA: assign(f::s.a, f::p)
// CSPA: dereference(&f::x, f::x)
// CSPA: dereference(&f::y, f::y)
// NODE: f::s.a field
// NO-NODE: f::s
// NO-NODE: f::s.n
