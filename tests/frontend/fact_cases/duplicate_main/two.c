int *g2;
int main(void) { static int b; g2 = &b; return 0; }
