// GNU statement expressions: the value is the last expression.
void f(void) {
    int x;
    int *p = ({ int *t = &x; t; });
}

// CSPA-EXACT
// CSPA: assign(&f::x, f::t)
// CSPA: assign(f::t, f::p)
// CSPA: dereference(&f::x, f::x)
