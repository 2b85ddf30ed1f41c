// A union variable is one node while its address is not taken (its members share storage).
// Once it escapes, its members are the fields of its type, the nodes pointers use; p and q
// share storage, so they are one node (named after the first).
union slot { int *p; int *q; };
void f(int *x) {
    union slot local, shared;
    local.p = x;
    int *a = local.q;
    shared.p = x;
    union slot *ps = &shared;
    int *b = ps->q;
}

// CSPA-EXACT
// CSPA: assign(&f::shared, f::ps)
// CSPA: assign(f::local, f::a)
// CSPA: assign(f::x, f::local)
// CSPA: assign(f::x, union:slot.p)
// CSPA: assign(union:slot.p, f::b)
// CSPA: dereference(&f::shared, f::shared)
