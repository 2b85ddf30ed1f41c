// RUN: --context-k=1
// The identity function is cloned per call site: id::p#1 and id::p#2 are separate nodes.
void *id(void *p) { return p; }
void use(void) {
    int x, y;
    void *a = id(&x);
    void *b = id(&y);
}

// CSPA-EXACT
// CSPA: assign(&use::x, id::p#1)
// CSPA: assign(&use::y, id::p#2)
// CSPA: assign(id::p#1, id::return#1)
// CSPA: assign(id::p#2, id::return#2)
// CSPA: assign(id::return#1, use::$call@6:15)
// CSPA: assign(id::return#2, use::$call@7:15)
// CSPA: assign(use::$call@6:15, use::a)
// CSPA: assign(use::$call@7:15, use::b)
// CSPA: dereference(&use::x, use::x)
// CSPA: dereference(&use::y, use::y)
// NODE: id::p#1 param
// NODE: id::p#2 param
// STAT: contexts 3
// STAT: clones 1
// CONTEXT: 1 use@identity_k1.c:6:15
// CONTEXT: 2 use@identity_k1.c:7:15
