/* The examples of docs/checks/mismatched-release.md. */
#define _POSIX_C_SOURCE 200112L
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>

void read_config(const char *path) {
    FILE *f = fopen(path, "r");
    free(f); /* expect: mismatched-release error */
}

void resolve(const char *host) {
    struct addrinfo hints = {0};
    struct addrinfo *list = NULL;
    if (getaddrinfo(host, "80", &hints, &list) == 0) free(list); /* expect: mismatched-release warning */
}

int main(void) {
    read_config("galias.toml");
    resolve("localhost");
    return 0;
}
