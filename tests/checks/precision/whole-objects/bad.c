/* Two pointers that may both point into one variable. When every access through either
 * covers the whole variable (a one-byte buffer; a scalar copied whole), two accesses that
 * meet there both start at its first byte: they overlap only as a copy onto itself, weak
 * evidence, a note. When an access may cover part of it, they may meet partly: a warning. */
#include <string.h>
#include "alias_assert.h"

/* zlib's gz_read: a cursor that earlier calls may have left in the caller's buffer. */
struct reader {
    char *next;
    unsigned have;
};

void read_bytes(struct reader *r, char *buf, unsigned len) {
    if (r->have != 0) {
        memcpy(buf, r->next, len < r->have ? len : r->have); /* expect: overlapping-copy note */
        MAYALIAS(buf, r->next);
    } else {
        r->next = buf; /* the caller's buffer, only until it is filled */
        r->have = 0;
    }
}

/* A scalar copied whole, through two pointers that may both point to it. */
void copy_long(long *dst, const long *src) {
    memcpy(dst, src, sizeof *dst); /* expect: overlapping-copy note */
}

/* Two bytes of a four-byte int: the accesses may meet partly. */
void copy_half(char *dst, const char *src) {
    memcpy(dst, src, 2); /* expect: overlapping-copy warning */
}

/* restrict parameters that may both point to one byte: they alias only as one address. */
void fill(char *restrict dst, const char *restrict src) {
    *dst = *src;
}

void pass_bytes(char *p, const char *q) {
    fill(p, q); /* expect: restrict-alias note */
}

int main(void) {
    static char storage[16];
    struct reader r = {storage, 16};
    char byte[1];
    read_bytes(&r, byte, 1);
    long value = 7;
    copy_long(&value, &value);
    int word = 0x01020304;
    copy_half((char *)&word, (char *)&word + 1);
    char flag[1] = {0};
    pass_bytes(flag, flag);
    return 0;
}
