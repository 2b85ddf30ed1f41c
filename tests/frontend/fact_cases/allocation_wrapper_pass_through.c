// RUN: --context-k=0
// A function that returns one of its parameters and allocates nothing passes its argument
// through (redis's extend_to_usable): a wrapper may call it on the fresh block and stays a
// wrapper, so each of its call sites gets a heap object of its own.
void *malloc(unsigned long size);
static void *extend(void *p, unsigned long n) {
    (void)n;
    return p;
}
void *try_alloc(unsigned long n) {
    void *p = malloc(n);
    p = extend(p, n);
    return p;
}
void f(void) {
    char *a = try_alloc(1);
    char *b = try_alloc(2);
}

// STAT: allocation_wrappers 1
// CSPA: assign(&heap@allocation_wrapper_pass_through.c:16:15, f::$call@16:15)
// CSPA: assign(&heap@allocation_wrapper_pass_through.c:17:15, f::$call@17:15)
