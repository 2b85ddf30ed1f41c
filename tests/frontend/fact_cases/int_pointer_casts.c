// Integers are not tracked: pointer <-> integer casts are reported (null constants are not).
void f(int *p) {
    long bits = (long)p;
    int *q = (int *)bits;
    int *z = (int *)0;
}
// UNMODELLED: int-to-pointer-cast 1
// UNMODELLED: pointer-to-int-cast 1
// STAT: cspa.assign 0
