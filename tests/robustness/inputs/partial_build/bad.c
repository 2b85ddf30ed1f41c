#include "shared.h"
int broken(void) { return undeclared_variable; }
