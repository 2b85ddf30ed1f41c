// Copy reduction keeps memory locations whole: y's address is taken, so y may also receive
// values through *q and keeps its edges. (y, *q, z) is no cycle for the reduction: the edge
// into *q is a store for Andersen (into what q points to). z, an ordinary variable, only
// receives: it joins y's value class, its edge goes, and *q takes y's value instead.
// RUN: --copy-reduction
void f(int *x, int **q) {
    int *y = x, *z;
    q = &y;
    for (;;) {
        z = y;
        *q = z;
        y = *q;
    }
}

// CSPA-EXACT
// CSPA: assign(&f::y, f::q@8:5)
// CSPA: assign(*f::q@8:5, f::y)
// CSPA: assign(f::x, f::y)
// CSPA: assign(f::y, *f::q@8:5)
// CSPA: dereference(&f::y, f::y)
// CSPA: dereference(f::q@8:5, *f::q@8:5)
// STAT: reduction.cycle_members 0
// STAT: reduction.class_members 1
// CLASS: f::z f::y
