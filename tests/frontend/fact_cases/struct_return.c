// A struct returned by value: field by field into the call's temporary.
struct pair { int *a; int *b; };
struct pair make(int *a) { struct pair s = {a, 0}; return s; }
void use(void) {
    int x;
    int *r = make(&x).a;
}

// CSPA-EXACT
// CSPA: assign(&use::x, make::a#1)
// CSPA: assign(make::a#1, make::s.a#1)
// CSPA: assign(make::return.a#1, use::$call@6:14.a)
// CSPA: assign(make::return.b#1, use::$call@6:14.b)
// CSPA: assign(make::s.a#1, make::return.a#1)
// CSPA: assign(make::s.b#1, make::return.b#1)
// CSPA: assign(use::$call@6:14.a, use::r)
// CSPA: dereference(&use::x, use::x)
