/* The caller uses what release.c released: its summaries say what each function releases. */
#include <stdlib.h>

struct session {
    char *name;
};

void session_free(struct session *s);
void session_close(struct session *s, int keep);

int ended(struct session *s) {
    session_free(s);
    return s->name != NULL; /* expect: use-after-free error */
}

int maybe_closed(struct session *s, int keep) {
    session_close(s, keep);
    return s->name != NULL; /* expect: use-after-free note */
}

int renamed(struct session *s) {
    char *name = s->name;
    session_free(s);
    return name[0]; /* expect: use-after-free error */
}

int main(int argc, char **argv) {
    (void)argv;
    struct session *a = calloc(1, sizeof *a);
    struct session *b = calloc(1, sizeof *b);
    struct session *c = calloc(1, sizeof *c);
    return ended(a) + maybe_closed(b, argc) + renamed(c);
}
