#!/usr/bin/env python3
"""Post-processing and checks of a compile_commands.json recorded by bear.

  compdb.py filter --root SRC [--drop-file GLOB]... [--drop-output REGEX]...
                   [--keep-variants] IN OUT
      Keep the C translation units of IN (file ends in .c), minus the dropped ones, each
      source file once; write OUT. Prints what was dropped and why. --keep-variants (a
      database of several programs): a file compiled again with other flags (a shared
      and a static library, a test program built against each) is kept once per flag
      set; only a compile with the same flags apart from the output names is dropped.
  compdb.py verify [--allow-variants] BUILD_DIR
      Check BUILD_DIR/compile_commands.json: a JSON list, at least one C translation
      unit, every listed file exists, no file listed twice (--allow-variants: no file
      listed twice with the same flags). Prints `key<TAB>value` lines (entries, tus,
      files, lines, bytes, missing, duplicates, variants); exit status 1 when a check
      fails. tus: C compile commands; files: distinct C files (lines and bytes are theirs).

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


# Arguments that only name outputs (the object, dependency files): two compiles of a file
# that differ only in these are the same code. Each is followed by its value.
OUTPUT_ARGS = {"-o", "-MF", "-MT", "-MQ"}
OUTPUT_FLAGS = {"-MD", "-MMD", "-MP"}


def flag_set(entry):
    """The arguments of an entry that decide the code it compiles: without the compiler,
    the source file, the output and dependency-file names."""
    src = entry_file(entry)
    args, out, skip = arguments(entry)[1:], [], False
    for a in args:
        if skip:
            skip = False
            continue
        if a in OUTPUT_ARGS:
            skip = True
            continue
        if a in OUTPUT_FLAGS or any(a.startswith(o) and len(a) > len(o) for o in OUTPUT_ARGS):
            continue
        if os.path.normpath(os.path.join(entry["directory"], a)) == src:
            continue
        out.append(a)
    return tuple(out)


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
    kept, seen, seen_flags = [], set(), set()
    variants = 0
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
        key = (src, flag_set(e))
        if src in seen and (not args.keep_variants or key in seen_flags):
            # The same file compiled twice (e.g. libtool's PIC + non-PIC objects) would
            # put its symbols twice into the whole program: keep the first. With
            # --keep-variants only a compile with the same flags is a duplicate.
            dropped["duplicate"] += 1
            print(f"compdb: duplicate dropped: {rel} -> {out}", file=sys.stderr)
            continue
        if src in seen:
            variants += 1
        seen.add(src)
        seen_flags.add(key)
        kept.append(e)
    tmp = args.output + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(kept, f, indent=2)
        f.write("\n")
    os.replace(tmp, args.output)  # atomic: a reader never sees half a file
    summary = ", ".join(f"{k}: {v}" for k, v in dropped.items())
    if args.keep_variants:
        summary += f"; kept as variants (other flags): {variants}"
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
    c_entries = [e for e in entries if entry_file(e).endswith(".c")]
    files = [entry_file(e) for e in c_entries]
    missing = [f for f in files if not os.path.isfile(f)]
    # A file listed again with the same flags is a duplicate (its symbols would be in the
    # program twice); with other flags, a variant (another program's build of it).
    keys = [(entry_file(e), flag_set(e)) for e in c_entries]
    duplicates = len(keys) - len(set(keys))
    variants = len(set(keys)) - len(set(files))
    lines = size = 0
    for f in set(files) - set(missing):
        n, b = count_lines(f)
        lines += n
        size += b
    print(f"entries\t{len(entries)}")
    print(f"tus\t{len(set(keys))}")
    print(f"files\t{len(set(files))}")
    print(f"lines\t{lines}")
    print(f"bytes\t{size}")
    print(f"missing\t{len(missing)}")
    print(f"duplicates\t{duplicates}")
    print(f"variants\t{variants}")
    for f in missing[:20]:
        print(f"compdb: listed but missing: {f}", file=sys.stderr)
    if duplicates:
        print(f"compdb: {db}: {duplicates} file(s) listed twice with the same flags",
              file=sys.stderr)
    if variants and not args.allow_variants:
        print(f"compdb: {db}: {variants} file(s) listed again with other flags "
              "(a database of several programs: verify --allow-variants)", file=sys.stderr)
    ok = files and not missing and not duplicates and (args.allow_variants or not variants)
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
    f.add_argument("--keep-variants", action="store_true")
    f.add_argument("input")
    f.add_argument("output")
    v = sub.add_parser("verify")
    v.add_argument("--allow-variants", action="store_true")
    v.add_argument("build_dir")
    args = ap.parse_args()
    return cmd_filter(args) if args.cmd == "filter" else cmd_verify(args)


if __name__ == "__main__":
    sys.exit(main())
