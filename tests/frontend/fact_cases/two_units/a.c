// Globals and functions are linked across translation units by name; statics are not.
extern int *shared;
int *publish(int *p);
static int *mine;
void use(void) {
    int x;
    shared = publish(&x);
}

// CSPA-EXACT
// CSPA: assign(&use::x, publish::p#1)
// CSPA: assign(publish::p#1, b.c::mine)
// CSPA: assign(publish::p#1, publish::return#1)
// CSPA: assign(publish::return#1, use::$call@7:14)
// CSPA: assign(use::$call@7:14, shared)
// CSPA: dereference(&use::x, use::x)
// NODE: shared global
// NODE: b.c::mine static
// NO-NODE: a.c::mine
// STAT: tu.analysed 2
