// Initializers of globals are flows in context 0, outside any function.
int x;
int *gp = &x;
int **gpp = &gp;

// CSPA-EXACT
// CSPA: assign(&gp, gpp)
// CSPA: assign(&x, gp)
// CSPA: dereference(&gp, gp)
// CSPA: dereference(&x, x)
// NODE: x global
// NODE: gp global
// NODE: &gp addrof
