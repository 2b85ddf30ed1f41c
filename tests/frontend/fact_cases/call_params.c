// Arguments flow into parameters, in the callee's context for that call site.
void sink(int *p, int n, int *q) { }
void caller(void) {
    int x, y;
    sink(&x, 3, &y);
}

// CSPA-EXACT
// CSPA: assign(&caller::x, sink::p#1)
// CSPA: assign(&caller::y, sink::q#1)
// CSPA: dereference(&caller::x, caller::x)
// CSPA: dereference(&caller::y, caller::y)
// NODE: sink::p#1 param
// NO-NODE: sink::n#1
