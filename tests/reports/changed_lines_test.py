#!/usr/bin/env python3
"""A pull request's check: `galias check --changed-since REF` and `--changed-lines DIFF` in a
git repository report only the findings that touch the changed lines (their place, a related
location or their code flow), say how many others were left out, and refuse a bad ref, a
directory outside a repository and a malformed diff with exit 2.

usage: changed_lines_test.py GALIAS   (run from the repository root)
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

GALIAS = os.path.abspath(sys.argv[1])
FAILURES = []

BASE = """#include <stdlib.h>

static char table[16];

void old_bug(void) {
    free(table);
}

void helper(char *p) {
    free(p);
}

int main(void) {
    helper(malloc(4));
    old_bug();
    return 0;
}
"""
# The change: a new bug in new code, and a call that makes the old helper's release wrong.
CHANGED = BASE.replace("    helper(malloc(4));\n", "    char local[8];\n    helper(local);\n    helper(malloc(4));\n") \
    .replace("int main(void) {", "void new_bug(void) {\n    char b[4];\n    free(b);\n}\n\nint main(void) {")


def check(name, condition, detail=""):
    print(("ok   " if condition else "FAIL ") + name)
    if not condition:
        FAILURES.append(name)
        if detail:
            print("     " + str(detail).replace("\n", "\n     "))


def run(cwd, *args, stdin=None):
    p = subprocess.run(list(args), cwd=cwd, capture_output=True, text=True, input=stdin)
    return p.returncode, p.stdout, p.stderr


def findings(out):
    return sorted((f["line"], f["rule"], f["level"]) for f in json.loads(out)["findings"])


def main():
    tmp = tempfile.mkdtemp(prefix="galias-changed-")
    try:
        repo = os.path.join(tmp, "repo")
        os.makedirs(repo)
        with open(os.path.join(repo, "prog.c"), "w") as f:
            f.write(BASE)
        with open(os.path.join(repo, "compile_commands.json"), "w") as f:
            json.dump([{"directory": repo, "file": os.path.join(repo, "prog.c"),
                        "arguments": ["cc", "-std=c11", "-c", "prog.c"]}], f)
        git = ["git", "-c", "user.email=ci@example.com", "-c", "user.name=ci"]
        run(repo, *git, "init", "-q")
        run(repo, *git, "add", ".")
        run(repo, *git, "commit", "-q", "-m", "base")
        with open(os.path.join(repo, "prog.c"), "w") as f:
            f.write(CHANGED)
        common = ["check", "-p", ".", "--source-root", ".", "--format", "json", "--fail-on", "none"]

        code, out, err = run(repo, GALIAS, *common)
        everything = findings(out)
        check("a full check reports the old and the new findings", code == 0 and len(everything) == 3, everything)

        code, out, err = run(repo, GALIAS, *common, "--changed-since", "HEAD")
        got = findings(out)
        new_bug_line = CHANGED.splitlines().index("    free(b);") + 1
        helper_line = CHANGED.splitlines().index("    free(p);") + 1
        check("--changed-since: the new bug and the old release the change reaches, not the old bug",
              got == sorted([(new_bug_line, "free-nonheap", "error"), (helper_line, "free-nonheap", "warning")]),
              f"{got}\n{err}")
        report = json.loads(out)
        check("--changed-since: the JSON report says what was left out",
              report.get("changed_lines", {}).get("findings_elsewhere") == 1, report.get("changed_lines"))
        code, _, err = run(repo, GALIAS, "check", "-p", ".", "--source-root", ".", "--fail-on", "none",
                           "--changed-since", "HEAD")
        check("--changed-since: the summary says how many findings were not reported",
              "1 finding elsewhere not reported" in err, err)

        diff = subprocess.run(["git", "diff", "HEAD"], cwd=repo, capture_output=True, text=True).stdout
        with open(os.path.join(tmp, "pr.diff"), "w") as f:
            f.write(diff)
        code, out, err = run(repo, GALIAS, *common, "--changed-lines", os.path.join(tmp, "pr.diff"))
        check("--changed-lines FILE: the same findings as --changed-since", findings(out) == got, err)
        code, out, err = run(repo, GALIAS, *common, "--changed-lines", "-", stdin=diff)
        check("--changed-lines -: reads the diff from standard input", findings(out) == got, err)

        code, _, err = run(repo, GALIAS, *common, "--changed-since", "no-such-ref")
        check("a ref that names no commit: exit 2 with a message", code == 2 and "does not name a commit" in err, err)
        outside = os.path.join(tmp, "outside")
        shutil.copytree(repo, outside, ignore=shutil.ignore_patterns(".git"))
        code, _, err = run(outside, GALIAS, *common, "--changed-since", "HEAD")
        check("outside a repository: exit 2 with a message", code == 2 and "not in a git repository" in err, err)
        with open(os.path.join(tmp, "bad.diff"), "w") as f:
            f.write("+++ b/prog.c\n@@ -1 +one @@\n")
        code, _, err = run(repo, GALIAS, *common, "--changed-lines", os.path.join(tmp, "bad.diff"))
        check("a malformed diff: exit 2 with its file and line", code == 2 and "bad.diff:2:1: error" in err, err)
        code, _, err = run(repo, GALIAS, *common, "--changed-lines", "x.diff", "--changed-since", "HEAD")
        check("both options: a usage error", code != 0 and "excludes" in err, err)
    finally:
        shutil.rmtree(tmp)
    print(f"{len(FAILURES)} failed" if FAILURES else "all passed")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
