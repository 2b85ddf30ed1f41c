// RUN: --field-insensitive
// With --field-insensitive, all fields of s are the node s.
struct pair { int *a; int *b; };
void f(void) {
    int x, y;
    struct pair s;
    s.a = &x;
    s.b = &y;
    int *p = s.a;
}

// CSPA-EXACT
// CSPA: assign(&f::x, f::s)
// CSPA: assign(&f::y, f::s)
// CSPA: assign(f::s, f::p)
// CSPA: dereference(&f::x, f::x)
// CSPA: dereference(&f::y, f::y)
// NO-NODE: f::s.a
