// A field that cannot hold a pointer (a byte buffer, a counter) has no node of its own: it
// is part of its object, so &p->name is p and byte copies between objects stay apart.
struct entry { char name[16]; int count; int *value; };
void f(struct entry *p, struct entry *q) {
    char *a = p->name;
    char *b = q->name;
    p->count++;
    int *v = p->value;
}

// CSPA-EXACT
// CSPA: assign(f::p, f::a)
// CSPA: assign(f::q, f::b)
// CSPA: assign(struct:entry.value, f::v)
