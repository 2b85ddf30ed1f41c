/* Release functions of another translation unit, called from caller.c. */
#include <stdlib.h>

struct session {
    char *name;
};

void session_free(struct session *s) {
    free(s->name);
    free(s);
}

void session_close(struct session *s, int keep) {
    if (!keep) free(s);
}
