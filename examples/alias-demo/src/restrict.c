#include <stdio.h>

#include "demo.h"

static void scale(int n, int *restrict out, const int *restrict in) {
    for (int i = 0; i < n; ++i) out[i] = 2 * in[i];
}

static int samples[8] = {1, 2, 3, 4, 5, 6, 7, 8};
static int doubled[8];
static char line[64] = "status";

void restrict_demo(void) {
    int *view = samples;
    scale(8, samples, view);          /* restrict-alias: out and in are both `samples` */
    scale(8, doubled, view);          /* fine */

    char *text = line;
    sprintf(line, "%s!", text);       /* restrict-alias: the output is also an argument */
}
