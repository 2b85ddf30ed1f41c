// Pointer arithmetic stays in the object: p + 1, p++ and p += 2 hold p's value.
void f(int *p) {
    int *q = p + 1;
    int *r = 2 + p;
    q++;
    r += 2;
    int *s = --r;
}

// CSPA-EXACT
// CSPA: assign(f::p, f::q)
// CSPA: assign(f::p, f::r)
// CSPA: assign(f::r, f::s)
