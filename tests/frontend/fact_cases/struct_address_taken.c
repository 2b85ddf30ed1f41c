// Taking &s lets pointers reach s's fields: they become the fields of s's type, the nodes
// that ps->b uses too. The other fields of other variables stay apart.
struct pair { int *a; int *b; };
void f(void) {
    int x, y;
    struct pair s, t;
    s.a = &x;
    s.b = &y;
    t.a = &y;
    struct pair *ps = &s;
    int *p = ps->b;
}

// CSPA-EXACT
// CSPA: assign(&f::s, f::ps)
// CSPA: assign(&f::x, struct:pair.a)
// CSPA: assign(&f::y, f::t.a)
// CSPA: assign(&f::y, struct:pair.b)
// CSPA: assign(struct:pair.b, f::p)
// CSPA: dereference(&f::s, f::s)
// CSPA: dereference(&f::x, f::x)
// CSPA: dereference(&f::y, f::y)
// NO-NODE: f::s.a
// NODE: f::s local
// NODE: f::t.a field
