/* A library that two tools link (tool_a.c, tool_b.c), compiled a second time with WITH_SHIFT
 * for another program (units.json). Each program is analysed on its own: the tools set the
 * library's target to different buffers, which meet only if the two were one program. Each
 * flag set is analysed: lib_shift exists only in the second. */
#include <string.h>
#include "alias_assert.h"

char lib_in[64];
char lib_out[64];
static char *target;

void lib_set_target(char *t) {
    target = t;
}

void lib_fill(const char *src) {
    NOALIAS(target, (void *)src);
    memcpy(target, src, 16);
}

#ifdef WITH_SHIFT
void lib_shift(void) {
    memcpy(lib_in + 4, lib_in, 16); /* expect: overlapping-copy error */
}
#endif
