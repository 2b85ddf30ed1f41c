#include <string.h>

#include "demo.h"

static char message[64] = "hello, aliasing world";
static char spare[64];

void copy_demo(int argc) {
    char *tail = message;
    memcpy(message, tail, 16);        /* overlapping-copy: error, both are `message` */

    char *from = argc > 1 ? message : spare;
    strcpy(message, from);            /* overlapping-copy: warning, `from` may be `message` */

    memmove(message, tail, 16);       /* fine: memmove allows overlap */
    strcpy(spare, message);           /* fine: distinct buffers */
}
