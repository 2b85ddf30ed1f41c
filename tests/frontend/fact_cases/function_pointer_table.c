// Function pointers in a global struct (an "ops" table) are resolved through the table.
struct ops { void *(*make)(void *); };
void *make_impl(void *p) { return p; }
struct ops table = {make_impl};
void use(struct ops *o) {
    int x;
    void *r = table.make(&x);
}

// CSPA-EXACT
// CSPA: assign(&make_impl, table.make)
// CSPA: assign(&use::x, make_impl::p#1)
// CSPA: assign(make_impl::p#1, make_impl::return#1)
// CSPA: assign(make_impl::return#1, use::$call@7:15)
// CSPA: assign(use::$call@7:15, use::r)
// CSPA: dereference(&make_impl, make_impl)
// CSPA: dereference(&use::x, use::x)
