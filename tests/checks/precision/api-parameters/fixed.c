/* Functions nothing in the program calls (a library's API): each pointer parameter points to
 * an object of its caller's; two parameters are not one object, and an empty points-to set
 * never makes a "must". */
#include <stddef.h>
#include <string.h>
#include "alias_assert.h"

void api_copy(char *dst, const char *src, size_t n) {
    memcpy(dst, src, n);
    NOALIAS(dst, (void *)src);
}

void api_append(char *line, const char *word) {
    strcat(line, word);
}

void api_offset(char *p) {
    char *q = p + 1;
    MAYALIAS(p, q);
    MUSTALIAS(p, p);
}
