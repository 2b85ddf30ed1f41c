/* The other tool: fills lib_in from lib_out. */
void lib_set_target(char *t);
void lib_fill(const char *src);
extern char lib_in[64];
extern char lib_out[64];

int main(void) {
    lib_set_target(lib_in);
    lib_fill(lib_out);
    return 0;
}
