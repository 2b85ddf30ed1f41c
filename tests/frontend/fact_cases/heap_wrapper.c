// RUN: --context-k=1
// Heap cloning: the allocation site inside the wrapper gets one object per calling context.
void *malloc(unsigned long size);
void *xmalloc(unsigned long n) { return malloc(n); }
void f(void) {
    char *a = xmalloc(1);
    char *b = xmalloc(2);
}

// CSPA-EXACT
// CSPA: assign(&heap@heap_wrapper.c:4:41#1, xmalloc::$call@4:41#1)
// CSPA: assign(&heap@heap_wrapper.c:4:41#2, xmalloc::$call@4:41#2)
// CSPA: assign(f::$call@6:15, f::a)
// CSPA: assign(f::$call@7:15, f::b)
// CSPA: assign(xmalloc::$call@4:41#1, xmalloc::return#1)
// CSPA: assign(xmalloc::$call@4:41#2, xmalloc::return#2)
// CSPA: assign(xmalloc::return#1, f::$call@6:15)
// CSPA: assign(xmalloc::return#2, f::$call@7:15)
// CSPA: dereference(&heap@heap_wrapper.c:4:41#1, heap@heap_wrapper.c:4:41#1)
// CSPA: dereference(&heap@heap_wrapper.c:4:41#2, heap@heap_wrapper.c:4:41#2)
// NODE: heap@heap_wrapper.c:4:41#1 heap
// NODE: heap@heap_wrapper.c:4:41#2 heap
