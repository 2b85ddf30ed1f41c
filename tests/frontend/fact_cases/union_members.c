// All members of a union share its storage: u.a and u.b are the node u.
union either { int *a; char *b; };
void f(void) {
    int x;
    union either u;
    u.a = &x;
    char *c = u.b;
}

// CSPA-EXACT
// CSPA: assign(&f::x, f::u)
// CSPA: assign(f::u, f::c)
// CSPA: dereference(&f::x, f::x)
