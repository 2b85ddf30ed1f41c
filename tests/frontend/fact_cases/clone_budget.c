// RUN: --context-k=1 --max-clones=0
// No clones allowed: `id` keeps one merged copy (context 0) and a warning is given.
void *id(void *p) { return p; }
void use(void) {
    int x, y;
    void *a = id(&x);
    void *b = id(&y);
}

// CSPA-EXACT
// CSPA: assign(&use::x, id::p)
// CSPA: assign(&use::y, id::p)
// CSPA: assign(id::p, id::return)
// CSPA: assign(id::return, use::$call@6:15)
// CSPA: assign(id::return, use::$call@7:15)
// CSPA: assign(use::$call@6:15, use::a)
// CSPA: assign(use::$call@7:15, use::b)
// CSPA: dereference(&use::x, use::x)
// CSPA: dereference(&use::y, use::y)
// STAT: merged_functions 1
// STAT: clones 0
// STAT: contexts 1
