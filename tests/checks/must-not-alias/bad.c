char *g_input; /* expect: must-not-alias error */
char *g_output;
static char storage[128];

void setup(char *buf) {
    g_input = buf;
    g_output = buf;
}

int main(void) {
    setup(storage);
    return 0;
}
