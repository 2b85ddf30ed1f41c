// Extra arguments of a variadic function flow into f::..., which va_arg reads.
void *pick(int n, ...) {
    __builtin_va_list ap;
    __builtin_va_start(ap, n);
    void *v = __builtin_va_arg(ap, void *);
    __builtin_va_end(ap);
    return v;
}
void use(void) {
    int x, y;
    void *r = pick(2, &x, &y);
}

// CSPA-EXACT
// CSPA: assign(&use::x, pick::...#1)
// CSPA: assign(&use::y, pick::...#1)
// CSPA: assign(pick::...#1, pick::v#1)
// CSPA: assign(pick::return#1, use::$call@11:15)
// CSPA: assign(pick::v#1, pick::return#1)
// CSPA: assign(use::$call@11:15, use::r)
// CSPA: dereference(&use::x, use::x)
// CSPA: dereference(&use::y, use::y)
// NODE: pick::...#1 param
