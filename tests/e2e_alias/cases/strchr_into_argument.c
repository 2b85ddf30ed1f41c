#include <string.h>
#include "alias_assert.h"
int main(void) {
    char text[] = "a,b";
    char other[] = "c";
    char *comma = strchr(text, ',');
    MAYALIAS(comma, text);
    NOALIAS(comma, other);
    return 0;
}
