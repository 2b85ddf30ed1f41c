// RUN: --allocator=pool_get
// A user-named allocator returns a fresh object per call site, without looking at its body.
void *pool_get(int pool) { static char buffer[64]; return buffer; }
void f(void) {
    char *a = pool_get(1);
}

// CSPA-EXACT
// CSPA: assign(&heap@user_allocator.c:5:15, f::$call@5:15)
// CSPA: assign(&pool_get::buffer, pool_get::return)
// CSPA: assign(f::$call@5:15, f::a)
// CSPA: dereference(&heap@user_allocator.c:5:15, heap@user_allocator.c:5:15)
// CSPA: dereference(&pool_get::buffer, pool_get::buffer)
// NO-NODE: pool_get::return#1
// STAT: call_graph.edges 0
