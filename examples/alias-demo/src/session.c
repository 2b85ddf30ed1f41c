#include <stdlib.h>
#include <string.h>

#include "demo.h"

struct session {
    char *name;
};

static struct session *session_open(const char *name) {
    struct session *s = calloc(1, sizeof *s);
    if (s) s->name = strdup(name);
    return s;
}

/* Releases the session: its name and itself. */
static void session_close(struct session *s) {
    free(s->name);
    free(s);
}

int session_demo(int argc, char **argv) {
    struct session *s = session_open(argc > 1 ? argv[1] : "guest");
    if (!s) return 0;
    session_close(s);
    int named = s->name != NULL; /* use-after-free: session_close released s */

    char *line = malloc(16);
    free(line);
    if (argc > 3) free(line);    /* double-free: line was released above */
    return named;
}
