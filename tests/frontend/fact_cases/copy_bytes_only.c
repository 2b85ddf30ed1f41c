// Under the types field model, a library copy between buffers of characters or numbers
// moves no pointer; between void pointers (or pointer-holding types) it copies pointees.
char *strcpy(char *d, const char *s);
void *memcpy(void *d, const void *s, unsigned long n);
void f(char *d, char *s, void *vd, void *vs) {
    strcpy(d, s);
    memcpy(vd, vs, 8);
}

// CSPA-EXACT
// CSPA: assign(*f::vs, *f::vd)
// CSPA: dereference(f::vd, *f::vd)
// CSPA: dereference(f::vs, *f::vs)
