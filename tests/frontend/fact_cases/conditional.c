// c ? &x : &y: both branches flow into a temporary for the ?: expression.
void f(int c) {
    int x, y;
    int *p = c ? &x : &y;
    int *q = c ? p : 0;
}

// CSPA-EXACT
// CSPA: assign(&f::x, f::$cond@4:14)
// CSPA: assign(&f::y, f::$cond@4:14)
// CSPA: assign(f::$cond@4:14, f::p)
// CSPA: assign(f::p, f::q)
// CSPA: dereference(&f::x, f::x)
// CSPA: dereference(&f::y, f::y)
