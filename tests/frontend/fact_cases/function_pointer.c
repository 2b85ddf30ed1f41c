// f's address flows into fp; the call through fp reaches f (found by the points-to pre-analysis).
int *f(int *p) { return p; }
void use(void) {
    int x;
    int *(*fp)(int *) = f;
    int *r = fp(&x);
}

// CSPA-EXACT
// CSPA: assign(&f, use::fp)
// CSPA: assign(&use::x, f::p#1)
// CSPA: assign(f::p#1, f::return#1)
// CSPA: assign(f::return#1, use::$call@6:14)
// CSPA: assign(use::$call@6:14, use::r)
// CSPA: dereference(&f, f)
// CSPA: dereference(&use::x, use::x)
// NODE: f function
// NODE: &f addrof
// STAT: indirect_calls.resolved_sites 1
// STAT: indirect_calls.targets 1
