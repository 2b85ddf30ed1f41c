// Two programs in one database, each with main: one function with both bodies, and a warning.
int *g1;
int main(void) { static int a; g1 = &a; return 0; }

// CSPA-EXACT
// CSPA: assign(&main::a, g1)
// CSPA: assign(&main::b, g2)
// CSPA: dereference(&main::a, main::a)
// CSPA: dereference(&main::b, main::b)
// STAT: duplicate_definitions 1
// STAT: functions.defined 1
