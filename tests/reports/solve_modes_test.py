#!/usr/bin/env python3
"""How the report commands solve CSPA (--solve, --solve-memory-limit, --solve-time-limit;
docs/ENGINE.md, "CSPA on demand in the report pipeline"), end to end:
  - check, analyze and query give the same output with --solve full, demand and auto, on
    the hand-written fact directory and (with --frontend) on every case of tests/checks/;
  - a must-not-alias configuration whose finding rests on ValueAlias alone: the same
    findings, and --stats names the demand round and the pairs it asked;
  - a solve past its bound falls back with a warning on stderr (also with -q) and a SARIF
    toolExecutionNotification "solve-bounded", and the exit code follows the findings;
  - a bad value of an option is one clear message and exit 2.

usage: solve_modes_test.py GALIAS SARIF_OUT_DIR [--frontend]   (run from the repository root)
"""
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import validate_sarif  # noqa: E402

GALIAS, SARIF_OUT = sys.argv[1], sys.argv[2]
FRONTEND = "--frontend" in sys.argv[3:]
ROOT = os.getcwd()
FACTS = "tests/reports/factdir"
CHECKS = os.path.join(ROOT, "tests", "checks")
INCLUDE = os.path.join(CHECKS, "include")
VALIDATOR = validate_sarif.load_schema()
FAILURES = []
TMP = tempfile.mkdtemp(prefix="galias-solve-")
MODES = ("full", "demand", "auto")


def run(*args):
    p = subprocess.run([GALIAS, *args], capture_output=True, text=True, cwd=ROOT)
    return p.returncode, p.stdout, p.stderr


def check(name, condition, detail=""):
    print(("ok   " if condition else "FAIL ") + name)
    if not condition:
        FAILURES.append(name)
        if detail:
            print("     " + str(detail).replace("\n", "\n     "))


def stats_line(err, key):
    """The --stats line of `key` (its first column, 18 wide), without the indentation, or ''."""
    for line in err.splitlines():
        if line.strip().startswith(key.ljust(18) + " "):
            return line.strip()
    return ""


def same_in_every_mode(name, args):
    """Runs `args` with each --solve mode; checks that output and exit code are the same."""
    results = {mode: run(*args, "--solve", mode) for mode in MODES}
    code, out, err = results["full"]
    check(f"{name}: --solve full runs", code in (0, 1) and out, f"exit {code}\n{err}")
    for mode in ("demand", "auto"):
        other = results[mode]
        check(f"{name}: --solve {mode} gives what --solve full gives (exit {code})",
              other[0] == code and other[1] == out, f"exit {other[0]}\n{other[2]}\n" + diff(out, other[1]))
    return code, out


def diff(a, b):
    import difflib
    return "\n".join(list(difflib.unified_diff(a.splitlines(), b.splitlines(), "full", "other", lineterm=""))[:40])


def keep_and_validate(path, name):
    problems = validate_sarif.validate_file(VALIDATOR, path)
    check(f"{name}: SARIF valid (schema + GitHub)", not problems, "\n".join(problems))
    os.makedirs(SARIF_OUT, exist_ok=True)
    shutil.copy(path, os.path.join(SARIF_OUT, "solve-" + name + ".sarif"))
    with open(path) as f:
        return json.load(f)


def notifications(log):
    return [n for inv in log["runs"][0].get("invocations", []) for n in inv.get("toolExecutionNotifications", [])]


def database(name, units):
    """A compilation database of `units` ([(source, flags)]) in a folder of its own."""
    build = os.path.join(TMP, name)
    os.makedirs(build, exist_ok=True)
    with open(os.path.join(build, "compile_commands.json"), "w") as f:
        json.dump([{"directory": os.path.dirname(source), "file": source,
                    "arguments": ["cc", "-std=c11", "-I", INCLUDE, *flags, "-c", source, "-o", "/dev/null"]}
                   for source, flags in units], f)
    return build


def write(name, text):
    path = os.path.join(TMP, name)
    with open(path, "w") as f:
        f.write(text)
    return path


# --- the fact directory -----------------------------------------------------------------------
code, out = same_in_every_mode("check --facts", ["check", "--facts", FACTS, "--format", "json", "-q"])
check("check --facts: findings at error level exit 1", code == 1 and len(json.loads(out)["findings"]) == 4, out)
same_in_every_mode("check --facts, text", ["check", "--facts", FACTS, "-q"])
same_in_every_mode("analyze --facts", ["analyze", "--facts", FACTS, "--format", "json", "-q"])
for a, b in (("main::p", "main::r"), ("prog.c:13:p", "g_out"), ("main::q", "other")):
    same_in_every_mode(f"query {a} {b}", ["query", "--facts", FACTS, "--format", "json", a, b])
same_in_every_mode("points-to", ["points-to", "--facts", FACTS, "--format", "json", "main::r", "g_in"])

_, _, err = run("check", "--facts", FACTS, "-q", "--stats", "--fail-on", "none", "--solve", "full")
check("--stats, full: says so and runs cspa_linear",
      stats_line(err, "solve") == "solve              full (--solve full)" and "ValueAlias 39" in stats_line(err, "cspa"),
      err)
_, _, err = run("check", "--facts", FACTS, "-q", "--stats", "--fail-on", "none", "--solve", "demand")
check("--stats, demand: says so, no pair asked (no check asks ValueAlias here)",
      stats_line(err, "solve") == "solve              demand (--solve demand); ValueAlias pairs asked 0 in 0 rounds",
      err)
check("--stats, demand: MemoryAlias alone, as the full solve has it",
      stats_line(err, "cspa-memory").startswith("cspa-memory        MemoryAlias 9;") and not stats_line(err, "cspa"),
      err)
_, _, err = run("check", "--facts", FACTS, "-q", "--stats", "--fail-on", "none")
check("--stats, the default: auto, on demand", stats_line(err, "solve").startswith("solve              demand (auto: "),
      err)

# --- bounds and their fallbacks ---------------------------------------------------------------
# 16 bytes: a bound of one derived tuple, which the small program passes.
code, out, err = run("check", "--facts", FACTS, "--format", "json", "-q", "--solve-memory-limit", "16",
                     "--sarif", os.path.join(TMP, "bounded.sarif"))
warning = ("galias: warning: the CSPA demand solve (MemoryAlias) stopped at its memory bound, 16 B (1 derived "
           "tuple); may-alias answered from the points-to sets alone, witness paths without steps through memory "
           "(--solve-memory-limit sets the bound)")
check("memory bound: one warning on stderr, even with -q", err.strip() == warning, err)
findings = json.loads(out)["findings"] if out else []
check("memory bound: the findings the points-to sets give, exit 1 for their errors",
      code == 1 and [(f["rule"], f["line"]) for f in findings] ==
      [("overlapping-copy", 10), ("overlapping-copy", 11), ("restrict-alias", 12), ("alias-assertion", 13)],
      f"exit {code}\n{out}")
log = keep_and_validate(os.path.join(TMP, "bounded.sarif"), "bounded-facts")
notes = notifications(log)
check("memory bound: SARIF toolExecutionNotification solve-bounded",
      [(n["descriptor"]["id"], n["level"], n["message"]["text"]) for n in notes if n["descriptor"]["id"] == "solve-bounded"]
      == [("solve-bounded", "warning", warning[len("galias: warning: "):])], json.dumps(notes, indent=1))

code, _, err = run("check", "--facts", FACTS, "-q", "--solve", "full", "--solve-memory-limit", "16", "--stats")
check("memory bound, full: falls back to demand, then to the points-to sets (two warnings)",
      code == 1 and err.count("galias: warning: ") == 2 and
      "the full CSPA solve stopped at its memory bound, 16 B (1 derived tuple); solved on demand instead" in err,
      err)
check("memory bound, full: --stats says the full solve passed its bound",
      stats_line(err, "solve").startswith("solve              demand (--solve full; the full solve passed a bound)")
      and err.count("  bounded ") == 2, err)
code, _, err = run("check", "--facts", FACTS, "-q", "--solve-time-limit", "0.000000001")
check("time bound: the warning names it and its option",
      code == 1 and "stopped at its time bound, 1e-09 s;" in err and "(--solve-time-limit sets the bound)" in err, err)
for limit in ("0", "1G"):
    code, _, err = run("check", "--facts", FACTS, "-q", "--solve-memory-limit", limit, "--solve-time-limit", "0")
    check(f"--solve-memory-limit {limit}: within bounds, no warning", code == 1 and "warning" not in err, err)
code, out, err = run("query", "--facts", FACTS, "main::p", "main::r", "--solve-memory-limit", "16")
check("query past the memory bound: the warning, the answer from the points-to sets",
      code == 0 and ": may-alias" in out and "(MemoryAlias) stopped at its memory bound" in err, f"{out}\n{err}")

# --- bad values: one clear message, exit 2 ----------------------------------------------------
for command in (["check", "--facts", FACTS], ["analyze", "--facts", FACTS],
                ["query", "--facts", FACTS, "main::p", "main::r"]):
    for args, expect in ((["--solve", "fast"], "--solve: fast not in {auto,demand,full}"),
                         (["--solve-memory-limit", "12X"], "expected a size such as 8G, 512M or 0, got '12X'"),
                         (["--solve-memory-limit", "99999999999999999999G"], "got '99999999999999999999G'"),
                         (["--solve-time-limit", "-1"], "expected seconds (0: no bound), got '-1'"),
                         (["--solve-time-limit", "soon"], "got 'soon'")):
        code, out, err = run(*command, *args)
        check(f"{command[0]} {' '.join(args)}: exit 2 with a clear message",
              code == 2 and expect in err and not out and "warning" not in err, f"exit {code}\n{out}\n{err}")

if FRONTEND:
    # --- every case of tests/checks: the same findings on demand as in full -------------------
    markers = sorted(glob.glob(os.path.join(CHECKS, "**", "bad.c"), recursive=True) +
                     glob.glob(os.path.join(CHECKS, "**", "fixed.c"), recursive=True) +
                     glob.glob(os.path.join(CHECKS, "**", "units.json"), recursive=True))
    empty = write("empty.toml", "")
    for marker in markers:
        case = os.path.dirname(marker)
        name = os.path.relpath(marker, CHECKS)
        if marker.endswith("units.json"):
            with open(marker) as f:
                units = [(os.path.join(case, u["file"]), u["flags"]) for u in json.load(f)]
        else:
            units = [(marker, [])]
        config = os.path.join(case, "galias.toml")
        build = database(name.replace("/", "_"), units)
        same_in_every_mode(f"tests/checks/{name}",
                           ["check", "-p", build, "--config", config if os.path.exists(config) else empty,
                            "--source-root", ROOT, "--format", "json", "-q"])
    check("tests/checks: cases found", len(markers) > 20, str(len(markers)))

    # --- must-not-alias: a finding that rests on ValueAlias alone -----------------------------
    source = write("aliases.c", """char *g_a, *g_b;
char *g_c, *g_d;
char *g_e, *g_f;
char *g_s;
static char x[8], y[8];

void pick(int c) {
    g_a = x;
    g_b = c ? x : y;
}

void apart(void) {
    g_c = x;
    g_d = y;
}

void load(char **pp, char **qq) {
    g_e = *pp;
    g_f = *qq;
}

int main(void) {
    pick(1);
    apart();
    load(&g_s, &g_s);
    return 0;
}
""")
    config = write("aliases.toml", """[checks]
enable = ["must-not-alias"]

[[must-not-alias]]
a = "g_a"
b = "g_b"

[[must-not-alias]]
a = "g_c"
b = "g_d"

[[must-not-alias]]
a = "g_e"
b = "g_f"
""")
    build = database("aliases", [(source, [])])
    common = ["check", "-p", build, "--config", config, "--source-root", TMP, "--format", "json", "-q"]
    code, out = same_in_every_mode("must-not-alias", common)
    got = [(f["rule"], f["line"]) for f in json.loads(out)["findings"]] if out else []
    check("must-not-alias: g_a/g_b (points-to) and g_e/g_f (ValueAlias alone)",
          code == 1 and got == [("must-not-alias", 1), ("must-not-alias", 3)], f"exit {code} {got}")
    _, _, err = run(*common, "--stats", "--solve", "demand")
    solve = stats_line(err, "solve")
    check("must-not-alias --stats: the pairs asked, in one demand round",
          solve.startswith("solve              demand (--solve demand); ValueAlias pairs asked ")
          and solve.endswith(" in 1 round") and " asked 0 " not in solve, err)
    check("must-not-alias --stats: the round's run and what held",
          stats_line(err, "cspa-value-alias").startswith("cspa-value-alias   ValueAlias ")
          and "pairs asked hold" in stats_line(err, "cspa-value-alias"), err)
    _, _, err = run(*common, "--stats", "--solve", "full")
    check("must-not-alias --stats, full: no demand round", stats_line(err, "solve") == "solve              full (--solve full)",
          err)
    # Past the bound, the may-alias answers rest on the points-to sets: g_e/g_f is lost.
    code, out, err = run(*common, "--solve-memory-limit", "16")
    got = [(f["rule"], f["line"]) for f in json.loads(out)["findings"]] if out else []
    check("must-not-alias past the bound: the points-to finding stays, the ValueAlias one is lost",
          code == 1 and got == [("must-not-alias", 1)] and "stopped at its memory bound" in err, f"{code} {got}\n{err}")

    # --- a program past a 1K bound ------------------------------------------------------------
    # Forty pointers stored and loaded through pointers to them: MemoryAlias's run derives
    # more than 32 tuples (1K at 32 bytes a tuple), which a chain of copies does not.
    body = "".join(f"    s{i} = &g{i};\n    if (c > {i}) g{i + 1} = *s{i}; else *s{i} = g{i * 7 % 40};\n"
                   for i in range(40))
    source = write("chain.c", "#include <string.h>\nchar buf[64];\nchar " + ", ".join(f"*g{i}" for i in range(41)) +
                   ";\nchar " + ", ".join(f"**s{i}" for i in range(41)) + ";\n\nvoid chain(int c) {\n    g0 = buf;\n" +
                   body + "}\n\nint main(void) {\n    chain(3);\n    memcpy(g0, g0, 8);\n    memcpy(g0, g40, 8);\n"
                   "    return 0;\n}\n")
    build = database("chain", [(source, [])])
    common = ["check", "-p", build, "--config", empty, "--source-root", TMP, "--format", "json", "-q"]
    code, out = same_in_every_mode("a chain of 41 pointers", common)
    unbounded = json.loads(out)["findings"] if out else []
    sarif = os.path.join(TMP, "chain.sarif")
    bcode, bout, err = run(*common, "--solve-memory-limit", "1K", "--sarif", sarif)
    bounded = json.loads(bout)["findings"] if bout else []
    check("--solve-memory-limit 1K: a warning on stderr that names the bound",
          "galias: warning: the CSPA demand solve (MemoryAlias) stopped at its memory bound, 1.0 KiB (32 derived "
          "tuples);" in err, err)
    want = 1 if any(f["level"] == "error" for f in bounded) else 0
    check(f"--solve-memory-limit 1K: exit {want}, as its findings say", bcode == want and want == 1,
          f"exit {bcode}\n{bout}")
    check("--solve-memory-limit 1K: the findings the points-to sets give (here all of them)",
          [(f["rule"], f["line"], f["level"]) for f in bounded] ==
          [(f["rule"], f["line"], f["level"]) for f in unbounded], f"{bounded}\n{unbounded}")
    log = keep_and_validate(sarif, "bounded-1k")
    check("--solve-memory-limit 1K: SARIF toolExecutionNotification solve-bounded",
          any(n["descriptor"]["id"] == "solve-bounded" and n["level"] == "warning" and "1.0 KiB" in n["message"]["text"]
              for n in notifications(log)), json.dumps(notifications(log), indent=1))

    # --- context depth 0 after the bound --------------------------------------------------------
    # Thirty calls of one function with different arrays: at depth 1 each call gets its copy
    # of the function, thirty times its nodes in MemoryAlias's run; at depth 0 one. Past the
    # bound at depth 1, the program is extracted again at depth 0 and solved within it.
    calls = "".join(f"    last = pick(a{i}, b{i}, argc);\n" for i in range(30))
    source = write("clones.c", "#include <string.h>\n\nstatic char *pick(char *x, char *y, int c) {\n"
                   "    char *p = x;\n    char *q = y;\n    char *r = c ? p : q;\n    char *t = r;\n"
                   "    *t = *q;\n    return t;\n}\n\nchar " + ", ".join(f"a{i}[8], b{i}[8]" for i in range(30)) +
                   ";\n\nint main(int argc, char **argv) {\n    char *last = 0;\n" + calls +
                   "    memcpy(last, last + 1, 4);\n    return argv[0][0];\n}\n")
    build = database("clones", [(source, [])])
    common = ["check", "-p", build, "--config", empty, "--source-root", TMP, "--format", "json", "-q"]
    # The smallest power-of-two bound that the depth-0 program solves within.
    bound = next((f"{kib}K" for kib in (2 ** i for i in range(12))
                  if "stopped" not in run(*common, "-k", "0", "--solve-memory-limit", f"{kib}K")[2]), None)
    _, _, err = run(*common, "-k", "1", "--solve-memory-limit", bound or "0") if bound else (0, "", "")
    check("depth 0 after the bound: the test program passes at depth 1 the bound it solves within at depth 0",
          bound is not None and "at context depth 1 stopped at its memory bound" in err, f"{bound}\n{err}")
    if bound:
        _, depth0, _ = run(*common, "-k", "0")
        sarif = os.path.join(TMP, "clones.sarif")
        code, out, err = run(*common, "--solve-memory-limit", bound, "--sarif", sarif, "--stats")
        check("depth 0 after the bound: stderr says the program was solved again at depth 0",
              "the program was extracted again at context depth 0 (one copy of each function: less precise) "
              "and solved within the bound" in err and stats_line(err, "nodes").endswith("(0 clones, 1 contexts)"),
              err)
        got = json.loads(out)["findings"] if out else []
        check("depth 0 after the bound: the findings of a run at depth 0, exit 1 for its error",
              code == 1 and got == json.loads(depth0)["findings"] and any(f["level"] == "error" for f in got),
              f"exit {code}\n{out}\n{depth0}")
        log = keep_and_validate(sarif, "bounded-depth-0")
        check("depth 0 after the bound: SARIF toolExecutionNotification solve-bounded names depth 0",
              any(n["descriptor"]["id"] == "solve-bounded" and "context depth 0" in n["message"]["text"]
                  for n in notifications(log)), json.dumps(notifications(log), indent=1))
        # Past a bound the depth-0 program passes too, the depth-1 program stays.
        _, _, err = run(*common, "--solve-memory-limit", "1K")
        check("depth 0 passes the bound too: said, and the depth-1 program kept",
              "extracted again at context depth 0, the program's MemoryAlias stopped at its memory bound" in err
              and "the depth-1 program is kept" in err, err)

shutil.rmtree(TMP)
print(f"{len(FAILURES)} failed" if FAILURES else "all passed")
sys.exit(1 if FAILURES else 0)
