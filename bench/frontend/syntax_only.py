#!/usr/bin/env python3
"""Baseline for the frontend benchmark: runs `clang -fsyntax-only` on every C entry of a
compilation database, N at a time, and prints the wall time in seconds.

    syntax_only.py COMPILE_COMMANDS_JSON [-j N] [--clang clang-14]

Each command is adjusted the way galias adjusts it (frontend/tu_runner.cpp): output and
dependency-file flags removed, -c replaced by -fsyntax-only, warnings off. C++ entries and
repeated files are skipped, as galias skips them.
"""
import argparse, json, os, shlex, subprocess, sys, time
from concurrent.futures import ThreadPoolExecutor

CXX_EXTENSIONS = {".cc", ".cpp", ".cxx", ".C", ".c++", ".cp", ".CPP", ".m", ".mm", ".cu", ".hpp"}

def adjusted(entry, clang):
    args = entry["arguments"] if "arguments" in entry else shlex.split(entry["command"])
    out, skip = [clang], False
    for a in args[1:]:
        if skip:
            skip = False
            continue
        if a in ("-o", "-MF", "-MT", "-MQ"):
            skip = True
            continue
        if a in ("-c", "-S", "-E", "-M", "-MM", "-MD", "-MMD", "-MP", "-MG") or a.startswith("-o"):
            continue
        out.append(a)
    return out + ["-fsyntax-only", "-w"]

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("database")
    ap.add_argument("-j", type=int, default=os.cpu_count())
    ap.add_argument("--clang", default="clang-14")
    opts = ap.parse_args()
    entries, seen = [], set()
    for e in json.load(open(opts.database)):
        path = os.path.normpath(os.path.join(e["directory"], e["file"]))
        if os.path.splitext(path)[1] in CXX_EXTENSIONS or path in seen:
            continue
        seen.add(path)
        entries.append(e)
    failures = 0
    def run(e):
        return subprocess.run(adjusted(e, opts.clang), cwd=e["directory"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL).returncode
    start = time.monotonic()
    with ThreadPoolExecutor(max_workers=opts.j) as pool:
        failures = sum(1 for rc in pool.map(run, entries) if rc != 0)
    elapsed = time.monotonic() - start
    print(f"{elapsed:.2f}\t{len(entries)}\t{failures}")

if __name__ == "__main__":
    sys.exit(main())
