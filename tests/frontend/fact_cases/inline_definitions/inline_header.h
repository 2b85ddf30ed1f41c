extern __inline __attribute__((__gnu_inline__)) int *pick(int *p) { return p; }
