#!/usr/bin/env python3
"""Writes a generated C program of about LINES lines (functions of about 100 lines each)
and its compile_commands.json into DIR, for measuring how the frontend scales
(docs/FRONTEND.md, "Complexity of the pre-analysis").

    generate_program.py DIR LINES [--function-pointers] [--files N]

Each function has pointer parameters, locals whose addresses are taken, copies, loads,
stores, heap allocations, globals, struct fields, and calls to the functions written
before it (so the call graph is a DAG with shared callees, as in real code). With
--function-pointers every tenth function also stores a function's address in a global
table and calls through it. The output is deterministic.
"""
import argparse
import json
import os
import random

FUNCTION_LINES = 100


def function(index, with_pointers, rng):
    """The text of function f<index>: about FUNCTION_LINES lines."""
    lines = [f"int *f{index}(int *a, int *b, struct node *n) {{",
             "    int x = 0, y = 1;",
             "    int *p = &x, *q = &y, *r = a;",
             "    struct node local;",
             "    local.value = b;",
             "    local.next = n;"]
    while len(lines) < FUNCTION_LINES - 4:
        kind = rng.randrange(9)
        g = rng.randrange(GLOBALS)
        if kind == 0:
            lines.append(f"    p = q; q = r; r = &g{g};")
        elif kind == 1:
            lines.append("    *p = *q + 1;")
        elif kind == 2:
            lines.append("    if (n != 0) r = n->value;")
        elif kind == 3:
            lines.append("    n = (struct node *)malloc(sizeof(struct node)); n->value = p; n->next = &local;")
        elif kind == 4 and index > 0:
            callee = rng.randrange(max(0, index - 20), index)
            lines.append(f"    r = f{callee}(p, q, n);")
        elif kind == 5:
            lines.append(f"    gp{g} = r;")
        elif kind == 6:
            lines.append(f"    q = gp{g} ? gp{g} : q;")
        elif kind == 7:
            lines.append("    local.value = *(&p);")
        else:
            lines.append("    x = x + y;")
    if with_pointers and index % 10 == 0:
        lines.append(f"    table[{index % TABLE}] = f{max(0, index - 1)};")
        lines.append(f"    r = table[{(index * 7) % TABLE}](p, q, n);")
    lines.append("    *r = x + y;")
    lines.append("    return rng_pick(p, q, r);")
    lines.append("}")
    lines.append("")
    return lines


GLOBALS = 64
TABLE = 16


def header(with_pointers):
    out = ["#include <stdlib.h>", "",
           "struct node { int *value; struct node *next; };", ""]
    out += [f"extern int g{i};" for i in range(GLOBALS)]
    out += [f"extern int *gp{i};" for i in range(GLOBALS)]
    out.append("static inline int *rng_pick(int *a, int *b, int *c) { return a ? a : b ? b : c; }")
    if with_pointers:
        out.append(f"extern int *(*table[{TABLE}])(int *, int *, struct node *);")
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dir")
    parser.add_argument("lines", type=int)
    parser.add_argument("--function-pointers", action="store_true")
    parser.add_argument("--files", type=int, default=8)
    args = parser.parse_args()
    rng = random.Random(27)
    functions = max(1, args.lines // FUNCTION_LINES)
    os.makedirs(args.dir, exist_ok=True)
    common = header(args.function_pointers)
    with open(os.path.join(args.dir, "program.h"), "w") as f:
        f.write("\n".join(common) + "\n")
        f.write("".join(f"int *f{i}(int *a, int *b, struct node *n);\n" for i in range(functions)))
    entries = []
    per_file = (functions + args.files - 1) // args.files
    for k in range(args.files):
        name = f"part{k}.c"
        text = ['#include "program.h"', ""]
        if k == 0:
            text += [f"int g{i};" for i in range(GLOBALS)]
            text += [f"int *gp{i};" for i in range(GLOBALS)]
            if args.function_pointers:
                text.append(f"int *(*table[{TABLE}])(int *, int *, struct node *);")
            text.append("")
        for i in range(k * per_file, min(functions, (k + 1) * per_file)):
            text += function(i, args.function_pointers, rng)
        if k == 0:
            text.append(f"int main(void) {{ int v = 0; return *f{functions - 1}(&v, &v, 0); }}")
        with open(os.path.join(args.dir, name), "w") as f:
            f.write("\n".join(text) + "\n")
        entries.append({"directory": os.path.abspath(args.dir), "file": name,
                        "arguments": ["cc", "-c", name]})
    with open(os.path.join(args.dir, "compile_commands.json"), "w") as f:
        json.dump(entries, f, indent=1)


if __name__ == "__main__":
    main()
