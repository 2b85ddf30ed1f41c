// A call through a function pointer with more than 8 targets starts no new contexts: its
// targets are analysed in context 0 (f0::p, not f0::p#1).
#define F(n) int *f##n(int *p) { return p; }
F(0) F(1) F(2) F(3) F(4) F(5) F(6) F(7) F(8)
int *(*table[])(int *) = {f0, f1, f2, f3, f4, f5, f6, f7, f8};
void use(int i) {
    int x;
    int *r = table[i](&x);
}
// NODE: f0::p param
// NODE: f8::p param
// NO-NODE: f0::p#1
// STAT: contexts 1
// STAT: indirect_calls.targets 9
// CSPA: assign(&use::x, f0::p)
// CSPA: assign(f8::return, use::$call@8:14)
