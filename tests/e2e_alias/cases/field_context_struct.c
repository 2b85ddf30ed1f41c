// The motivating pattern of real C code: a context struct handed from function to
// function. Its fields hold different things, and the field model keeps them apart
// wherever the context pointer goes.
#include <stdlib.h>
#include "alias_assert.h"
struct state { char *input; char *output; struct state *parent; };
static void set_input(struct state *s, char *in) { s->input = in; }
static void set_output(struct state *s, char *out) { s->output = out; }
static char *input_of(struct state *s) { return s->input; }
static char *output_of(struct state *s) { return s->output; }
int main(void) {
    char in[8], out[8];
    struct state *s = calloc(1, sizeof *s);
    struct state *child = calloc(1, sizeof *child);
    child->parent = s;
    set_input(s, in);
    set_output(child, out);
    MAYALIAS(input_of(s), in);
    MAYALIAS(output_of(child), out);
    NOALIAS(input_of(s), output_of(s));
    NOALIAS(input_of(child->parent), out);
    MAYALIAS(child->parent, s);
    NOALIAS(child->parent, child);
    return 0;
}
