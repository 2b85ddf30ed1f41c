// A return statement flows into the function's return node, and that into the call's temporary.
int g;
int *get(void) { return &g; }
void use(void) {
    int *p = get();
}

// CSPA-EXACT
// CSPA: assign(&g, get::return#1)
// CSPA: assign(get::return#1, use::$call@5:14)
// CSPA: assign(use::$call@5:14, use::p)
// CSPA: dereference(&g, g)
// NODE: get::return#1 return
// NODE: use::$call@5:14 temp
