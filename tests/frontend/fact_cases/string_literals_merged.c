// By default all string literals are one object, str@*: they hold no pointer and are never
// written, and code that hands thousands of them to a few logging and reply functions made
// every pointer to text point to thousands of objects. A literal passed straight to a
// restrict parameter keeps an object of its own, so fopen("f", "r") is no restrict
// violation.
void *fopen(const char *restrict path, const char *restrict mode);
void log_line(const char *text);
void f(void) {
    const char *s = "hello";
    log_line("one");
    log_line("two");
    fopen("data", "r");
}

// CSPA-EXACT
// CSPA: assign(&str@*, f::s)
// CSPA: dereference(&str@*, str@*)
// CSPA: dereference(&str@string_literals_merged.c:12:11, str@string_literals_merged.c:12:11)
// CSPA: dereference(&str@string_literals_merged.c:12:19, str@string_literals_merged.c:12:19)
