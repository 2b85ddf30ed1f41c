#include <string.h>
char buf[32];
char other[32];
char *g_in, *g_out;
void scale(char *restrict out, const char *restrict in);
int main(int argc, char **argv) {
    char *p = buf;
    char *q = p;
    char *r = argc > 1 ? buf : other;
    memcpy(p, q, 8);
    strcpy(other, r);
    scale(p, r);
    NOALIAS(p, q);
    g_in = p;
    g_out = q;
    return 0;
}
