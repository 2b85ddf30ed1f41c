/* A local array of a recursive function and the function's parameter: in the recursive call
 * the parameter points into the caller's array, another activation's, never into the array
 * of the running call, which did not exist when the parameter got its value. */
#include <stdio.h>
#include <string.h>
#include "alias_assert.h"

size_t read_header(const char *header, size_t size) {
    if (size < 8) {
        char buffer[8] = {0};
        memcpy(buffer, header, size);
        NOALIAS(buffer, header);
        return read_header(buffer, sizeof buffer);
    }
    return (size_t)header[0];
}

int walk(const char *dir, int depth) {
    char path[64];
    snprintf(path, sizeof path, "%s/%d", dir, depth);
    if (depth > 0) return walk(path, depth - 1);
    return (int)strlen(path);
}

int main(void) {
    char header[4] = {1, 2, 3, 4};
    read_header(header, sizeof header);
    return walk("root", 2);
}
