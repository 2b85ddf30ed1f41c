#!/usr/bin/env python3
"""The largest files and the longest functions of the product code (frontend, facts,
analyses, gpu_engine, reports, pipeline, tools), for docs/BENCHMARKS.md "Code structure".

    bench/structure/sizes.py [--root DIR] [--over N] [--files K]

Files: lines of each .cpp/.hpp/.cu/.cuh file, the K largest. Functions: a definition is a
line at column 0 that ends with `{` and follows a parameter list, and its body ends at the
next `}` at column 0 (the repository's formatting, .clang-format); the body's lines are
counted, lambdas included. Nested definitions (member functions inside a class body) are
not seen: clang-tidy's readability-function-size, which scripts/lint.sh runs with a limit
of 100 lines, is the exact count. The point of this script is a count that also runs on an
old commit, without a build.
"""
import argparse
import os
import re

PRODUCT = ("frontend", "facts", "analyses", "gpu_engine", "reports", "pipeline", "tools")
SOURCE = (".cpp", ".hpp", ".cu", ".cuh")
NOT_A_FUNCTION = re.compile(r"(namespace|struct|class|enum|extern|union)\b")
CLOSES_PARAMETERS = re.compile(r"\)[^()]*\{\s*$")  # `...) const {`, not `kName{Info{`


def product_files(root):
    for folder in PRODUCT:
        for directory, _, names in os.walk(os.path.join(root, folder)):
            for name in names:
                if name.endswith(SOURCE):
                    yield os.path.join(directory, name)


def functions(lines):
    """(body lines, line number, name) of each definition whose signature starts at column 0."""
    i = 0
    while i < len(lines):
        line = lines[i]
        if line and not line[0].isspace() and "(" in line and not NOT_A_FUNCTION.match(line) \
                and not line.startswith(("}", "#", "//")) and "=" not in line.split("(")[0]:
            # The signature may go on for a few lines; the body opens where it closes.
            opening = None
            for j in range(i, min(i + 8, len(lines))):
                if CLOSES_PARAMETERS.search(lines[j]):
                    opening = j
                    break
                if lines[j].rstrip().endswith((";", "}")):
                    break
            if opening is not None:
                end = opening + 1
                while end < len(lines) and not lines[end].startswith("}"):
                    end += 1
                words = line.split("(")[0].split()
                yield end - opening - 1, i + 1, words[-1] if words else line.strip()
                i = end
        i += 1


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--root", default=os.path.join(os.path.dirname(__file__), "..", ".."))
    parser.add_argument("--over", type=int, default=100, help="list functions longer than this")
    parser.add_argument("--files", type=int, default=5, help="how many of the largest files")
    args = parser.parse_args()
    sizes, longest = [], []
    for path in product_files(args.root):
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read().split("\n")
        relative = os.path.relpath(path, args.root)
        sizes.append((len(lines) - 1, relative))
        longest += [(n, relative, at, name) for n, at, name in functions(lines)]
    print("largest files (lines):")
    for n, path in sorted(sizes, reverse=True)[:args.files]:
        print(f"  {n:6}  {path}")
    over = [f for f in sorted(longest, reverse=True) if f[0] > args.over]
    print(f"functions over {args.over} lines: {len(over)}")
    for n, path, at, name in over:
        print(f"  {n:6}  {path}:{at}  {name}")
    if longest:
        n, path, at, name = max(longest)
        print(f"longest: {n} lines, {path}:{at} {name}")


if __name__ == "__main__":
    main()
