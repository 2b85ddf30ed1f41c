// A struct passed by value: each pointer field flows into the parameter's field.
struct pair { int *a; int *b; };
int *first(struct pair s) { return s.a; }
void use(void) {
    int x, y;
    struct pair v = {&x, &y};
    int *r = first(v);
}

// CSPA-EXACT
// CSPA: assign(&use::x, use::v.a)
// CSPA: assign(&use::y, use::v.b)
// CSPA: assign(first::return#1, use::$call@7:14)
// CSPA: assign(first::s.a#1, first::return#1)
// CSPA: assign(use::$call@7:14, use::r)
// CSPA: assign(use::v.a, first::s.a#1)
// CSPA: assign(use::v.b, first::s.b#1)
// CSPA: dereference(&use::x, use::x)
// CSPA: dereference(&use::y, use::y)
// NODE: first::s.a#1 field
