int *shared;
int value;
void set_shared(void) { shared = &value; }
