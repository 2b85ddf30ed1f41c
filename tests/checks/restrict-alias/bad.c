#include <stdio.h>

void scale(int n, int *restrict out, const int *restrict in) {
    for (int i = 0; i < n; ++i) out[i] = 2 * in[i];
}

static int data[8];
static char line[64];

int main(void) {
    int *alias = data;
    scale(8, data, alias); /* expect: restrict-alias error */
    char *text = line;
    sprintf(line, "%s!", text); /* expect: restrict-alias error */
    return 0;
}
