// A struct that starts with another struct (C's way to derive): the shared part is named
// by the inner struct's fields in both views, so the cast adds nothing.
struct base { int *data; };
struct derived { struct base base; int *extra; };
void f(struct derived *d, int *v) {
    d->base.data = v;
    struct base *b = (struct base *)d;
    int *w = b->data;
}

// CSPA-EXACT
// CSPA: assign(f::d, f::b)
// CSPA: assign(f::v, struct:base.data)
// CSPA: assign(struct:base.data, f::w)
