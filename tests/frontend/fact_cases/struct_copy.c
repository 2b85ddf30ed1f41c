// s2 = s1 copies every pointer field (the int field is not tracked).
struct rec { int *a; int n; int *b; };
void f(void) {
    int x, y;
    struct rec s1, s2;
    s1.a = &x;
    s1.b = &y;
    s2 = s1;
}

// CSPA-EXACT
// CSPA: assign(&f::x, f::s1.a)
// CSPA: assign(&f::y, f::s1.b)
// CSPA: assign(f::s1.a, f::s2.a)
// CSPA: assign(f::s1.b, f::s2.b)
// CSPA: dereference(&f::x, f::x)
// CSPA: dereference(&f::y, f::y)
