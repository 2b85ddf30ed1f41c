// A struct inside a struct: p->in.x is the field x of the inner type, the same node a
// pointer to the inner struct reaches (q = &p->in; q->x). &p->in is a pointer into *p and
// to the field `in` of the outer type: the node &(*f::p).struct:outer.in holds both.
struct inner { int *x; int *y; };
struct outer { struct inner in; int *z; };
void f(struct outer *p, int *v) {
    p->in.x = v;
    struct inner *q = &p->in;
    int *w = q->x;
    int *u = p->z;
}

// CSPA-EXACT
// CSPA: assign(&(*f::p).struct:outer.in, f::q)
// CSPA: assign(&struct:outer.in, &(*f::p).struct:outer.in)
// CSPA: assign(f::p, &(*f::p).struct:outer.in)
// NODE: &(*f::p).struct:outer.in temp
// CSPA: assign(f::v, struct:inner.x)
// CSPA: assign(struct:inner.x, f::w)
// CSPA: assign(struct:outer.z, f::u)
// CSPA: dereference(&struct:outer.in, struct:outer.in)
