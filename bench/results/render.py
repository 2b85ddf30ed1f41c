#!/usr/bin/env python3
"""Markdown tables of docs/BENCHMARKS.md from the result files in bench/results/.

Each NAME.csv holds one benchmark: its own columns, then four provenance columns
(command, machine, commit, date). A provenance column with one value for every row is
printed once under the table; when rows differ in it, the table gets a "run" column and
each run's values are listed under the table. Integers of four or more digits get
thousands separators; empty cells print as "–".

    bench/results/render.py NAME...              print the tables of NAME.csv
    bench/results/render.py --check DOC          exit 1 if a table block in DOC is stale
    bench/results/render.py --update DOC         rewrite the table blocks of DOC

A table block in DOC is the text between the lines
    <!-- table: NAME (made by bench/results/render.py) -->
    <!-- end of table -->
"""
import csv
import difflib
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PROVENANCE = ["command", "machine", "commit", "date"]
BEGIN = re.compile(r"^<!-- table: (\S+) \(made by bench/results/render\.py\) -->$")
END = "<!-- end of table -->"


def cell(text):
    text = text.strip()
    if not text:
        return "–"
    if re.fullmatch(r"\d{4,}", text):
        return f"{int(text):,}"
    return text.replace("|", "\\|")


def provenance_value(column, value):
    value = value.strip() or "not recorded"
    return f"`{value}`" if column == "command" and value != "not recorded" else value


def render(name):
    with open(os.path.join(HERE, name + ".csv"), newline="") as f:
        reader = csv.DictReader(f)
        columns = [c for c in reader.fieldnames if c not in PROVENANCE]
        missing = [c for c in PROVENANCE if c not in reader.fieldnames]
        if missing:
            raise SystemExit(f"{name}.csv: no column {', '.join(missing)}")
        rows = list(reader)
    common = [c for c in PROVENANCE if len({r[c] for r in rows}) == 1]
    varying = [c for c in PROVENANCE if c not in common]
    runs = []  # distinct tuples of the varying provenance columns, in order of appearance
    for r in rows:
        key = tuple(r[c] for c in varying)
        if varying and key not in runs:
            runs.append(key)
    head = (["run"] if varying else []) + columns
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in rows:
        cells = [str(runs.index(tuple(r[c] for c in varying)) + 1)] if varying else []
        cells += [cell(r[c]) for c in columns]
        lines.append("| " + " | ".join(cells) + " |")
    lines.append("")
    for c in common:
        lines.append(f"- {c}: {provenance_value(c, rows[0][c])}")
    for i, key in enumerate(runs, 1):
        described = "; ".join(f"{c} {provenance_value(c, v)}" for c, v in zip(varying, key))
        lines.append(f"- run {i}: {described}")
    return "\n".join(lines) + "\n"


def blocks(doc_lines):
    """(name, first line index inside the block, index of the end line) of each block."""
    found, i = [], 0
    while i < len(doc_lines):
        m = BEGIN.match(doc_lines[i].rstrip("\n"))
        if m:
            j = i + 1
            while j < len(doc_lines) and doc_lines[j].rstrip("\n") != END:
                j += 1
            if j == len(doc_lines):
                raise SystemExit(f"table {m.group(1)}: no '{END}' line")
            found.append((m.group(1), i + 1, j))
            i = j
        i += 1
    return found


def check_or_update(doc, update):
    with open(doc) as f:
        lines = f.readlines()
    stale = 0
    used = set()
    for name, start, end in reversed(blocks(lines)):
        used.add(name)
        want = render(name).splitlines(keepends=True)
        have = lines[start:end]
        if have != want:
            stale += 1
            if update:
                lines[start:end] = want
            else:
                sys.stdout.writelines(difflib.unified_diff(have, want, f"{doc} ({name})", f"{name}.csv"))
    unused = sorted(f[:-4] for f in os.listdir(HERE) if f.endswith(".csv") and f[:-4] not in used)
    if update and stale:
        with open(doc, "w") as f:
            f.writelines(lines)
    for name in unused:
        print(f"{name}.csv: no table block in {doc}", file=sys.stderr)
    if not update:
        print(f"{doc}: {len(used)} tables, {stale} stale, {len(unused)} result files without a table",
              file=sys.stderr)
        return 1 if stale or unused else 0
    print(f"{doc}: {stale} of {len(used)} tables rewritten", file=sys.stderr)
    return 0


def main(argv):
    if len(argv) == 2 and argv[0] in ("--check", "--update"):
        return check_or_update(argv[1], argv[0] == "--update")
    if not argv or argv[0].startswith("-"):
        print(__doc__.strip())
        return 0 if argv and argv[0] in ("-h", "--help") else 2
    for name in argv:
        sys.stdout.write(render(name[:-4] if name.endswith(".csv") else name))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
