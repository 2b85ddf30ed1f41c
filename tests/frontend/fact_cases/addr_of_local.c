// p = &x: the address node &x flows into p and dereferences to x (Zheng-Rugina).
void f(void) {
    int x;
    int *p = &x;
}

// CSPA-EXACT
// CSPA: assign(&f::x, f::p)
// CSPA: dereference(&f::x, f::x)
// ANDERSEN-EXACT
// ANDERSEN: addressOf(&f::x, f::x)
// ANDERSEN: assign(f::p, &f::x)
// NODE: &f::x addrof
// NODE: f::x local
// NODE: f::p local
