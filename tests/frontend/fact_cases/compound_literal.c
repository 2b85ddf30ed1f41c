// A compound literal is an unnamed object, initialized like a variable; its address is
// taken, so its fields are the fields of its type.
struct box { int *p; };
void f(void) {
    int x;
    struct box *b = &(struct box){&x};
}

// CSPA-EXACT
// CSPA: assign(&f::$literal@6:22, f::b)
// CSPA: assign(&f::x, struct:box.p)
// CSPA: dereference(&f::$literal@6:22, f::$literal@6:22)
// CSPA: dereference(&f::x, f::x)
