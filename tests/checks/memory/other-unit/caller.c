/* The pointers cross into another translation unit (release.c) as arguments. */
#include <stdio.h>
#include <stdlib.h>

void release(char *p);
void release_tail(char *p);
void close_stream(FILE *f);
void fill(int **out);

int main(void) {
    char buf[16];
    release(buf);
    release_tail(malloc(8));
    char *text = malloc(16);
    close_stream((FILE *)text);
    int *slot = NULL;
    fill(&slot);
    return slot != NULL;
}
