#include <stdlib.h>
#include <string.h>

#include "demo.h"

static const char *g_visitor;

static char *visitor_name(int argc, char **argv) {
    char *name = "guest";
    if (argc > 2) {
        name = malloc(strlen(argv[2]) + 1);
        if (name) strcpy(name, argv[2]);
    }
    return name;
}

void memory_demo(int argc, char **argv) {
    char *name = visitor_name(argc, argv);
    free(name);                       /* free-nonheap: `name` may be the string literal "guest" */

    char greeting[32] = "welcome";
    g_visitor = greeting;             /* stack-address-escape: still there when memory_demo returns */
}
