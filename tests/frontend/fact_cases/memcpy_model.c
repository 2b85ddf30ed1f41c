// memcpy(d, s, n) copies what s points to into what d points to (*d = *s) and returns d.
void *memcpy(void *restrict d, const void *restrict s, unsigned long n);
void f(int **d, int **s) {
    void *r = memcpy(d, s, sizeof *d);
}

// CSPA-EXACT
// CSPA: assign(*f::s, *f::d)
// CSPA: assign(f::$call@4:15, f::r)
// CSPA: assign(f::d, f::$call@4:15)
// CSPA: dereference(f::d, *f::d)
// CSPA: dereference(f::s, *f::s)
