// Under --field-model=variables, strcpy and strcat copy pointees like memcpy (whatever the
// types); strchr returns (a pointer into) its argument.
// RUN: --field-model=variables
char *strcpy(char *d, const char *s);
char *strcat(char *d, const char *s);
char *strchr(const char *s, int c);
void f(char *d, char *s) {
    char *r = strcpy(d, s);
    strcat(d, s);
    char *c = strchr(s, 'x');
}

// CSPA-EXACT
// CSPA: assign(*f::s, *f::d)
// CSPA: assign(f::$call@8:15, f::r)
// CSPA: assign(f::$call@10:15, f::c)
// CSPA: assign(f::d, f::$call@8:15)
// CSPA: assign(f::s, f::$call@10:15)
// CSPA: dereference(f::d, *f::d)
// CSPA: dereference(f::s, *f::s)
