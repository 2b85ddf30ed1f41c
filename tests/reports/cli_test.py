#!/usr/bin/env python3
"""Command-line tests of galias check/analyze/query/points-to on a hand-written fact
directory (no Clang needed): exit codes, --fail-on, --baseline, --format, the config file,
bad input (each one clear message and exit 2), and SARIF validity (every log written here
is also copied to the SARIF output folder that reports.sarif_validate checks).

usage: cli_test.py GALIAS SARIF_OUT_DIR   (run from the repository root)
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import validate_sarif  # noqa: E402

GALIAS, SARIF_OUT = sys.argv[1], sys.argv[2]
FACTS = "tests/reports/factdir"
FAILURES = []
VALIDATOR = validate_sarif.load_schema()
TMP = tempfile.mkdtemp(prefix="galias-cli-")


def run(*args, config=None):
    cmd = [GALIAS, *args]
    if config is not None:
        path = os.path.join(TMP, "galias.toml")
        with open(path, "w") as f:
            f.write(config)
        cmd += ["--config", path]
    p = subprocess.run(cmd, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def check(name, condition, detail=""):
    print(("ok   " if condition else "FAIL ") + name)
    if not condition:
        FAILURES.append(name)
        if detail:
            print("     " + detail.replace("\n", "\n     "))


def sarif(name):
    return os.path.join(TMP, name + ".sarif")


def keep_and_validate(path, name):
    os.makedirs(SARIF_OUT, exist_ok=True)
    shutil.copy(path, os.path.join(SARIF_OUT, "cli-" + name + ".sarif"))
    problems = validate_sarif.validate_file(VALIDATOR, path)
    check(f"{name}: SARIF valid (schema + GitHub)", not problems, "\n".join(problems))
    with open(path) as f:
        return json.load(f)


# --- exit codes and findings ------------------------------------------------------------
code, out, err = run("check", "--facts", FACTS, "--format", "json", "--sarif", sarif("all"), "-q")
check("check: findings at error level exit 1", code == 1, err)
findings = json.loads(out)["findings"]
got = [(f["rule"], f["line"], f["level"]) for f in findings]
want = [("overlapping-copy", 10, "error"), ("overlapping-copy", 11, "warning"),
        ("restrict-alias", 12, "warning"), ("alias-assertion", 13, "error")]
check("check: expected findings (rule, line, level)", got == want, f"got {got}")
check("check: JSON paths are relative", all(f["file"] == FACTS + "/prog.c" for f in findings))
log = keep_and_validate(sarif("all"), "all")
results = log["runs"][0]["results"]
check("check: SARIF has one result per finding", len(results) == len(findings))
check("check: runAutomationDetails.id defaults to galias/", log["runs"][0]["automationDetails"]["id"] == "galias/")

code, out, err = run("check", "--facts", FACTS, "--checks", "restrict-alias", "--format", "json", "-q")
got = [(f["rule"], f["line"], f["level"]) for f in json.loads(out)["findings"]]
check("check: restrict-alias alone also reports memcpy",
      code == 1 and got == [("restrict-alias", 10, "error"), ("restrict-alias", 11, "warning"),
                           ("restrict-alias", 12, "warning")], f"{code} {got}")
# Only warnings left (the errors are in a baseline): exit 0 unless --fail-on warning.
errors_only = json.loads(json.dumps(log))
errors_only["runs"][0]["results"] = [r for r in errors_only["runs"][0]["results"] if r["level"] == "error"]
with open(sarif("errors"), "w") as f:
    json.dump(errors_only, f)
code, _, err = run("check", "--facts", FACTS, "--baseline", sarif("errors"), "-q")
check("check: only warnings, --fail-on error -> exit 0", code == 0, err)
code, _, _ = run("check", "--facts", FACTS, "--baseline", sarif("errors"), "--fail-on", "warning", "-q")
check("check: warnings with --fail-on warning -> exit 1", code == 1)
code, _, _ = run("check", "--facts", FACTS, "--baseline", sarif("errors"), "--fail-on", "note", "-q")
check("check: warnings with --fail-on note -> exit 1", code == 1)
code, _, _ = run("check", "--facts", FACTS, "--fail-on", "none", "-q")
check("check: --fail-on none -> exit 0", code == 0)
code, _, _ = run("analyze", "--facts", FACTS, "-q")
check("analyze: reports but exits 0 by default", code == 0)
code, _, _ = run("analyze", "--facts", FACTS, "-q", "--fail-on", "error")
check("analyze: --fail-on error -> exit 1", code == 1)
# The CUDA backend's switches are options of every command that runs the engine; the CPU
# backend ignores them (the same findings).
code, out, err = run("check", "--facts", FACTS, "--format", "json", "-q", "--backend", "cpu", "--cuda-trace",
                     "--cuda-off", "tile,filter,bitmap", "--cuda-off", "one-pass", "--cuda-difference", "merge")
got = [(f["rule"], f["line"], f["level"]) for f in json.loads(out)["findings"]] if out else []
check("check: --cuda-off/--cuda-difference on the cpu, the same findings", code == 1 and got == want, f"{code} {got} {err}")
for command in (["check", "--facts", FACTS], ["query", "--facts", FACTS, "main::p", "main::r"],
                ["points-to", "--facts", FACTS, "g_in"]):
    code, _, err = run(*command, "--cuda-off", "bitmaps")
    check(f"{command[0]}: unknown --cuda-off name -> exit 2", code == 2 and "--cuda-off" in err, f"{code} {err}")

# --- baseline -----------------------------------------------------------------------------
code, out, err = run("check", "--facts", FACTS, "--baseline", sarif("all"), "--sarif", sarif("after"))
check("baseline: every old finding suppressed -> exit 0", code == 0, out + err)
check("baseline: summary says how many were suppressed", "4 suppressed by the baseline" in err, err)
after = keep_and_validate(sarif("after"), "after-baseline")
check("baseline: no results left in the new SARIF", after["runs"][0]["results"] == [])
# A baseline holding only part of the findings suppresses only those.
partial = json.loads(json.dumps(log))
partial["runs"][0]["results"] = [r for r in partial["runs"][0]["results"] if r["ruleId"] != "alias-assertion"]
with open(sarif("partial"), "w") as f:
    json.dump(partial, f)
code, out, _ = run("check", "--facts", FACTS, "--baseline", sarif("partial"), "--format", "json", "-q")
left = [(f["rule"], f["line"]) for f in json.loads(out)["findings"]]
check("baseline: new finding still reported", code == 1 and left == [("alias-assertion", 13)], f"{code} {left}")

# --- configuration ------------------------------------------------------------------------
code, out, err = run("check", "--facts", FACTS, "--format", "json", "-q", "--sarif", sarif("config"), config=(
    "[checks]\nenable = [\"must-not-alias\", \"overlapping-copy\"]\n"
    "[[must-not-alias]]\na = \"g_in\"\nb = \"g_out\"\nreason = \"filter is not in place\"\n"
    "[paths]\nexclude = [\"nothing/**\"]\n"))
got = [(f["rule"], f["line"], f["level"]) for f in json.loads(out)["findings"]]
check("config: enabled checks and must-not-alias pairs",
      got == [("must-not-alias", 4, "error"), ("overlapping-copy", 10, "error"), ("overlapping-copy", 11, "warning")],
      f"{got} {err}")
mna = [f for f in json.loads(out)["findings"] if f["rule"] == "must-not-alias"][0]
check("config: must-not-alias has a witness", [w["line"] for w in mna["witness"]] == [7, 14, 8, 15], str(mna["witness"]))
keep_and_validate(sarif("config"), "config")
code, out, _ = run("check", "--facts", FACTS, "--format", "json", "-q",
                   config="[paths]\nexclude = [\"tests/reports/**\"]\n")
check("config: excluded paths drop findings", code == 0 and json.loads(out)["findings"] == [], out)

# --- bad input: one clear message, exit 2 -------------------------------------------------
def bad(name, args, expect, config=None):
    code, out, err = run(*args, config=config)
    check(f"bad input: {name} -> exit 2", code == 2, f"exit {code}\n{err}")
    check(f"bad input: {name} message", expect in err, err)
    check(f"bad input: {name} single message", err.count("error:") == 1, err)

cfg = os.path.join(TMP, "galias.toml")
bad("unknown check in config", ["check", "--facts", FACTS],
    f"{cfg}:2:30: error: unknown check 'restrict-alais'; did you mean 'restrict-alias'?",
    config="[checks]\nenable = [\"alias-assertion\", \"restrict-alais\"]\n")
bad("malformed config", ["check", "--facts", FACTS], f"{cfg}:3:1: error: ", config="[checks]\nenable = [\"a\"\n[paths]\n")
bad("unknown config key", ["check", "--facts", FACTS], f"{cfg}:1:2: error: unknown key 'check' in the configuration; did you mean 'checks'?",
    config="[check]\n")
bad("must-not-alias naming a missing variable", ["check", "--facts", FACTS],
    f"{cfg}:1:1: error: no variable 'g_inn' in the program; did you mean 'g_in'?",
    config="[[must-not-alias]]\na = \"g_inn\"\nb = \"g_out\"\n")
bad("query of a missing variable", ["query", "--facts", FACTS, "main::p", "main::qq"],
    "no variable 'main::qq' in the program; did you mean 'main::q'")
bad("query at a line", ["query", "--facts", FACTS, "prog.c:12:pp", "main::q"],
    "no variable 'pp' at prog.c:12; did you mean")
bad("points-to of a missing variable", ["points-to", "--facts", FACTS, "g_ot"], "did you mean 'g_out'")
bad("unwritable SARIF path", ["check", "--facts", FACTS, "--sarif", "/nonexistent-dir/out.sarif"],
    "/nonexistent-dir/out.sarif: error: cannot write the output file: directory '/nonexistent-dir' does not exist")
bad("SARIF path is a directory", ["check", "--facts", FACTS, "--sarif", TMP], "it is a directory")
bad("missing baseline", ["check", "--facts", FACTS, "--baseline", "/nonexistent/old.sarif"],
    "/nonexistent/old.sarif: error: cannot read the baseline file")
with open(os.path.join(TMP, "broken.sarif"), "w") as f:
    f.write("{\n  \"runs\": [\n")
bad("malformed baseline", ["check", "--facts", FACTS, "--baseline", os.path.join(TMP, "broken.sarif")],
    "broken.sarif:3:1: error: baseline is not valid JSON")
bad("missing fact directory", ["check", "--facts", "/nonexistent/facts"], "/nonexistent/facts: error:")
bad("neither -p nor --facts", ["check"], "give either -p BUILD_DIR")
bad("-p without compile_commands.json", ["check", "-p", TMP], "compile_commands.json: error: no compilation database")
bad("unknown --checks name", ["check", "--facts", FACTS, "--checks", "nope"], "unknown check 'nope'")
code, _, err = run("check", "--facts", FACTS, "--fail-on", "fatal")
check("bad input: --fail-on value -> exit 2", code == 2, err)

# --- query / points-to --------------------------------------------------------------------
code, out, err = run("query", "--facts", FACTS, "--format", "json", "prog.c:13:p", "g_out")
q = json.loads(out)["queries"][0] if code == 0 else {}
check("query: p and g_out must alias", q.get("answer") == "must-alias", out + err)
check("query: witness is the chain of assignments", [w["line"] for w in q.get("witness", [])] == [7, 8, 15], out)
code, out, _ = run("query", "--facts", FACTS, "main::q", "other")
check("query: text says no-alias", code == 0 and ": no-alias" in out, out)
code, out, _ = run("query", "--facts", FACTS, "--format", "csv", "main::p", "main::r")
check("query: csv", out.splitlines()[:2] == ["a,b,answer,context,objects", "main::p,main::r,may-alias,,buf"], out)
code, out, _ = run("points-to", "--facts", FACTS, "--format", "json", "main::r", "g_in")
pts = json.loads(out)["pointers"]
check("points-to: objects with their places",
      [[(o["name"], o["line"]) for o in p["objects"]] for p in pts] == [[("buf", 2), ("other", 3)], [("buf", 2)]], out)

# --- progress line: only on a terminal, never with --quiet ------------------------------
if shutil.which("script"):
    def on_tty(*args):
        cmd = " ".join([GALIAS, *args]) + " >/dev/null"
        return subprocess.run(["script", "-qec", cmd, "/dev/null"], capture_output=True).stdout.decode()
    shown = on_tty("check", "--facts", FACTS, "--fail-on", "none")
    check("progress: drawn on a TTY (rewritten in place, engine iterations)",
          "\r\x1b[K" in shown and "reading facts" in shown and "cspa-memory: stratum" in shown, repr(shown))
    check("progress: erased before the summary", "\r\x1b[Kgalias: 4 findings" in shown, repr(shown))
    quiet = on_tty("check", "--facts", FACTS, "--fail-on", "none", "--quiet")
    check("progress: silent with --quiet", "\x1b[K" not in quiet and "reading" not in quiet, repr(quiet))
code, _, err = run("check", "--facts", FACTS, "--fail-on", "none")
check("progress: silent when stderr is not a TTY", "\x1b" not in err and "galias: 4 findings" in err, repr(err))
code, _, err = run("check", "--facts", FACTS, "--fail-on", "none", "--stats", "-q", "--solve", "full")
check("--stats: summary with relation sizes and findings",
      "ValueAlias 39" in err and "PointsTo 8" in err and "findings           4 findings" in err, err)

shutil.rmtree(TMP)
print(f"{len(FAILURES)} failed" if FAILURES else "all passed")
sys.exit(1 if FAILURES else 0)
