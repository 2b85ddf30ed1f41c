#include "inline_header.h"
int nothing_here;
