// Copy reduction (the default for `galias facts`; fact_reduction.hpp): the cycle of copies
// through the loop (a's phi, b, a's second definition) becomes its representative, with
// edges to the others; a node with a single source passes its value on from that source:
// the cycle's only source is x, so x -> b, c, d. *p, a memory location, keeps its own
// edges. ValueAlias, MemoryAlias and PointsTo are unchanged.
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
// STAT: reduction.assign_before 9
// STAT: reduction.cycle_members 2
// STAT: reduction.substituted 4
// STAT: reduction.class_members 7
// CLASS: f::a@8:10 f::x
// CLASS: f::a@phi:10:13 f::x
// CLASS: f::a@11:9 f::x
// CLASS: f::b f::x
// CLASS: f::c f::x
// CLASS: f::d f::x
// CLASS: f::e *f::p
// CLASS: f::x f::x
