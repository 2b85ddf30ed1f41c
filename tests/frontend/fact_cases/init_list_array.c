// Brace initializers: every element of an array goes to the array node; struct members to fields.
struct two { int *a; int *b; };
int x, y;
int *table[] = {&x, &y};
struct two pair = {.b = &y, .a = &x};

// CSPA-EXACT
// CSPA: assign(&x, pair.a)
// CSPA: assign(&x, table)
// CSPA: assign(&y, pair.b)
// CSPA: assign(&y, table)
// CSPA: dereference(&x, x)
// CSPA: dereference(&y, y)
// An unnamed bit-field takes no initializer: &x goes to flags.p.
struct flags { int a : 3; int : 5; int *p; } flags = {1, &x};
// CSPA: assign(&x, flags.p)
