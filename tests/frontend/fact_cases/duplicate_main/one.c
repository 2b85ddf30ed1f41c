// Two programs in one database, each with main: linked and analysed separately, so each main
// keeps its own body and no definition is merged.
int *g1;
int main(void) { static int a; g1 = &a; return 0; }

// CSPA-EXACT
// CSPA: assign(&main::a, g1)
// CSPA: assign(&main::b, g2)
// CSPA: dereference(&main::a, main::a)
// CSPA: dereference(&main::b, main::b)
// STAT: programs 2
// STAT: duplicate_definitions 0
// STAT: functions.defined 2
