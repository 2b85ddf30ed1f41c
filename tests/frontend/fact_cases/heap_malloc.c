// malloc returns the address of a heap object named after the call site.
void *malloc(unsigned long size);
void f(void) {
    char *p = malloc(16);
}

// CSPA-EXACT
// CSPA: assign(&heap@heap_malloc.c:4:15, f::$call@4:15)
// CSPA: assign(f::$call@4:15, f::p)
// CSPA: dereference(&heap@heap_malloc.c:4:15, heap@heap_malloc.c:4:15)
// NODE: heap@heap_malloc.c:4:15 heap
// ANDERSEN-EXACT
// ANDERSEN: addressOf(&heap@heap_malloc.c:4:15, heap@heap_malloc.c:4:15)
// ANDERSEN: assign(f::$call@4:15, &heap@heap_malloc.c:4:15)
// ANDERSEN: assign(f::p, f::$call@4:15)
