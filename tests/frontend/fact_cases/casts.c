// Pointer casts keep the value: no node for the cast itself.
struct s { int v; };
void f(void) {
    int x;
    char *c = (char *)&x;
    struct s *ps = (struct s *)(void *)c;
}

// CSPA-EXACT
// CSPA: assign(&f::x, f::c)
// CSPA: assign(f::c, f::ps)
// CSPA: dereference(&f::x, f::x)
