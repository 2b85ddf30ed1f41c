/* The twins of bad.c: every slot holds a block of the right family, released from its
   start, and the registry slot is cleared before the return. */
#include <stdio.h>
#include <stdlib.h>

static int *registry[4];
void use(void);

void release_all(int n) {
    char *names[4];
    names[0] = malloc(16);
    names[1] = malloc(16);
    for (int i = 0; i < n; ++i) free(names[i]);
}

void close_all(int n) {
    FILE *files[2];
    files[0] = fopen("a.txt", "r");
    files[1] = fopen("b.txt", "r");
    for (int i = 0; i < n; ++i) fclose(files[i]);
}

void release_slot(int n) {
    char *slots[2];
    slots[0] = malloc(16);
    slots[1] = malloc(16);
    free(slots[n]);
}

void enrol(int slot) {
    int ticket = slot;
    registry[0] = &ticket;
    use();
    registry[0] = NULL;
}

void use(void) {}

int main(int argc, char **argv) {
    (void)argv;
    release_all(argc);
    close_all(argc);
    release_slot(argc);
    enrol(argc);
    return 0;
}
