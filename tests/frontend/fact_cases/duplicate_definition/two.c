int *g2;
void set(int *p) { g2 = p; }
