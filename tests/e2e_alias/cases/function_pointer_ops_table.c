// A global "ops" table of function pointers, as in many C code bases.
#include "alias_assert.h"
struct ops {
    void *(*open)(void *arg);
    void (*close)(void *handle);
};
int storage, unrelated;
static void *file_open(void *arg) { return arg; }
static void file_close(void *handle) { }
static const struct ops file_ops = {file_open, file_close};
static void *run(const struct ops *ops, void *arg) { return ops->open(arg); }
int main(void) {
    void *h = run(&file_ops, &storage);
    file_ops.close(h);
    MAYALIAS(h, &storage);
    NOALIAS(h, &unrelated);
    return 0;
}
