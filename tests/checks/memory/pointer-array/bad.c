/* The pointer is kept in an array of pointers. */
#include <stdio.h>
#include <stdlib.h>

static int *registry[4];

void release_all(int n) {
    char inline_name[16];
    char *names[4];
    names[0] = malloc(16);
    names[1] = inline_name;
    for (int i = 0; i < n; ++i) free(names[i]); /* expect: free-nonheap warning */
}

void close_all(int n) {
    FILE *files[2];
    files[0] = fopen("a.txt", "r");
    files[1] = fopen("b.txt", "r");
    for (int i = 0; i < n; ++i) free(files[i]); /* expect: mismatched-release warning */
}

void release_slot(int n) {
    char *slots[2];
    slots[0] = malloc(16);
    slots[1] = slots[0] + 4;
    free(slots[n]); /* missed: free-offset */
}

void enrol(int slot) {
    int ticket = slot;
    registry[slot] = &ticket; /* expect: stack-address-escape warning */
}

int main(int argc, char **argv) {
    (void)argv;
    release_all(argc);
    close_all(argc);
    release_slot(argc);
    enrol(argc);
    return 0;
}
