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
// CSPA: assign(*f::p, f::e)
// CSPA: assign(f::x, *f::p)
// CSPA: assign(f::x, f::a)
// CSPA: assign(f::x, f::b)
// CSPA: assign(f::x, f::c)
// CSPA: assign(f::x, f::d)
// CSPA: dereference(f::p, *f::p)
// ANDERSEN-EXACT
// ANDERSEN: assign(f::a, f::x)
// ANDERSEN: assign(f::b, f::x)
// ANDERSEN: assign(f::c, f::x)
// ANDERSEN: assign(f::d, f::x)
// ANDERSEN: assign(f::e, *f::p)
// ANDERSEN: load(*f::p, f::p)
// ANDERSEN: store(f::p, f::x)
// STAT: reduction.assign_before 7
// STAT: reduction.cycle_members 1
// STAT: reduction.substituted 3
