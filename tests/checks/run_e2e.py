#!/usr/bin/env python3
"""End-to-end check tests: C program -> galias check -> findings, SARIF, exit codes.

Each case folder under tests/checks/ holds bad.c (and usually fixed.c). A line of a
program that must be flagged carries `expect: RULE LEVEL`, and `allocator-candidate: F` when
its message must name F as the function whose answer would settle it (no other program's
report may name one); a line with `missed: RULE` holds a bug of that rule galias does not
find (a known limit: nothing of that rule may be reported there, and the recall table of
docs/PRECISION.md counts it); a program may name the expected witness path (source lines of
the SARIF codeFlow) with `witness: L1 L2 ...`. A galias.toml in the folder is used as the
configuration. A folder with units.json is one compilation database of several files
instead ([{"file": F, "flags": [...]}, ...], in order; a file may be listed twice with other
flags), checked as one run. A program with findings has a golden file beside it,
`bad.expected` for `bad.c` (`units.expected` for units.json): one line per finding,
`FILE:LINE:COLUMN: LEVEL [RULE] MESSAGE`, the message as the text report prints it;
`--update` writes them anew from galias's output (read the difference before committing).
For every program:
  - the findings (file, line, column, level, rule, message) are exactly the golden file's,
    and their rule, line and level exactly the `expect:` tags;
  - the exit code is 1 when an error is expected, 0 otherwise (`--fail-on error`);
  - the SARIF log validates (official schema + GitHub's ingestion rules) and is kept for
    reports.sarif_validate;
  - with the log as --baseline, a second run reports nothing and exits 0.

usage: run_e2e.py [--update] GALIAS SARIF_OUT_DIR CASE_DIR...   (run from the repository root)
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "reports"))
import validate_sarif  # noqa: E402

UPDATE = "--update" in sys.argv[1:]
ARGS = [a for a in sys.argv[1:] if a != "--update"]
GALIAS, SARIF_OUT = ARGS[0], ARGS[1]
ROOT = os.getcwd()
# Repository-relative, so that what a report prints of them (a configuration's path) is the
# same however the cases were named.
CASES = [os.path.relpath(os.path.abspath(case), ROOT) for case in ARGS[2:]]
INCLUDE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "include")
EXPECT = re.compile(r"expect:\s*([a-z-]+)\s+(error|warning|note)")
MISSED = re.compile(r"missed:\s*([a-z-]+)")
WITNESS = re.compile(r"witness:\s*([\d ]+)")
CANDIDATE = re.compile(r"allocator-candidate:\s*([A-Za-z_]\w*)")
VALIDATOR = validate_sarif.load_schema()
FAILURES = []


def check(name, condition, detail=""):
    print(("ok   " if condition else "FAIL ") + name)
    if not condition:
        FAILURES.append(name)
        if detail:
            print("     " + str(detail).replace("\n", "\n     "))


def galias(*args):
    p = subprocess.run([GALIAS, *args], capture_output=True, text=True, cwd=ROOT)
    return p.returncode, p.stdout, p.stderr


def expectations(path):
    expected, witness, candidates, missed = [], None, {}, []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            for rule, level in EXPECT.findall(line):
                expected.append((rule, number, level))
            for rule in MISSED.findall(line):
                missed.append((rule, number))
            m = WITNESS.search(line)
            if m:
                witness = [int(x) for x in m.group(1).split()]
            m = CANDIDATE.search(line)
            if m:
                candidates[number] = m.group(1)
    return sorted(expected), witness, candidates, missed


def golden_line(finding):
    return (f"{os.path.basename(finding['file'])}:{finding['line']}:{finding['column']}: "
            f"{finding['level']} [{finding['rule']}] {finding['message']}")


def golden_path(program):
    base = os.path.basename(program)
    stem = "units" if base == "units.json" else os.path.splitext(base)[0]
    return os.path.join(os.path.dirname(program), stem + ".expected")


def check_golden(name, program, findings):
    """The findings against the golden file (written anew with --update)."""
    path = golden_path(program)
    order = sorted(findings, key=lambda f: (os.path.basename(f["file"]), f["line"], f["column"], f["rule"],
                                            f["message"]))
    got = [golden_line(f) for f in order]
    if UPDATE:
        if got:
            with open(path, "w") as f:
                f.write("\n".join(got) + "\n")
        elif os.path.exists(path):
            os.remove(path)
    want = []
    if os.path.exists(path):
        with open(path) as f:
            want = [line.rstrip("\n") for line in f if line.strip()]
    diff = "\n".join([f"- {line}" for line in want if line not in got] +
                      [f"+ {line}" for line in got if line not in want])
    check(f"{name}: findings as in {os.path.relpath(path, ROOT)} (message, column)", sorted(got) == sorted(want), diff)


def entry(source, flags=()):
    return {"directory": os.path.dirname(source), "file": source,
            "arguments": ["cc", "-std=c11", "-I", INCLUDE, *flags, "-c", source, "-o", "/dev/null"]}


def run_program(case, program, tmp, units=None):
    """Checks one program, or with `units` ([(source, flags)]) a database of several."""
    name = f"{os.path.basename(case)}/{os.path.basename(program)}"
    build = os.path.join(tmp, name.replace("/", "_"))
    os.makedirs(build)
    units = units or [(os.path.abspath(program), [])]
    sources = sorted({source for source, _ in units})
    with open(os.path.join(build, "compile_commands.json"), "w") as f:
        json.dump([entry(source, flags) for source, flags in units], f)
    config = os.path.join(case, "galias.toml")
    if not os.path.exists(config):
        config = os.path.join(build, "empty.toml")
        open(config, "w").close()
    sarif = os.path.join(build, "out.sarif")
    common = ["-p", build, "--config", config, "--source-root", ROOT, "-q"]
    # `check` leaves notes out unless a summary level is named (docs/CHECKS.md, "Levels in
    # CI"); the expectations list every level, so this run names one unless the case's
    # configuration does.
    with open(config) as f:
        configured = "summary-level" in f.read()
    every_level = [] if configured else ["--summary-level", "note"]
    code, out, err = galias("check", *common, *every_level, "--format", "json", "--sarif", sarif)
    if code not in (0, 1):
        check(f"{name}: galias ran", False, f"exit {code}\n{err}")
        return
    findings = json.loads(out)["findings"]
    if not configured:
        dcode, dout, derr = galias("check", *common, "--format", "json")
        shown = json.loads(dout) if dcode in (0, 1) else {}
        notes = sum(f["level"] == "note" for f in findings)
        kept = [f for f in findings if f["level"] != "note"]
        check(f"{name}: check's default leaves the {notes} notes out and counts them",
              dcode == code and shown.get("findings") == kept and shown.get("notes_not_shown") == notes,
              f"exit {dcode}, notes_not_shown {shown.get('notes_not_shown')}\n{derr}")
    got = sorted((os.path.basename(f["file"]), f["rule"], f["line"], f["level"]) for f in findings)
    expected, witness, candidates, missed = [], None, {}, []
    for source in sources:
        found, lines, named, gaps = expectations(source)
        expected += [(os.path.basename(source), *e) for e in found]
        missed += [(os.path.basename(source), *g) for g in gaps]
        witness = witness or lines
        candidates.update({(os.path.basename(source), line): function for line, function in named.items()})
    expected.sort()
    check(f"{name}: findings {expected}", got == expected, f"got {got}\n{err}")
    check_golden(name, program, findings)
    for source, rule, line in missed:
        reported = [g for g in got if g[0] == source and g[1] == rule and g[2] == line]
        check(f"{name}: line {line} is a known miss of {rule}", not reported,
              f"{rule} now reports line {line}: turn `missed:` into `expect:`")
    # `allocator-candidate: F`: the finding on that line names F, and so does the report.
    listed = {c["function"] for c in json.loads(out).get("allocator_candidates", [])}
    for (source, line), function in sorted(candidates.items()):
        messages = [f["message"] for f in findings if os.path.basename(f["file"]) == source and f["line"] == line]
        named = any(f"if `{function}` returns memory no other object holds" in m for m in messages)
        check(f"{name}: line {line} names allocator candidate {function}", named and function in listed,
              f"messages {messages}, report lists {sorted(listed)}")
    if not candidates:
        check(f"{name}: no allocator candidates", not listed, f"report lists {sorted(listed)}")
    want_code = 1 if any(e[-1] == "error" for e in expected) else 0
    check(f"{name}: exit code {want_code}", code == want_code, f"got {code}")
    problems = validate_sarif.validate_file(VALIDATOR, sarif)
    check(f"{name}: SARIF valid (schema + GitHub)", not problems, "\n".join(problems))
    os.makedirs(SARIF_OUT, exist_ok=True)
    shutil.copy(sarif, os.path.join(SARIF_OUT, "e2e-" + name.replace("/", "-") + ".sarif"))
    with open(sarif) as f:
        log = json.load(f)
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in log["runs"][0]["results"]}
    rel = {os.path.relpath(source, ROOT) for source in sources}
    check(f"{name}: SARIF URIs are repository-relative", uris <= rel, f"{uris} vs {rel}")
    if witness is not None:
        flows = [r for r in log["runs"][0]["results"] if r.get("codeFlows")]
        lines = [loc["location"]["physicalLocation"]["region"]["startLine"]
                 for loc in flows[0]["codeFlows"][0]["threadFlows"][0]["locations"]] if flows else []
        check(f"{name}: codeFlow witness lines {witness}", lines == witness, f"got {lines}")
    if expected:
        code, out, err = galias("check", *common, *every_level, "--format", "json", "--baseline", sarif)
        left = json.loads(out)["findings"] if code in (0, 1) else None
        check(f"{name}: baseline suppresses every finding, exit 0", code == 0 and left == [], f"{code} {left} {err}")


def main():
    tmp = tempfile.mkdtemp(prefix="galias-e2e-")
    try:
        for case in CASES:
            listing = os.path.join(case, "units.json")
            if os.path.exists(listing):
                with open(listing) as f:
                    units = [(os.path.abspath(os.path.join(case, u["file"])), u["flags"]) for u in json.load(f)]
                run_program(case, listing, tmp, units)
                continue
            for program in ("bad.c", "fixed.c", os.path.basename(case) + ".c"):
                path = os.path.join(case, program)
                if os.path.exists(path):
                    run_program(case, path, tmp)
    finally:
        shutil.rmtree(tmp)
    print(f"{len(FAILURES)} failed" if FAILURES else "all passed")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
