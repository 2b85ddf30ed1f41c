// One program (no file compiled twice, one main) in which two units define `set`: the
// definitions are analysed as one function with both bodies, and a warning says so.
int *g1;
void set(int *p) { g1 = p; }
int main(void) { static int a; set(&a); return 0; }

// CSPA: assign(set::p#1, g1)
// CSPA: assign(set::p#1, g2)
// STAT: programs 1
// STAT: duplicate_definitions 1
