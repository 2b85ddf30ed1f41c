/* The twin of other-unit: heap memory, the block's start, the matching release, a static. */
#include <stdio.h>
#include <stdlib.h>

void release(char *p);
void release_tail(char *p);
void close_stream(FILE *f);
void fill(int **out);

int main(void) {
    release(malloc(16));
    release_tail(malloc(8));
    close_stream(fopen("log.txt", "r"));
    int *slot = NULL;
    fill(&slot);
    return slot != NULL;
}
