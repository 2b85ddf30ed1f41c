#include "demo.h"

char *g_input;
char *g_output;
static char shared_buffer[128];
static char out_buffer[128];

static void setup(char *in, char *out) {
    g_input = in;
    g_output = out;
}

static void run_filter(void) {
    for (int i = 0; i < 127 && g_input[i]; ++i) g_output[i] = (char)(g_input[i] ^ 0x20);
}

void filter_demo(void) {
    setup(shared_buffer, out_buffer); /* fine */
    setup(shared_buffer, shared_buffer); /* must-not-alias: g_input and g_output now alias */
    run_filter();
}
