// A string literal is an object; using it yields its address.
void f(void) {
    const char *s = "hello";
    const char *t = s;
}

// CSPA-EXACT
// CSPA: assign(&str@string_literal.c:3:21, f::s)
// CSPA: assign(f::s, f::t)
// CSPA: dereference(&str@string_literal.c:3:21, str@string_literal.c:3:21)
