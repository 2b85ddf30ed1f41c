// p->f is the field f of p's struct type: one node per field of each struct type, whatever
// p points to (--field-model=types, the default). No dereference of p is needed.
struct node { struct node *next; int *data; };
void f(struct node *p, int *d) {
    p->data = d;
    struct node *n = p->next;
}

// CSPA-EXACT
// CSPA: assign(f::d, struct:node.data)
// CSPA: assign(struct:node.next, f::n)
// ANDERSEN-EXACT
// ANDERSEN: assign(f::n, struct:node.next)
// ANDERSEN: assign(struct:node.data, f::d)
// NODE: struct:node.data field
// NODE: struct:node.next field
// NO-NODE: *f::p
