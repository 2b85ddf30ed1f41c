int *shared;
static int *mine;
int *publish(int *p) { mine = p; return p; }
