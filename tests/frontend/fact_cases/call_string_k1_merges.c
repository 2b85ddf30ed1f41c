// RUN: --context-k=1
// With k=1, `inner` has one context (its only call site), so the two outer calls meet there.
void *inner(void *p) { return p; }
void *outer(void *p) { return inner(p); }
void use(void) {
    int x, y;
    void *a = outer(&x);
    void *b = outer(&y);
}

// CSPA-EXACT
// CSPA: assign(&use::x, outer::p#1)
// CSPA: assign(&use::y, outer::p#2)
// CSPA: assign(inner::p#3, inner::return#3)
// CSPA: assign(inner::return#3, outer::$call@4:31#1)
// CSPA: assign(inner::return#3, outer::$call@4:31#2)
// CSPA: assign(outer::$call@4:31#1, outer::return#1)
// CSPA: assign(outer::$call@4:31#2, outer::return#2)
// CSPA: assign(outer::p#1, inner::p#3)
// CSPA: assign(outer::p#2, inner::p#3)
// CSPA: assign(outer::return#1, use::$call@7:15)
// CSPA: assign(outer::return#2, use::$call@8:15)
// CSPA: assign(use::$call@7:15, use::a)
// CSPA: assign(use::$call@8:15, use::b)
// CSPA: dereference(&use::x, use::x)
// CSPA: dereference(&use::y, use::y)
// STAT: contexts 4
// CONTEXT: 3 outer@call_string_k1_merges.c:4:31
