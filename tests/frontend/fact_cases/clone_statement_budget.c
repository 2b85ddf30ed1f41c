// RUN: --context-k=1 --max-clone-statements=3
// The size-weighed budget: copying `twice` (3 statements: two flows and the return) for a
// second context would exceed 3 statements, so it is merged; `small` (1 statement) fits.
void *twice(void *p) { void *a = p; void *b = a; return b; }
void *small(void *p) { return p; }
void use(void) {
    int x, y;
    twice(&x);
    twice(&y);
    small(&x);
    small(&y);
}
// NODE: twice::p param
// NO-NODE: twice::p#1
// NODE: small::p#1 param
// NODE: small::p#2 param
// STAT: merged_functions 1
// STAT: clones 1
