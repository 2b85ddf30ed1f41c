// __builtin_expect(x, c) is x; sizeof's operand is not evaluated.
void f(int *p) {
    int *q = 0;
    if (__builtin_expect(p != 0, 1)) q = p;
    unsigned long n = sizeof(*p);
}
// CSPA-EXACT
// CSPA: assign(f::p, f::q@4:38)
// STAT: unmodelled 0
