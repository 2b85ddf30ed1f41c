// Pointer arithmetic stays in the object: p + 1, p++ and p += 2 hold p's value. q and r are
// assigned more than once, so each definition is a node of its own (locals in SSA form).
void f(int *p) {
    int *q = p + 1;
    int *r = 2 + p;
    q++;
    r += 2;
    int *s = --r;
}

// CSPA-EXACT
// CSPA: assign(f::p, f::q@4:10)
// CSPA: assign(f::p, f::r@5:10)
// CSPA: assign(f::q@4:10, f::q@6:5)
// CSPA: assign(f::r@5:10, f::r@7:5)
// CSPA: assign(f::r@7:5, f::r@8:14)
// CSPA: assign(f::r@8:14, f::s)
