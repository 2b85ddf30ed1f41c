static int *stored;
int *pass_through(int *p) { return p; }
void registry_put(int *p) { stored = p; }
int *registry_get(void) { return stored; }
