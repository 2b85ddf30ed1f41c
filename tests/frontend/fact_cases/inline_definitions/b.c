#include "inline_header.h"
int *use_b(int *p) { return pick(p); }
