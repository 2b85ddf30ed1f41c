#!/usr/bin/env python3
"""galias under bad input, partial builds, full disks, interrupts and limits:
no crash, no silent pass, nothing half-written, one clear message and the documented exit
code (docs/FAILURES.md). Crashing inputs live in tests/robustness/inputs/.

usage: cli_test.py GALIAS SARIF_OUT_DIR   (run from the repository root)
    GALIAS_ROBUSTNESS_SKIP_SLOW=1 skips the cases that take seconds (sanitizer builds).
"""
import json
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time

GALIAS, SARIF_OUT = os.path.abspath(sys.argv[1]), sys.argv[2]
HERE = os.path.dirname(os.path.abspath(__file__))
INPUTS = os.path.join(HERE, "inputs")
FACTS = os.path.abspath("tests/reports/factdir")
SLOW = os.environ.get("GALIAS_ROBUSTNESS_SKIP_SLOW") != "1"
FAILURES = []
TMP = tempfile.mkdtemp(prefix="galias-robust-")
HAVE_FRONTEND = "facts" in subprocess.run([GALIAS, "--help"], capture_output=True, text=True).stdout


def run(*args, cwd=None, stdout=subprocess.PIPE, preexec=None, timeout=300):
    p = subprocess.run([GALIAS, *args], stdout=stdout, stderr=subprocess.PIPE, cwd=cwd, preexec_fn=preexec,
                       timeout=timeout)
    out = p.stdout.decode("utf-8", "replace") if p.stdout is not None else ""
    return p.returncode, out, p.stderr.decode("utf-8", "replace")


def check(name, condition, detail=""):
    print(("ok   " if condition else "FAIL ") + name)
    if not condition:
        FAILURES.append(name)
        if detail:
            print("     " + detail[:2000].replace("\n", "\n     "))


def expect(name, args, code, message=None, **kw):
    got, out, err = run(*args, **kw)
    check(f"{name}: exit {code}", got == code, f"exit {got}\n{err}")
    if message is not None:
        check(f"{name}: message", message in err, err)
    check(f"{name}: no crash or internal error", got >= 0 and "internal error" not in err, err)
    return out, err


def tmp(*parts):
    return os.path.join(TMP, *parts)


def write(path, text, mode="w"):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, mode) as f:
        f.write(text)
    return path


def leftovers(directory):
    """Temporaries galias may have left (files or staging directories)."""
    found = []
    for root, dirs, files in os.walk(directory):
        found += [os.path.join(root, n) for n in dirs + files if ".galias-" in n or n.endswith(".tmp")]
    return found


def chain_graph(path, nodes):
    """A cycle of `nodes` nodes: reach has nodes^2 tuples."""
    with open(path, "w") as f:
        for i in range(nodes):
            f.write(f"{i}\t{(i + 1) % nodes}\n")


graph = tmp("graph")
write(os.path.join(graph, "edge.facts"), "1\t2\n2\t3\n3\t1\n")

# --- crashes ------------------------------------------------------------------------------
out, err = expect("run -j 65537", ["run", "reach", "-F", graph, "-D", "-", "-j", "65537"], 0,
                  "-j 65537 is more threads than this machine can use")
check("run -j 65537: still answers", "Reach\t9" in out, out)
expect("analyze -j 70000", ["analyze", "--facts", FACTS, "-j", "70000", "-q"], 0)

for name in ("deep_dotted_key", "deep_table_header"):
    # Picked up from the source root as .galias.toml, as a pull request could add it.
    root = tmp("repo-" + name)
    os.makedirs(root)
    shutil.copy(os.path.join(INPUTS, name + ".toml"), os.path.join(root, ".galias.toml"))
    col = 1 if name == "deep_dotted_key" else 2
    expect(f"{name}.toml in the repository", ["check", "--facts", FACTS, "--source-root", root, "-q"], 2,
           f".galias.toml:1:{col}: error: keys, tables and arrays nest more than 64 levels deep here")

fifo_dir = tmp("fifo")
os.makedirs(fifo_dir)
os.mkfifo(os.path.join(fifo_dir, "edge.facts"))
proc = subprocess.Popen([GALIAS, "run", "reach", "-F", fifo_dir, "-D", "-"], stdout=subprocess.PIPE,
                        stderr=subprocess.PIPE)
with open(os.path.join(fifo_dir, "edge.facts"), "w") as f:
    f.write("1\t2\n2\t3\n")
out, err = proc.communicate(timeout=60)
check("fact file that is a FIFO: read like a file", proc.returncode == 0 and b"Reach\t3" in out, err.decode())

# --- directories taken as files, inputs checked up front ----------------------------------
os.makedirs(tmp("somedir.dl"))
expect("run DIR.dl", ["run", tmp("somedir.dl")], 2, "somedir.dl: error: cannot read the program file: it is a directory")
expect("--config DIR", ["check", "--facts", FACTS, "--config", TMP, "-q"], 2,
       "error: cannot read the configuration file: it is a directory")
write(tmp("jobs-is-dir", "x"), "")
expect("--batch DIR", ["run", "--batch", tmp("jobs-is-dir")], 2, "cannot read the jobs file: it is a directory")
expect("-F FILE", ["run", "reach", "-F", os.path.join(graph, "edge.facts"), "-D", "-"], 2,
       "cannot read the fact directory: it is not a directory")
dir_facts = tmp("dir-facts")
os.makedirs(os.path.join(dir_facts, "edge.facts"))
expect(".facts path that is a directory (run)", ["run", "reach", "-F", dir_facts, "-D", "-"], 2,
       "edge.facts: error: cannot read the fact file: it is a directory")
bad_factdir = tmp("factdir-with-dir")
shutil.copytree(FACTS, bad_factdir)
os.remove(os.path.join(bad_factdir, "cspa", "assign.facts"))
os.makedirs(os.path.join(bad_factdir, "cspa", "assign.facts"))
expect(".facts path that is a directory (check --facts)", ["check", "--facts", bad_factdir, "-q"], 2,
       "assign.facts: error: cannot read the fact file: it is a directory")
db_dir = tmp("db-is-dir")
os.makedirs(os.path.join(db_dir, "compile_commands.json"))
expect("compile_commands.json that is a directory", ["check", "-p", db_dir, "-q"], 2,
       "compile_commands.json: error: cannot read the compilation database: it is a directory")
expect("--facts FILE", ["check", "--facts", os.path.join(graph, "edge.facts"), "-q"], 2,
       "cannot read the fact directory: it is not a directory")

# --- output places checked before the work: exit 2 ---------------------------------------
expect("-D naming a file", ["run", "reach", "-F", graph, "-D", os.path.join(graph, "edge.facts")], 2,
       "edge.facts: error: output directory: not a directory (it is a file)")
expect("-D below a file", ["run", "reach", "-F", graph, "-D", os.path.join(graph, "edge.facts", "out")], 2,
       "output directory: cannot be created")
expect("-D in /proc", ["run", "reach", "-F", graph, "-D", "/proc/galias-out"], 2, "output directory")
expect("--stats-json in a missing directory", ["run", "reach", "-F", graph, "-D", "-", "--stats-json",
                                              tmp("none", "s.json")], 2, "does not exist")
expect("--sarif naming a directory", ["check", "--facts", FACTS, "--sarif", TMP, "-q"], 2, "it is a directory")
if HAVE_FRONTEND:
    start = time.time()
    _, err = expect("facts -o naming a file", ["facts", "-p", os.path.join(INPUTS, "partial_build"), "-o",
                                               os.path.join(graph, "edge.facts")], 2, "not a directory (it is a file)")
    check("facts -o: refused before compiling", "translation unit" not in err and "bad.c" not in err, err)

# A failed run creates no -D directory and leaves no staging behind.
write(tmp("badprog.dl"), ".decl edge(x: number, y: number)\n.input edge\n.decl r(x: number)\n.output r\n"
                         "r(x) :- edge(x, _).\n")
bad_edges = write(tmp("badedges", "edge.facts"), "1\t2\n2\tnot-a-number\n")
expect("failed run", ["run", tmp("badprog.dl"), "-F", tmp("badedges"), "-D", tmp("never")], 2,
       "column 2: 'not-a-number' is not a number")
check("failed run: no -D directory", not os.path.exists(tmp("never")))
check("failed run: no staging left", leftovers(TMP) == [], str(leftovers(TMP)))

# --- write errors: exit 3, old files intact -----------------------------------------------
expect("--sarif /dev/full", ["check", "--facts", FACTS, "--sarif", "/dev/full", "-q"], 3,
       "galias: error: cannot write /dev/full: No space left on device", stdout=subprocess.DEVNULL)
expect("-o /dev/full", ["check", "--facts", FACTS, "-o", "/dev/full", "-q"], 3, "cannot write /dev/full")
with open("/dev/full", "w") as full:
    expect("stdout on a full disk (check)", ["check", "--facts", FACTS, "-q"], 3,
           "cannot write standard output: No space left on device", stdout=full)
    expect("stdout on a full disk (run -D -)", ["run", "reach", "-F", graph, "-D", "-"], 3,
           "cannot write standard output", stdout=full)
    expect("stdout on a full disk (--help)", ["--help"], 3, "cannot write standard output", stdout=full)


def file_size_limit(limit):
    return lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))


report = write(tmp("reports", "report.json"), "{\"old\": true}\n")
expect("-o past ulimit -f", ["check", "--facts", FACTS, "--format", "json", "-o", report, "-q"], 3,
       "File too large", preexec=file_size_limit(200))
check("-o past ulimit -f: old report intact", open(report).read() == "{\"old\": true}\n")
check("-o past ulimit -f: no temporary", leftovers(tmp("reports")) == [], str(leftovers(tmp("reports"))))
with open(tmp("reports", "stdout.txt"), "w") as sink:
    expect("stdout past ulimit -f", ["check", "--facts", FACTS, "--format", "json", "-q"], 3, "File too large",
           preexec=file_size_limit(100), stdout=sink)
code, _, _ = run("check", "--facts", FACTS, "--format", "json", "-o", report, "-q")
check("-o: a good run replaces the report", code == 1 and "findings" in json.load(open(report)))

# -D: the relation set is committed as a whole.
two = write(tmp("two.dl"), ".decl edge(x: number, y: number)\n.input edge\n"
                           ".decl a(x: number)\n.output a\n.decl b(x: number)\n.output b\n"
                           "a(x) :- edge(x, _).\nb(y) :- edge(_, y).\n")
out_dir = tmp("relations")
write(os.path.join(out_dir, "a.csv"), "old a\n")
write(os.path.join(out_dir, "b.csv"), "old b\n")
write(os.path.join(out_dir, "mine.txt"), "not galias's\n")
big = tmp("biggraph")
os.makedirs(big)
with open(os.path.join(big, "edge.facts"), "w") as f:
    for i in range(200000):
        f.write(f"{i}\t{i + 1}\n")
expect("-D past ulimit -f", ["run", two, "-F", big, "-D", out_dir], 3, "File too large",
       preexec=file_size_limit(600000))
check("-D past ulimit -f: both relations old",
      open(os.path.join(out_dir, "a.csv")).read() == "old a\n" and open(os.path.join(out_dir, "b.csv")).read() == "old b\n")
check("-D past ulimit -f: no staging left", leftovers(out_dir) == [], str(leftovers(out_dir)))
expect("-D commit", ["run", two, "-F", graph, "-D", out_dir], 0)
check("-D commit: both relations new, other files kept",
      open(os.path.join(out_dir, "a.csv")).read() == "1\n2\n3\n" and
      open(os.path.join(out_dir, "b.csv")).read() == "1\n2\n3\n" and
      open(os.path.join(out_dir, "mine.txt")).read() == "not galias's\n")

# Interrupts remove temporaries; the set stays old.
if SLOW:
    cycle = tmp("cycle")
    os.makedirs(cycle)
    chain_graph(os.path.join(cycle, "edge.facts"), 2500)  # 6.25 million reach tuples
    target = tmp("interrupted")
    write(os.path.join(target, "Reach.csv"), "old\n")
    for delay, sig in ((0.3, signal.SIGTERM), (1.0, signal.SIGINT), (2.0, signal.SIGTERM)):
        proc = subprocess.Popen([GALIAS, "run", "reach", "-F", cycle, "-D", target, "-j", "2"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        time.sleep(delay)
        proc.send_signal(sig)
        proc.wait(timeout=120)
        name = f"{signal.Signals(sig).name} after {delay} s"
        check(f"{name}: ends with the signal or finishes", proc.returncode in (-sig, 0), str(proc.returncode))
        check(f"{name}: no temporaries", leftovers(target) == [], str(leftovers(target)))
        with open(os.path.join(target, "Reach.csv")) as f:
            lines = f.read().split("\n")
        # The signal may come after the commit: then the new file is whole.
        check(f"{name}: Reach.csv old or complete",
              lines == ["old", ""] or (len(lines) == 2500 * 2500 + 1 and lines[-2] == "2499\t2499"),
              f"{len(lines)} lines, exit {proc.returncode}")
        del lines
        write(os.path.join(target, "Reach.csv"), "old\n")

# --- partial builds: reported, and exit 2 unless allowed ----------------------------------
if HAVE_FRONTEND:
    build = tmp("partial")
    shutil.copytree(os.path.join(INPUTS, "partial_build"), build)
    db = [{"directory": build, "file": f, "arguments": ["cc", "-c", f]} for f in ("good.c", "bad.c", "missing.c")]
    write(os.path.join(build, "compile_commands.json"), json.dumps(db))
    sarif = tmp("partial.sarif")
    out, err = expect("partial build: check", ["check", "-p", build, "--source-root", build, "--sarif", sarif, "-q"],
                      2, "galias: error: the analysis is incomplete: 2 of 3 translation units were not analysed")
    check("partial build: text report names the units",
          "bad.c: error: not analysed: does not compile (1 error)" in out and
          "missing.c: error: not analysed: source file listed in the compilation database does not exist" in out, out)
    log = json.load(open(sarif))
    invocation = log["runs"][0]["invocations"][0]
    check("partial build: SARIF executionSuccessful false", invocation["executionSuccessful"] is False)
    notes = invocation.get("toolExecutionNotifications", [])
    check("partial build: SARIF notifications",
          [n["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for n in notes] == ["bad.c", "missing.c"]
          and all(n["level"] == "error" for n in notes), json.dumps(notes))
    os.makedirs(SARIF_OUT, exist_ok=True)
    shutil.copy(sarif, os.path.join(SARIF_OUT, "robustness-partial.sarif"))
    out, _ = expect("partial build: JSON", ["check", "-p", build, "--source-root", build, "--format", "json", "-q"], 2)
    analysis = json.loads(out)["analysis"]
    check("partial build: JSON analysis object",
          analysis["complete"] is False and analysis["translation_units"] == 3 and analysis["failed_units"] == 2 and
          [u["file"] for u in analysis["not_analysed"]] == ["bad.c", "missing.c"], json.dumps(analysis))
    expect("partial build: --allow-partial", ["check", "-p", build, "--allow-partial"], 0,
           "galias: warning: the analysis is incomplete")
    write(os.path.join(build, ".galias.toml"), "[analysis]\nallow-partial = true\n")
    expect("partial build: allow-partial in [analysis]", ["check", "-p", build, "--source-root", build, "-q"], 0)
    # A fact directory written from a partial build says so too.
    facts_out = tmp("partial-facts")
    expect("partial build: facts", ["facts", "-p", build, "-o", facts_out, "-q"], 2)
    expect("partial build: check --facts", ["check", "--facts", facts_out, "-q"], 2,
           "2 of 3 translation units were not analysed")
    good = tmp("complete")
    shutil.copytree(os.path.join(INPUTS, "partial_build"), good)
    write(os.path.join(good, "compile_commands.json"),
          json.dumps([{"directory": good, "file": "good.c", "arguments": ["cc", "-c", "good.c"]}]))
    expect("complete build: exit 0", ["check", "-p", good, "--source-root", good, "--sarif", tmp("ok.sarif"), "-q"], 0)
    check("complete build: executionSuccessful true",
          json.load(open(tmp("ok.sarif")))["runs"][0]["invocations"][0]["executionSuccessful"] is True)

# --- bad values in inputs: exit 2 (not 3) ---------------------------------------------------
_, err = expect("baseline with non-string ruleId/fingerprint",
                ["check", "--facts", FACTS, "--baseline", os.path.join(INPUTS, "baseline_bad_types.sarif"), "-q"], 1,
                "baseline_bad_types.sarif: warning: 2 baseline results ignored")
expect("--batch-mb nan", ["run", "reach", "-F", graph, "-D", "-", "--batch-mb", "nan"], 2, "--batch-mb")
expect("--batch-mb inf", ["run", "reach", "-F", graph, "-D", "-", "--batch-mb", "inf"], 2, "--batch-mb")
cfg = write(tmp("cfg", "glob.toml"), "[paths]\nexclude = [\"src/[ab].c\"]\n")
expect("invalid glob in [paths]", ["check", "--facts", FACTS, "--config", cfg, "-q"], 2,
       "glob.toml:2:12: error: 'exclude': 'src/[ab].c' is not a valid path glob")
cfg = write(tmp("cfg", "both.toml"), "[checks]\nenable = [\"restrict-alias\"]\ndisable = [\"restrict-alias\"]\n")
expect("enable and disable the same check", ["check", "--facts", FACTS, "--config", cfg, "-q"], 2,
       "both.toml:3:12: error: check 'restrict-alias' is both enabled and disabled")

# Messages quote input bytes escaped, and only the first ones.
nul_dir = tmp("nul")
os.makedirs(nul_dir)
shutil.copy(os.path.join(INPUTS, "nul_and_invalid_utf8.facts"), os.path.join(nul_dir, "edge.facts"))
p = subprocess.run([GALIAS, "run", "reach", "-F", nul_dir, "-D", "-"], capture_output=True)
check("NUL and invalid UTF-8: exit 2", p.returncode == 2, p.stderr.decode("utf-8", "replace"))
check("NUL and invalid UTF-8: escaped", b"'\\x00\\xff\\x1b[31m' is not a number" in p.stderr, repr(p.stderr))
check("NUL and invalid UTF-8: nothing raw", b"\x00" not in p.stderr and b"\xff" not in p.stderr and
      b"\x1b" not in p.stderr, repr(p.stderr))
huge = tmp("huge")
os.makedirs(huge)
with open(os.path.join(huge, "edge.facts"), "w") as f:
    f.write("1\t" + "9" * (900 << 10) + "x\n")  # a field just under the longest line
_, err = expect("900 kB bad field", ["run", "reach", "-F", huge, "-D", "-"], 2, "... (921601 bytes)' is not a number")
check("900 kB bad field: short message", len(err) < 300, f"{len(err)} bytes")
with open(os.path.join(huge, "edge.facts"), "w") as f:
    f.write("1\t" + "9" * (10 << 20) + "x\n")
_, err = expect("10 MB bad field", ["run", "reach", "-F", huge, "-D", "-"], 2, "line longer than 1048576 bytes")
check("10 MB bad field: short message", len(err) < 300, f"{len(err)} bytes")
zeros = tmp("zeros")
os.makedirs(zeros)
with open(os.path.join(zeros, "edge.facts"), "wb") as f:
    block = b"\0" * (1 << 20)  # in blocks: a child forked from a large Python starts out large
    for _ in range(256):
        f.write(block)
# Peak RSS through /usr/bin/time: a child forked from this (large) Python would report
# Python's own size.
p = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", tmp("rss"), GALIAS, "run", "reach", "-F", zeros, "-D", "-"],
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
err = p.stderr.decode("utf-8", "replace")
peak_kb = int(open(tmp("rss")).read().split()[-1])
check("256 MB of zeros: exit 2", p.returncode == 2, err)
check("256 MB of zeros: message", "line longer than 1048576 bytes" in err, err)
check("256 MB of zeros: memory stays bounded", peak_kb < 150 * 1024, f"peak RSS {peak_kb // 1024} MB")
check("256 MB of zeros: short message", len(err) < 400, f"{len(err)} bytes")
shutil.rmtree(zeros)

# --batch: one unknown program fails its job only.
batch = tmp("batch")
write(os.path.join(batch, "g", "edge.facts"), "1\t2\n")
write(os.path.join(batch, "jobs.txt"), "nonexistent-program g\nreach g\nsg g out-sg\n")
out, err = expect("--batch with an unknown program", ["run", "--batch", os.path.join(batch, "jobs.txt"),
                                                      "--backend", "cpu"], 2, "jobs.txt:1: job 1:")
check("--batch: the other jobs ran", "2\tReach\t1" in out, out + err)
check("--batch: the good job's output directory", os.path.isfile(os.path.join(batch, "out-sg", "SG.csv")))

# Symbols: whitespace-only tuples kept, tabs escaped, both round-trip.
sym = tmp("symbols")
write(os.path.join(sym, "in", "name.facts"), " \na\\tb\n\\\\\nplain\n")
prog = write(os.path.join(sym, "copy.dl"), ".decl name(s: symbol)\n.input name\n.decl out(s: symbol)\n.output out\n"
                                           "out(s) :- name(s).\n")
expect("symbols: first run", ["run", prog, "-F", os.path.join(sym, "in"), "-D", os.path.join(sym, "one")], 0)
os.rename(os.path.join(sym, "one", "out.csv"), os.path.join(sym, "one", "name.facts"))
expect("symbols: second run", ["run", prog, "-F", os.path.join(sym, "one"), "-D", os.path.join(sym, "two")], 0)
lines = open(os.path.join(sym, "two", "out.csv")).read().split("\n")
check("symbols: blank, tab and backslash survive two runs", sorted(lines[:-1]) == [" ", "\\\\", "a\\tb", "plain"],
      repr(lines))

# Out of memory under RLIMIT_AS: a clear error, and a hint that fits `run`.
if SLOW:
    cycle = tmp("oom")
    os.makedirs(cycle)
    chain_graph(os.path.join(cycle, "edge.facts"), 6000)  # 36 million reach tuples, 288 MB
    limit = 700 << 20
    _, err = expect("run under ulimit -v", ["run", "reach", "-F", cycle, "-D", "-", "-j", "2", "--backend", "cpu"], 3,
                    "galias: error: out of memory",
                    preexec=lambda: resource.setrlimit(resource.RLIMIT_AS, (limit, limit)))
    check("run under ulimit -v: hint names run's options", "--no-ebm" in err and "--context-k" not in err, err)

# The function-pointer pre-analysis stays near-linear on code without function pointers.
if SLOW and HAVE_FRONTEND:
    gen = tmp("generated")
    subprocess.run([sys.executable, os.path.join(HERE, "..", "..", "bench", "frontend", "generate_program.py"),
                    gen, "100000"], check=True)
    start = time.time()
    code, _, err = run("facts", "-p", gen, "-o", tmp("generated-facts"), "-j", "2")
    calls = [float(part.split()[1]) for part in err.split("time:")[-1].split(",") if part.strip().startswith("calls")]
    check("100k generated lines: facts exit 0", code == 0, err)
    check("100k generated lines: pre-analysis under 8 s", calls and calls[0] < 8, err)

shutil.rmtree(TMP)
print(f"{len(FAILURES)} failed" if FAILURES else "all passed")
sys.exit(1 if FAILURES else 0)
