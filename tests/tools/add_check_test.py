#!/usr/bin/env python3
"""scripts/add_check.py on a copy of the files it edits: it writes every file a check needs,
keeps the registry and the source lists sorted, writes code that compiles, and refuses an id
that exists or is not kebab-case without touching anything.

usage: add_check_test.py REPOSITORY CXX
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

REPO, CXX = sys.argv[1], sys.argv[2]
SCRIPT = os.path.join(REPO, "scripts", "add_check.py")
EDITED = ["reports/checks/check_registry.cpp", "reports/CMakeLists.txt", "tests/checks/CMakeLists.txt",
          "docs/CHECKS.md"]
FAILURES = []


def check(name, condition, detail=""):
    print(("ok   " if condition else "FAIL ") + name)
    if not condition:
        FAILURES.append(name)
        if detail:
            print("     " + str(detail).replace("\n", "\n     "))


def run(*args):
    return subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True)


def snapshot(root):
    out = {}
    for base, _, files in os.walk(root):
        for name in files:
            path = os.path.join(base, name)
            with open(path, "rb") as f:
                out[os.path.relpath(path, root)] = f.read()
    return out


def main():
    root = tempfile.mkdtemp(prefix="galias-add-check-")
    try:
        for path in EDITED:
            os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
            shutil.copy(os.path.join(REPO, path), os.path.join(root, path))
        before = snapshot(root)
        p = run("memory-leak", "A block no pointer holds any more", "--cwe", "401", "--root", root)
        check("adds a check", p.returncode == 0, p.stderr)
        for path in ["reports/checks/memory_leak_check.hpp", "reports/checks/memory_leak_check.cpp",
                     "docs/checks/memory-leak.md", "tests/checks/memory_leak_test.cpp",
                     "tests/checks/memory-leak/bad.c", "tests/checks/memory-leak/fixed.c"]:
            check(f"writes {path}", os.path.exists(os.path.join(root, path)))
        with open(os.path.join(root, "reports/checks/check_registry.cpp")) as f:
            registry = f.read()
        ids = re.findall(r'\{"([a-z-]+)", &make<\w+>\}', registry)
        check("registers it, sorted", "memory-leak" in ids and ids == sorted(ids), ids)
        includes = re.findall(r'#include "reports/checks/(\w+)_check.hpp"', registry)
        check("includes it, sorted", "memory_leak" in includes and includes == sorted(includes), includes)
        with open(os.path.join(root, "reports/CMakeLists.txt")) as f:
            sources = re.findall(r"^\s+(checks/\w+\.cpp)$", f.read(), re.M)
        check("builds it, sorted", "checks/memory_leak_check.cpp" in sources and sources == sorted(sources),
              sources)
        with open(os.path.join(root, "tests/checks/CMakeLists.txt")) as f:
            tests = re.findall(r"^\s+(\w+_test\.cpp)$", f.read(), re.M)
        check("builds its test, sorted", "memory_leak_test.cpp" in tests and tests == sorted(tests), tests)
        with open(os.path.join(root, "docs/CHECKS.md")) as f:
            rows = re.findall(r"^\| \[`([a-z-]+)`\]", f.read(), re.M)
        check("lists it in docs/CHECKS.md, sorted", "memory-leak" in rows and rows == sorted(rows), rows)
        with open(os.path.join(root, "docs/checks/memory-leak.md")) as f:
            page = f.read()
        check("its page has the sections the registry test asks for",
              page.startswith("# memory-leak") and all(s in page for s in (
                  "**What it finds.**", "**Why it matters.**", "**Bad**", "**Good**")))
        includes_flags = ["-std=c++20", "-fsyntax-only", "-I", root, "-I", REPO,
                          "-I", os.path.join(REPO, "tests/checks"), "-I", os.path.join(REPO, "tests/reports")]
        for path in ["reports/checks/memory_leak_check.cpp", "tests/checks/memory_leak_test.cpp"]:
            c = subprocess.run([CXX, *includes_flags, os.path.join(root, path)], capture_output=True, text=True)
            check(f"{path} compiles", c.returncode == 0, c.stderr[-2000:])
        for path in ["tests/checks/memory-leak/bad.c", "tests/checks/memory-leak/fixed.c"]:
            c = subprocess.run(["cc", "-std=c11", "-fsyntax-only", os.path.join(root, path)],
                               capture_output=True, text=True)
            check(f"{path} compiles", c.returncode == 0, c.stderr)

        after = snapshot(root)
        for bad_id, why in [("memory-leak", "exists"), ("UseAfterFree", "kebab-case"), ("a--b", "kebab-case")]:
            p = run(bad_id, "Something", "--root", root)
            check(f"refuses '{bad_id}' ({why}), exit 2", p.returncode == 2 and why in p.stderr, p.stderr)
            check(f"refusing '{bad_id}' leaves every file as it was", snapshot(root) == after)
        check("the first run changed only what it should",
              set(after) - set(before) == {"reports/checks/memory_leak_check.hpp",
                                           "reports/checks/memory_leak_check.cpp",
                                           "docs/checks/memory-leak.md", "tests/checks/memory_leak_test.cpp",
                                           "tests/checks/memory-leak/bad.c",
                                           "tests/checks/memory-leak/fixed.c"})
    finally:
        shutil.rmtree(root)
    print(f"{len(FAILURES)} failed" if FAILURES else "all passed")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
