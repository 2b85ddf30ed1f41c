// With --distinct-string-literals a string literal is an object of its own; using it yields
// its address.
// RUN: --distinct-string-literals
void f(void) {
    const char *s = "hello";
    const char *t = s;
}

// CSPA-EXACT
// CSPA: assign(&str@string_literal.c:5:21, f::s)
// CSPA: assign(f::s, f::t)
// CSPA: dereference(&str@string_literal.c:5:21, str@string_literal.c:5:21)
