// Taking the address of a pointer field keeps the other fields apart.
struct pair { int *a; int *b; };
void f(void) {
    int x;
    struct pair s;
    int **pa = &s.a;
    *pa = &x;
}

// CSPA-EXACT
// CSPA: assign(&f::s.a, f::pa)
// CSPA: assign(&f::x, *f::pa)
// CSPA: dereference(&f::s.a, f::s.a)
// CSPA: dereference(&f::x, f::x)
// CSPA: dereference(f::pa, *f::pa)
// NODE: &f::s.a addrof
