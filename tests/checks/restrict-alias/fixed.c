#include <stdio.h>

void scale(int n, int *restrict out, const int *restrict in) {
    for (int i = 0; i < n; ++i) out[i] = 2 * in[i];
}

static int data[8];
static int doubled[8];
static char line[64];
static char shout[72];

int main(void) {
    int *alias = data;
    scale(8, doubled, alias);
    char *text = line;
    snprintf(shout, sizeof shout, "%s!", text);
    return 0;
}
