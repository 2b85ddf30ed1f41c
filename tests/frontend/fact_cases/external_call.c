// A function without a body or a model: reported, and its result points to one unknown
// object per function.
char *lookup(const char *key);
void f(void) {
    char *v = lookup("k");
}

// CSPA-EXACT
// CSPA: assign(&heap@lookup(), f::$call@5:15)
// CSPA: assign(f::$call@5:15, f::v)
// CSPA: dereference(&heap@lookup(), heap@lookup())
// CSPA: dereference(&str@*, str@*)
// UNMODELLED: external-call 1
// NODE: heap@lookup() heap
