/* One tool: fills lib_out from lib_in. */
void lib_set_target(char *t);
void lib_fill(const char *src);
extern char lib_in[64];
extern char lib_out[64];

int main(void) {
    lib_set_target(lib_out);
    lib_fill(lib_in);
    return 0;
}
