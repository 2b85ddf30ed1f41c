char *g_input;
char *g_output;
static char in_storage[128];
static char out_storage[128];

void setup(char *in, char *out) {
    g_input = in;
    g_output = out;
}

int main(void) {
    setup(in_storage, out_storage);
    return 0;
}
