// The members of a union share storage. Under the types field model the fields of a union's
// struct members that C lets one read through another member (their common initial
// sequence: same offsets, same kind of value) are one node; `next` here. The fields after
// it (a data pointer in one member, a function pointer in the other) stay apart.
struct header { struct header *next; int tag; };
struct text { struct header *next; int tag; char *chars; };
struct code { struct header *next; int tag; void (*run)(void); };
union object { struct header h; struct text t; struct code c; };
void f(union object *o, struct header *h) {
    o->t.next = h;
    struct header *n = o->c.next;
    char *s = o->t.chars;
    void (*r)(void) = o->c.run;
}

// CSPA-EXACT
// CSPA: assign(f::h, struct:header.next)
// CSPA: assign(struct:code.run, f::r)
// CSPA: assign(struct:header.next, f::n)
// CSPA: assign(struct:text.chars, f::s)
