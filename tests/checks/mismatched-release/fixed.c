/* The good examples of docs/checks/mismatched-release.md. */
#define _POSIX_C_SOURCE 200112L
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>

void read_config(const char *path) {
    FILE *f = fopen(path, "r");
    if (f) fclose(f);
}

void resolve(const char *host) {
    struct addrinfo hints = {0};
    struct addrinfo *list = NULL;
    if (getaddrinfo(host, "80", &hints, &list) == 0) freeaddrinfo(list);
}

int main(void) {
    read_config("galias.toml");
    resolve("localhost");
    return 0;
}
