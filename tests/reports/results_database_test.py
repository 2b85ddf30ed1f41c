#!/usr/bin/env python3
"""The results database (--db) and the unit cache (--cache) on examples/alias-demo:
  - query and points-to answer from the database exactly as from scratch;
  - a stale database (a source, the compile database, the options or the galias build
    changed) makes query exit 2 with a message naming the change;
  - a corrupted database (a relation's header, index or values, a side table, the
    manifest) or one of an older format makes query exit 2 (never a crash), and analyze
    rewrites it; a query reads only the tables and relations it needs;
  - a second run with the unit cache compiles nothing, a run after one file changed
    compiles that unit only, and the findings and facts stay the same.

usage: results_database_test.py GALIAS   (run from the repository root)
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

GALIAS = os.path.abspath(sys.argv[1])
TMP = tempfile.mkdtemp(prefix="galias-db-")
DEMO = os.path.join(TMP, "demo")
DB = os.path.join(TMP, "db")
FAILURES = []


def check(name, condition, detail=""):
    print(("ok   " if condition else "FAIL ") + name)
    if not condition:
        FAILURES.append(name)
        if detail:
            print("     " + str(detail)[:2000].replace("\n", "\n     "))


def galias(*args):
    p = subprocess.run([GALIAS, *args], capture_output=True, text=True, cwd=DEMO)
    return p.returncode, p.stdout, p.stderr


def expect_refusal(name, args, message):
    code, out, err = galias(*args)
    check(f"{name}: exit 2", code == 2, f"exit {code}\n{err}")
    check(f"{name}: says why", message in err, err)
    check(f"{name}: no crash", "internal error" not in err and code >= 0, err)


def append(path, text):
    with open(os.path.join(DEMO, path), "a") as f:
        f.write(text)


def setup():
    shutil.copytree("examples/alias-demo", DEMO)
    sources = sorted(os.listdir(os.path.join(DEMO, "src")))
    commands = [{"directory": DEMO, "file": os.path.join(DEMO, "src", s),
                 "arguments": ["cc", "-std=c11", "-Iinclude", "-c", os.path.join("src", s)]} for s in sources]
    os.makedirs(os.path.join(DEMO, "build"))
    with open(os.path.join(DEMO, "build", "compile_commands.json"), "w") as f:
        json.dump(commands, f, indent=1)


QUERIES = [
    ["query", "assertions_demo::p", "assertions_demo::q"],
    ["query", "assertions_demo::p", "assertions_demo::r", "--format", "json"],
    ["query", "assertions_demo::p", "assertions_demo::q", "--per-context", "--format", "csv"],
    ["points-to", "assertions_demo::p", "assertions_demo::r"],
    ["points-to", "assertions_demo::q", "--per-context", "--format", "json"],
]


def test_database():
    code, report, err = galias("analyze", "-p", "build", "--db", DB, "--backend", "cpu", "--format", "json", "-q")
    check("analyze --db: exit 0", code == 0, err)
    check("analyze --db: manifest written", os.path.isfile(os.path.join(DB, "manifest.json")))
    check("analyze --db: no staging directory left", sorted(os.listdir(TMP)) == ["db", "demo"], os.listdir(TMP))

    for query in QUERIES:
        name = " ".join(query)
        code, scratch, err = galias(*query, "-p", "build", "--backend", "cpu", "-q")
        check(f"{name}: from scratch", code == 0, err)
        code, stored, err = galias(*query, "--db", DB, "-q")
        check(f"{name}: from --db without -p", code == 0, err)
        check(f"{name}: same answer", stored == scratch, f"scratch:\n{scratch}\ndb:\n{stored}")
        code, stored, err = galias(*query, "-p", "build", "--db", DB, "-q")
        check(f"{name}: from --db with -p", code == 0 and stored == scratch, err)

    code, again, err = galias("check", "-p", "build", "--db", DB, "--format", "json", "--stats", "--fail-on", "none")
    check("check on a fresh database: reuses it", "from the results database" in err, err)
    check("check on a fresh database: same findings", json.loads(again)["findings"] == json.loads(report)["findings"])


def test_stale():
    query = ["query", "assertions_demo::p", "assertions_demo::q", "--db", DB]
    append("src/copy.c", "/* edited */\n")
    expect_refusal("a source changed", query, "src/copy.c changed")
    code, _, err = galias("analyze", "-p", "build", "--db", DB, "--backend", "cpu")
    check("analyze rewrites a stale database", code == 0 and "rewriting the results database" in err, err)
    code, _, err = galias(*query)
    check("query after the rewrite", code == 0, err)

    expect_refusal("an option changed", query + ["-k", "0"], "options that change the facts differ")
    append("include/demo.h", "/* edited */\n")
    expect_refusal("a header changed", query, "include/demo.h changed")
    galias("analyze", "-p", "build", "--db", DB, "--backend", "cpu", "-q")

    append("build/compile_commands.json", "\n")
    expect_refusal("the compile database changed", query, "compile_commands.json changed")
    galias("analyze", "-p", "build", "--db", DB, "--backend", "cpu", "-q")

    manifest = os.path.join(DB, "manifest.json")
    with open(manifest) as f:
        data = json.load(f)
    data["galias"] = "0.0.0 (commit 0000000)"
    with open(manifest, "w") as f:
        json.dump(data, f)
    expect_refusal("another galias build", query, "written by galias 0.0.0")
    galias("analyze", "-p", "build", "--db", DB, "--backend", "cpu", "-q")


def result_file(name):
    """A result relation's file and its manifest entry (docs/FACTS.md, "Indexed relations")."""
    with open(os.path.join(DB, "manifest.json")) as f:
        entry = next(r for r in json.load(f)["results"] if r["name"] == name)
    return os.path.join(DB, entry["file"]), entry


def overwrite(path, offset, data):
    with open(path, "r+b") as f:
        f.seek(offset)
        f.write(data)


def rewrite():
    galias("analyze", "-p", "build", "--db", DB, "--backend", "cpu", "-q")


def test_corrupt():
    query = ["points-to", "assertions_demo::p", "--db", DB]
    value_alias, _ = result_file("ValueAlias")
    with open(value_alias, "r+b") as f:
        f.truncate(os.path.getsize(value_alias) - 4)
    expect_refusal("a truncated relation", query, "corrupt results database")

    rewrite()
    points_to, entry = result_file("PointsTo")
    overwrite(points_to, 0, b"\xff\xff\xff\x7f")
    expect_refusal("a changed relation header", query, "corrupt results database")

    rewrite()
    points_to, entry = result_file("PointsTo")
    overwrite(points_to, 40 + 8, b"\x05")  # the offset of key 1
    expect_refusal("a changed relation index", query, "does not match the manifest's hash")

    rewrite()
    points_to, entry = result_file("PointsTo")
    values = 40 + 8 * (entry["keys"] + 1)  # the first block of values, which every lookup here reads
    overwrite(points_to, values, b"\xff\xff\xff\x7f")
    expect_refusal("a changed block of values", query, "does not match its hash")
    code, _, err = galias("check", "-p", "build", "--db", DB, "--backend", "cpu", "--fail-on", "none", "-q")
    check("check finds the changed block before its checks and writes the database again",
          code == 0 and "does not match its hash" in err and "writing the results database again" in err, err)

    rewrite()
    with open(os.path.join(DB, "facts", "symbols.tsv"), "a") as f:
        f.write("garbage\n")
    expect_refusal("a changed symbol table", query, "corrupt results database")

    rewrite()
    manifest = os.path.join(DB, "manifest.json")
    with open(manifest) as f:
        data = json.load(f)
    data["version"] = 1
    with open(manifest, "w") as f:
        json.dump(data, f)
    expect_refusal("a database of format version 1", query, "written by an older galias (format version 1")
    code, _, err = galias("analyze", "-p", "build", "--db", DB, "--backend", "cpu", "-q")
    check("analyze replaces an older database", code == 0 and "format version 1" in err, err)

    # A query reads only the side tables and relations it needs: damage elsewhere is left to
    # analyze and check, which read everything and write the database again.
    _, before, _ = galias(*query)
    with open(os.path.join(DB, "facts", "calls.tsv"), "a") as f:
        f.write("garbage\n")
    os.remove(os.path.join(DB, "relations", "cspa.assign.u32"))
    code, after, err = galias(*query)
    check("a query does not read the call table or the input relations", code == 0 and after == before, err)
    code, _, err = galias("check", "-p", "build", "--db", DB, "--backend", "cpu", "--fail-on", "none", "-q")
    check("check notices them and writes the database again", code == 0 and "corrupt results database" in err, err)
    code, _, err = galias("check", "-p", "build", "--db", DB, "--backend", "cpu", "--fail-on", "none", "--stats")
    check("check then reuses it", code == 0 and "from the results database" in err, err)

    with open(os.path.join(DB, "manifest.json"), "w") as f:
        f.write("{ not json")
    expect_refusal("a damaged manifest", query, "corrupt results database")
    code, _, err = galias("analyze", "-p", "build", "--db", DB, "--backend", "cpu", "-q")
    check("analyze replaces a damaged database", code == 0, err)
    code, _, err = galias(*query)
    check("query after the replacement", code == 0, err)

    expect_refusal("no database", ["query", "a", "b", "--db", os.path.join(TMP, "nothing")], "no results database")


def fact_files(directory):
    """The fact directory's files by relative path: the same input gives the same bytes."""
    out = {}
    for root, _, files in os.walk(directory):
        for name in files:
            with open(os.path.join(root, name)) as f:
                out[os.path.relpath(os.path.join(root, name), directory)] = f.read()
    return out


def test_cache():
    cache = os.path.join(TMP, "cache")
    findings = []
    for run in range(2):
        code, out, err = galias("check", "-p", "build", "--cache", cache, "--backend", "cpu", "--format", "json",
                                "--stats", "--fail-on", "none")
        check(f"check --cache, run {run + 1}", code == 0, err)
        findings.append(json.loads(out)["findings"])
    units = len(os.listdir(os.path.join(DEMO, "src")))
    check("second run: every unit from the cache", f"(0 failed, {units} from the unit cache)" in err, err)
    os.utime(os.path.join(DEMO, "src", "main.c"))
    code, out, err = galias("check", "-p", "build", "--cache", cache, "--backend", "cpu", "--stats", "-q")
    check("a touched but unchanged file: still from the cache", f"{units} from the unit cache" in err, err)

    append("src/filter.c", "/* edited */\n")
    code, out, err = galias("check", "-p", "build", "--cache", cache, "--backend", "cpu", "--format", "json",
                            "--stats", "--fail-on", "none")
    check("one file changed: one unit compiled", f"(0 failed, {units - 1} from the unit cache)" in err, err)
    code, scratch, err2 = galias("check", "-p", "build", "--backend", "cpu", "--format", "json", "--fail-on", "none")
    check("findings with the cache = without", json.loads(out)["findings"] == json.loads(scratch)["findings"]
          == findings[0], f"{out}\n{scratch}")

    code, _, err = galias("facts", "-p", "build", "-o", os.path.join(TMP, "facts-cached"), "--cache", cache)
    check("facts --cache: every unit from the cache", code == 0 and f"{units} from the unit cache" in err, err)
    galias("facts", "-p", "build", "-o", os.path.join(TMP, "facts-fresh"), "-q")
    check("facts from the cache = facts compiled",
          fact_files(os.path.join(TMP, "facts-cached")) == fact_files(os.path.join(TMP, "facts-fresh")))

    # A damaged entry is a miss: the unit is compiled again, nothing fails.
    entries = [os.path.join(r, f) for r, _, fs in os.walk(cache) for f in fs]
    with open(entries[0], "r+b") as f:
        f.seek(40)
        f.write(b"\x00garbage\x00")
    code, _, err = galias("check", "-p", "build", "--cache", cache, "--backend", "cpu", "--stats", "-q")
    check("a damaged cache entry is compiled again", code in (0, 1) and f"{units - 1} from the unit cache" in err, err)


def main():
    setup()
    try:
        test_database()
        test_stale()
        test_corrupt()
        test_cache()
    finally:
        shutil.rmtree(TMP, ignore_errors=True)
    print(f"{len(FAILURES)} failures")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
