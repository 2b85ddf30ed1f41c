#!/usr/bin/env python3
"""The recall of the memory checks on the flow-shape programs of this folder, as a markdown
table for docs/PRECISION.md: per shape (a folder) and check, the level each bug is reported
at (`expect:` tags of the bad programs, which the end-to-end tests assert) or `missed` (a
`missed:` tag, which they assert is not reported).

usage: recall_table.py [FOLDER]   (default: the folder of this script)
"""
import os
import re
import sys

CHECKS = ["free-nonheap", "free-offset", "mismatched-release", "stack-address-escape"]
TAG = re.compile(r"(expect|missed):\s*([a-z-]+)(?:\s+(error|warning|note))?")


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    rows = []
    totals = {check: [0, 0] for check in CHECKS}  # found, bugs
    for shape in sorted(d for d in os.listdir(root) if os.path.isdir(os.path.join(root, d))):
        cells = {check: [] for check in CHECKS}
        folder = os.path.join(root, shape)
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".c") or name == "fixed.c" or "fixed" in shape:
                continue
            with open(os.path.join(folder, name)) as f:
                for line in f:
                    for kind, rule, level in TAG.findall(line):
                        if rule not in cells:
                            continue
                        cells[rule].append(level if kind == "expect" else "missed")
                        totals[rule][1] += 1
                        totals[rule][0] += kind == "expect"
        if any(cells.values()):
            rows.append((shape, cells))
    print("| flow shape | " + " | ".join(f"`{c}`" for c in CHECKS) + " |")
    print("|---" * (len(CHECKS) + 1) + "|")
    for shape, cells in rows:
        print(f"| {shape} | " + " | ".join(", ".join(cells[c]) or "–" for c in CHECKS) + " |")
    print("| found / bugs | " + " | ".join(f"{totals[c][0]} / {totals[c][1]}" for c in CHECKS) + " |")


if __name__ == "__main__":
    main()
