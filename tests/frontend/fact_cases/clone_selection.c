// RUN: --context-k=1 --select-clones
// With k=1 a function is cloned per call site only if its call sites pass arguments that
// may point to different objects, or if it allocates (clone_selection.hpp): `use` gets the
// same state from both calls and keeps one copy; `id` gets &x and &y and is cloned; `make`
// allocates and is cloned (heap cloning).
void *malloc(unsigned long n);
struct state { int *value; };
struct state global;
void *keep;
int *use(struct state *s) { return s->value; }
int *id(int *p) { return p; }
void *make(void) { return keep = malloc(1); }
void f(void) {
    int x, y;
    int *a = use(&global);
    int *b = use(&global);
    int *c = id(&x);
    int *d = id(&y);
    void *e = make();
    void *g = make();
}

// CSPA: assign(&global, use::s)
// CSPA: assign(use::return, f::$call@15:14)
// CSPA: assign(use::return, f::$call@16:14)
// CSPA: assign(&f::x, id::p#1)
// CSPA: assign(&f::y, id::p#2)
// CSPA: assign(&heap@clone_selection.c:12:34#3, make::$call@12:34#3)
// CSPA: assign(&heap@clone_selection.c:12:34#4, make::$call@12:34#4)
// NO-NODE: use::s#1
// STAT: uncloned_functions 1
// CONTEXT: 1 f@clone_selection.c:17:14
// CONTEXT: 3 f@clone_selection.c:19:15
