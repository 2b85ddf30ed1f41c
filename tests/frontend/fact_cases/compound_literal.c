// A compound literal is an unnamed object, initialized like a variable.
struct box { int *p; };
void f(void) {
    int x;
    struct box *b = &(struct box){&x};
}

// CSPA-EXACT
// CSPA: assign(&f::$literal@5:22, f::b)
// CSPA: assign(&f::x, f::$literal@5:22)
// CSPA: dereference(&f::$literal@5:22, f::$literal@5:22)
// CSPA: dereference(&f::x, f::x)
