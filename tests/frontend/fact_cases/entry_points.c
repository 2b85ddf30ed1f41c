// Parameters of a function nothing in the program calls (an API entry point) point to an
// object of the caller's each, in Andersen's facts only; a called function's do not.
void api(char *dst, const char *src) {
    char *d = dst;
    (void)src;
    (void)d;
}
static void helper(char *p) { (void)p; }
void caller(char *q) { helper(q); }

// ANDERSEN: addressOf(&caller@api::dst, caller@api::dst)
// ANDERSEN: addressOf(&caller@api::src, caller@api::src)
// ANDERSEN: assign(api::dst, &caller@api::dst)
// ANDERSEN: assign(api::src, &caller@api::src)
// ANDERSEN: assign(caller::q, &caller@caller::q)
// NOT-ANDERSEN: assign(helper::p, &caller@helper::p)
// NOT-CSPA: assign(&caller@api::dst, api::dst)
// NODE: caller@api::dst unknown
