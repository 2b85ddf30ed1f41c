// The comma operator's value is its right operand.
void f(void) {
    int x, y;
    int *p;
    int *q = (p = &x, &y);
}

// CSPA-EXACT
// CSPA: assign(&f::x, f::p)
// CSPA: assign(&f::y, f::q)
// CSPA: dereference(&f::x, f::x)
// CSPA: dereference(&f::y, f::y)
