#include "demo.h"

int main(int argc, char **argv) {
    copy_demo(argc);
    restrict_demo();
    filter_demo();
    assertions_demo();
    memory_demo(argc, argv);
    session_demo(argc, argv);
    return 0;
}
