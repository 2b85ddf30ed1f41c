#include "demo.h"

int main(int argc, char **argv) {
    (void)argv;
    copy_demo(argc);
    restrict_demo();
    filter_demo();
    assertions_demo();
    return 0;
}
