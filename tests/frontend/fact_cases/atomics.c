// __atomic_store_n / __atomic_load_n move pointers through their first argument.
void f(int **slot) {
    int x;
    __atomic_store_n(slot, &x, __ATOMIC_SEQ_CST);
    int *v = __atomic_load_n(slot, __ATOMIC_SEQ_CST);
}

// CSPA-EXACT
// CSPA: assign(&f::x, *f::slot)
// CSPA: assign(*f::slot, f::v)
// CSPA: dereference(&f::x, f::x)
// CSPA: dereference(f::slot, *f::slot)
