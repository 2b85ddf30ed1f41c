// RUN: --context-k=2
// With k=2, `inner` gets one context per (outer call, inner call) pair.
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
// CSPA: assign(inner::p#4, inner::return#4)
// CSPA: assign(inner::return#3, outer::$call@4:31#1)
// CSPA: assign(inner::return#4, outer::$call@4:31#2)
// CSPA: assign(outer::$call@4:31#1, outer::return#1)
// CSPA: assign(outer::$call@4:31#2, outer::return#2)
// CSPA: assign(outer::p#1, inner::p#3)
// CSPA: assign(outer::p#2, inner::p#4)
// CSPA: assign(outer::return#1, use::$call@7:15)
// CSPA: assign(outer::return#2, use::$call@8:15)
// CSPA: assign(use::$call@7:15, use::a)
// CSPA: assign(use::$call@8:15, use::b)
// CSPA: dereference(&use::x, use::x)
// CSPA: dereference(&use::y, use::y)
// STAT: contexts 5
// CONTEXT: 3 use@call_string_k2.c:7:15 > outer@call_string_k2.c:4:31
// CONTEXT: 4 use@call_string_k2.c:8:15 > outer@call_string_k2.c:4:31
