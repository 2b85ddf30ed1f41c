// Copy reduction (the default for `galias facts`; fact_reduction.hpp): the cycle of copies
// (a, b) becomes its representative a, with a -> b; a node with a single source passes its
// value on from that source: a's only source is x, so x -> b, c, d. *p, a memory location,
// keeps its own edges. ValueAlias, MemoryAlias and PointsTo are unchanged.
// RUN: --copy-reduction
void f(int *x, int **p, int n) {
    int *a = x, *b, *c, *d;
    while (n--) {
        b = a;
        a = b;
    }
    c = a;
    d = c;
    *p = d;
    int *e = *p;
}

// CSPA-EXACT
// CSPA: assign(f::x, *f::p)
// CSPA: dereference(f::p, *f::p)
// ANDERSEN-EXACT
// ANDERSEN: load(*f::p, f::p)
// ANDERSEN: store(f::p, f::x)
// STAT: reduction.assign_before 7
// STAT: reduction.cycle_members 1
// STAT: reduction.substituted 3
// STAT: reduction.class_members 5
// CLASS: f::a f::x
// CLASS: f::b f::x
// CLASS: f::c f::x
// CLASS: f::d f::x
// CLASS: f::e *f::p
// CLASS: f::x f::x
