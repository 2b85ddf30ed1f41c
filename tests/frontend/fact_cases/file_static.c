// A file-static global is named after its file.
static int *cache;
static int value;
void set(void) { cache = &value; }

// CSPA-EXACT
// CSPA: assign(&file_static.c::value, file_static.c::cache)
// CSPA: dereference(&file_static.c::value, file_static.c::value)
// NODE: file_static.c::cache static
