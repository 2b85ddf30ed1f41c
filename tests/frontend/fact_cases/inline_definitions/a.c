// A header's inline-only definition (GNU extern inline, as glibc writes atoi) appears in
// every unit that includes it: one function, no duplicate-definition warning; and a unit
// that does not call it drops its copy.
#include "inline_header.h"
int *use_a(int *p) { return pick(p); }
// STAT: duplicate_definitions 0
// STAT: functions.defined 3
// STAT: functions.unused_static_dropped 1
// NODE: pick::p#1 param
