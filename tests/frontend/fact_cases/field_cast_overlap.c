// A pointer cast between two struct types reads the same bytes as other fields: the fields
// whose bytes overlap are one node (here b.second and a.second at offset 8; a.first, a
// function pointer, stays apart from b.first, a data pointer).
struct a { void (*first)(void); int *second; };
struct b { int *first; int *second; int *third; };
void f(struct a *pa, int *v) {
    pa->second = v;
    struct b *pb = (struct b *)pa;
    int *w = pb->second;
    int *u = pb->first;
}

// CSPA-EXACT
// CSPA: assign(f::pa, f::pb)
// CSPA: assign(f::v, struct:a.second)
// CSPA: assign(struct:a.second, f::w)
// CSPA: assign(struct:b.first, f::u)
