// Field nodes name their record by its tag, else by its typedef, else (an unnamed member)
// after the member holding it; the same type in two units is one record.
typedef struct { int *p; } box_t;
struct outer { union { int *u; long n; }; box_t box; };
void f(box_t *b, struct outer *o, int *x) {
    b->p = x;
    o->u = x;
    o->box.p = x;
}

// CSPA-EXACT
// CSPA: assign(f::x, struct:box_t.p)
// CSPA: assign(f::x, struct:outer.#0.u)
