// Under --field-model=variables, p->f is a location inside *p: fields under a dereference are
// not told apart.
// RUN: --field-model=variables
struct node { struct node *next; int *data; };
void f(struct node *p, int *d) {
    p->data = d;
    struct node *n = p->next;
}

// CSPA-EXACT
// CSPA: assign(*f::p, f::n)
// CSPA: assign(f::d, *f::p)
// CSPA: dereference(f::p, *f::p)
