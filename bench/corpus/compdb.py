#!/usr/bin/env python3
"""Post-processing and checks of a compile_commands.json recorded by bear.

  compdb.py filter --root SRC [--drop-file GLOB]... [--drop-output REGEX]... IN OUT
      Keep the C translation units of IN (file ends in .c), minus the dropped ones, each
      source file once; write OUT. Prints what was dropped and why.
  compdb.py verify BUILD_DIR
      Check BUILD_DIR/compile_commands.json: a JSON list, at least one C translation
      unit, every listed file exists, no file listed twice. Prints `key<TAB>value` lines
      (tus, lines, bytes, missing, duplicates); exit status 1 when a check fails.

stdlib only (no PyPI here).
"""
import argparse
import fnmatch
import json
import os
import re
import sys


def entry_file(entry):
    """Absolute path of an entry's source file ("file" may be relative to "directory")."""
    return os.path.normpath(os.path.join(entry["directory"], entry["file"]))


def entry_output(entry):
    """Absolute path of the object file, or None (bear 3 records "output" when -o is given)."""
    out = entry.get("output")
    return os.path.normpath(os.path.join(entry["directory"], out)) if out else None


def relative(path, root):
    rel = os.path.relpath(path, root)
    return path if rel.startswith("..") else rel


# Arguments that mean "this call does not compile the file": bear 3.1 also records the
# driver's internal `clang -cc1` calls (made when clang forks its front end, e.g. for -MM or
# compile-and-link in one go), and `-E`/`-M`/`-MM` calls only preprocess or list headers
# (redis runs `cc -MM` over every file to make its dependencies).
NOT_COMPILING = {"-cc1", "-E", "-M", "-MM"}


def arguments(entry):
    if "arguments" in entry:
        return entry["arguments"]
    return entry.get("command", "").split()  # bear writes "arguments"; good enough otherwise


def load(path):
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    if not isinstance(data, list):
        raise ValueError(f"{path}: not a JSON list")
    return data


def cmd_filter(args):
    root = os.path.abspath(args.root)
    entries = load(args.input)
    drop_out = [re.compile(r) for r in args.drop_output]
    kept, seen = [], set()
    dropped = {"not compiling": 0, "not C": 0, "drop-file": 0, "drop-output": 0, "duplicate": 0}
    for e in entries:
        src = entry_file(e)
        rel = relative(src, root)
        if NOT_COMPILING.intersection(arguments(e)):
            dropped["not compiling"] += 1
            continue
        if not src.endswith(".c"):
            dropped["not C"] += 1  # assembler (.S), C++ ... : not for a C analysis
            continue
        if any(fnmatch.fnmatchcase(rel, g) for g in args.drop_file):
            dropped["drop-file"] += 1
            continue
        out = entry_output(e)
        if out and any(r.search(relative(out, root)) for r in drop_out):
            dropped["drop-output"] += 1
            continue
        if src in seen:
            # The same file compiled twice (e.g. libtool's PIC + non-PIC objects) would
            # put its symbols twice into the whole program: keep the first.
            dropped["duplicate"] += 1
            print(f"compdb: duplicate dropped: {rel} -> {out}", file=sys.stderr)
            continue
        seen.add(src)
        kept.append(e)
    tmp = args.output + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(kept, f, indent=2)
        f.write("\n")
    os.replace(tmp, args.output)  # atomic: a reader never sees half a file
    summary = ", ".join(f"{k}: {v}" for k, v in dropped.items())
    print(f"compdb: {len(entries)} entries recorded, {len(kept)} kept ({summary})")
    return 0


def count_lines(path):
    """Like `wc -l`: newline characters; also the byte count."""
    n, size = 0, 0
    with open(path, "rb") as f:
        while chunk := f.read(1 << 20):
            n += chunk.count(b"\n")
            size += len(chunk)
    return n, size


def cmd_verify(args):
    db = os.path.join(args.build_dir, "compile_commands.json")
    if not os.path.isfile(db):
        print(f"compdb: {db}: missing", file=sys.stderr)
        return 1
    try:
        entries = load(db)
    except (ValueError, json.JSONDecodeError) as err:
        print(f"compdb: {db}: not valid: {err}", file=sys.stderr)
        return 1
    files = [entry_file(e) for e in entries if entry_file(e).endswith(".c")]
    missing = [f for f in files if not os.path.isfile(f)]
    duplicates = len(files) - len(set(files))
    lines = size = 0
    for f in set(files) - set(missing):
        n, b = count_lines(f)
        lines += n
        size += b
    print(f"entries\t{len(entries)}")
    print(f"tus\t{len(set(files))}")
    print(f"lines\t{lines}")
    print(f"bytes\t{size}")
    print(f"missing\t{len(missing)}")
    print(f"duplicates\t{duplicates}")
    for f in missing[:20]:
        print(f"compdb: listed but missing: {f}", file=sys.stderr)
    ok = files and not missing and not duplicates
    if not files:
        print(f"compdb: {db}: no C translation units", file=sys.stderr)
    return 0 if ok else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("filter")
    f.add_argument("--root", required=True)
    f.add_argument("--drop-file", action="append", default=[])
    f.add_argument("--drop-output", action="append", default=[])
    f.add_argument("input")
    f.add_argument("output")
    v = sub.add_parser("verify")
    v.add_argument("build_dir")
    args = ap.parse_args()
    return cmd_filter(args) if args.cmd == "filter" else cmd_verify(args)


if __name__ == "__main__":
    sys.exit(main())
