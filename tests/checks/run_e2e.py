#!/usr/bin/env python3
"""End-to-end check tests: C program -> galias check -> findings, SARIF, exit codes.

Each case folder under tests/checks/ holds bad.c (and usually fixed.c). A line of a
program that must be flagged carries `expect: RULE LEVEL`, and `allocator-candidate: F` when
its message must name F as the function whose answer would settle it (no other program's
report may name one); a program may name the expected witness path (source lines of the
SARIF codeFlow) with `witness: L1 L2 ...`. A galias.toml
in the folder is used as the configuration. A folder with units.json is one compilation
database of several files instead ([{"file": F, "flags": [...]}, ...], in order; a file may
be listed twice with other flags), checked as one run. For every program:
  - the findings (rule, line, level) are exactly the expected ones;
  - the exit code is 1 when an error is expected, 0 otherwise (`--fail-on error`);
  - the SARIF log validates (official schema + GitHub's ingestion rules) and is kept for
    reports.sarif_validate;
  - with the log as --baseline, a second run reports nothing and exits 0.

usage: run_e2e.py GALIAS SARIF_OUT_DIR CASE_DIR...   (run from the repository root)
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

GALIAS, SARIF_OUT, CASES = sys.argv[1], sys.argv[2], sys.argv[3:]
ROOT = os.getcwd()
INCLUDE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "include")
EXPECT = re.compile(r"expect:\s*([a-z-]+)\s+(error|warning|note)")
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
    expected, witness, candidates = [], None, {}
    with open(path) as f:
        for number, line in enumerate(f, 1):
            for rule, level in EXPECT.findall(line):
                expected.append((rule, number, level))
            m = WITNESS.search(line)
            if m:
                witness = [int(x) for x in m.group(1).split()]
            m = CANDIDATE.search(line)
            if m:
                candidates[number] = m.group(1)
    return sorted(expected), witness, candidates


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
    code, out, err = galias("check", *common, "--format", "json", "--sarif", sarif)
    if code not in (0, 1):
        check(f"{name}: galias ran", False, f"exit {code}\n{err}")
        return
    findings = json.loads(out)["findings"]
    got = sorted((os.path.basename(f["file"]), f["rule"], f["line"], f["level"]) for f in findings)
    expected, witness, candidates = [], None, {}
    for source in sources:
        found, lines, named = expectations(source)
        expected += [(os.path.basename(source), *e) for e in found]
        witness = witness or lines
        candidates.update({(os.path.basename(source), line): function for line, function in named.items()})
    expected.sort()
    check(f"{name}: findings {expected}", got == expected, f"got {got}\n{err}")
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
        code, out, err = galias("check", *common, "--format", "json", "--baseline", sarif)
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
