// A function-static variable is one node for all calling contexts of its function.
int *keep(int *p) {
    static int *last;
    last = p;
    return last;
}
void use(void) {
    int a, b;
    keep(&a);
    keep(&b);
}

// CSPA-EXACT
// CSPA: assign(&use::a, keep::p#1)
// CSPA: assign(&use::b, keep::p#2)
// CSPA: assign(keep::last, keep::return#1)
// CSPA: assign(keep::last, keep::return#2)
// CSPA: assign(keep::p#1, keep::last)
// CSPA: assign(keep::p#2, keep::last)
// CSPA: dereference(&use::a, use::a)
// CSPA: dereference(&use::b, use::b)
// NODE: keep::last static
// NO-NODE: keep::last#1
// STAT: clones 1
// CONTEXT: 1 use@static_local.c:9:5
// CONTEXT: 2 use@static_local.c:10:5
