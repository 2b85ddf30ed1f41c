#!/usr/bin/env python3
"""The recall of use-after-free and double-free on their flow-shape programs, as a markdown
table for docs/PRECISION.md: one row per bug of the bad programs (each function with an
`expect:` or `missed:` tag, which the end-to-end tests assert), with the level it is
reported at. Each bad program's twin (fixed.c, or the correct functions of the same
database) gives no finding of these checks; the end-to-end tests assert that too.

usage: release_order_recall.py [CHECKS_FOLDER]   (default: the folder of this script)
"""
import os
import re
import sys

CASES = ["use-after-free", "use-after-free-units", "double-free"]
TAG = re.compile(r"(expect|missed):\s*(use-after-free|double-free)(?:\s+(error|warning|note))?")
FUNCTION = re.compile(r"^[a-z][\w\s\*]*?\b(\w+)\s*\([^;]*\)\s*\{\s*$")


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    rows = []
    for case in CASES:
        folder = os.path.join(root, case)
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".c") or name == "fixed.c":
                continue
            function = "-"
            with open(os.path.join(folder, name)) as f:
                for number, line in enumerate(f, 1):
                    if (m := FUNCTION.match(line)) is not None:
                        function = m.group(1)
                    for kind, rule, level in TAG.findall(line):
                        found = level if kind == "expect" else "missed"
                        rows.append((case, f"{name}:{number}", function, rule, found))
    print("| case | place | function (the shape) | check | reported as |")
    print("|---|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(f"`{c}`" if i == 2 else c for i, c in enumerate(row)) + " |")
    found = sum(r[4] != "missed" for r in rows)
    print(f"\n{found} of {len(rows)} bugs reported.")


if __name__ == "__main__":
    main()
