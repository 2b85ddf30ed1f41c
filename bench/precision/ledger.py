#!/usr/bin/env python3
"""The precision ledger: galias findings on the corpus, each read against the source.

A ledger is a TSV file, one row per finding read, with the columns

    project  rule  level  location  fingerprint  verdict  reason  message

`location` is FILE:LINE:COLUMN relative to the project's source tree, `verdict` is TRUE,
FALSE, UNCLEAR or ? (not read yet) and `reason` one line read from the code. A finding is
TRUE at level `error` when the two pointers overlap on every execution that reaches the
call, and at level `warning` or `note` when they overlap on some feasible execution
(docs/PRECISION.md).

    ledger.py sample LEDGER RUN_DIR [--seed N] [--size N] [PROJECT...]
        adds the findings of RUN_DIR/PROJECT.json (bench/precision/run.sh) that the ledger
        lacks: every finding of a project with at most SIZE (default 30) of them; else
        every error and SIZE findings in all, warnings first (a seeded random sample of
        SIZE if there are more), then a seeded random sample of notes up to SIZE. Rows
        already in the ledger (same project, rule, level, location and fingerprint) keep
        their verdicts and take this run's message. With --carry OLD_LEDGER, a new row
        takes the verdict of a read row of OLD_LEDGER with the same project, rule and
        location and a level that asks the same question (warning and note both ask
        whether an overlap is feasible; the reason is marked `(carried)`), so only
        findings nobody read before need reading. With --rules R1,R2 only the findings of
        those rules count: a sample of their own for checks added later (every error and
        warning of theirs, and SIZE findings of theirs in all).
    ledger.py summary LEDGER [RUN_DIR] [--markdown]
        verdicts per project and level; with RUN_DIR, the number of findings of each run.
    ledger.py recall LEDGER RUN_DIR
        the TRUE findings of LEDGER and whether RUN_DIR still reports each (same project,
        rule and location).
"""
import argparse
import collections
import csv
import json
import os
import random
import sys

COLUMNS = ["project", "rule", "level", "location", "fingerprint", "verdict", "reason", "message"]
VERDICTS = {"TRUE", "FALSE", "UNCLEAR", "?"}


def read_ledger(path):
    if not os.path.exists(path):
        return []
    rows = []
    with open(path, newline="") as f:
        # As written (write_ledger): a quote or backslash in a field is escaped by a backslash.
        reader = csv.reader(f, delimiter="\t", quoting=csv.QUOTE_NONE, escapechar="\\")
        header = next(reader, None)
        if header != COLUMNS:
            sys.exit(f"{path}:1: expected the header {' '.join(COLUMNS)}")
        for number, fields in enumerate(reader, 2):
            if len(fields) != len(COLUMNS):
                sys.exit(f"{path}:{number}: expected {len(COLUMNS)} tab-separated columns, got {len(fields)}")
            row = dict(zip(COLUMNS, fields))
            if row["verdict"] not in VERDICTS:
                sys.exit(f"{path}:{number}: verdict must be one of {sorted(VERDICTS)}, got {row['verdict']!r}")
            rows.append(row)
    return rows


def write_ledger(path, rows):
    rows.sort(key=lambda r: (r["project"], r["rule"], r["location"], r["fingerprint"]))
    tmp = path + ".tmp"
    with open(tmp, "w", newline="") as f:
        writer = csv.writer(f, delimiter="\t", quoting=csv.QUOTE_NONE, escapechar="\\", lineterminator="\n")
        writer.writerow(COLUMNS)
        for row in rows:
            writer.writerow([row[c].replace("\t", " ").replace("\n", " ") for c in COLUMNS])
    os.replace(tmp, path)


def findings_of(run_dir, project):
    path = os.path.join(run_dir, project + ".json")
    with open(path) as f:
        findings = json.load(f)["findings"]
    rows = []
    for x in findings:
        rows.append({
            "project": project, "rule": x["rule"], "level": x["level"],
            "location": f"{x['file']}:{x['line']}:{x['column']}", "fingerprint": x.get("fingerprint", ""),
            "verdict": "?", "reason": "", "message": x["message"],
        })
    return rows


def key(row):
    return (row["project"], row["rule"], row["level"], row["location"], row["fingerprint"])


def projects_in(run_dir):
    return sorted(name[:-5] for name in os.listdir(run_dir) if name.endswith(".json"))


def where(row):
    question = "error" if row["level"] == "error" else "feasible"
    return (row["project"], row["rule"], question, row["location"])


def sample(args):
    rows = read_ledger(args.ledger)
    known = {key(r) for r in rows}
    earlier = {}
    for r in read_ledger(args.carry) if args.carry else []:
        if r["verdict"] != "?":
            earlier.setdefault(where(r), r)
    rules = set(args.rules.split(",")) if args.rules else None
    for project in args.projects or projects_in(args.run_dir):
        found = [r for r in findings_of(args.run_dir, project) if rules is None or r["rule"] in rules]
        chosen = [r for r in found if r["level"] == "error"]
        warnings = [r for r in found if r["level"] == "warning"]
        notes = [r for r in found if r["level"] == "note"]
        if len(found) <= args.size:
            chosen += warnings + notes
        else:
            rng = random.Random(f"{args.seed}:{project}")
            chosen += warnings if len(warnings) <= args.size else rng.sample(warnings, args.size)
            room = max(0, args.size - len(chosen))
            chosen += random.Random(f"{args.seed}:{project}:note").sample(notes, min(room, len(notes)))
        # Rows read before keep their verdicts; their messages become this run's.
        messages = {key(r): r["message"] for r in found}
        for r in rows:
            if r["project"] == project and key(r) in messages:
                r["message"] = messages[key(r)]
        added = [r for r in chosen if key(r) not in known]
        carried = 0
        for r in added:
            old = earlier.get(where(r))
            if old is not None:
                r["verdict"], r["reason"] = old["verdict"], "(carried) " + old["reason"].removeprefix("(carried) ")
                carried += 1
        rows.extend(added)
        known.update(key(r) for r in added)
        print(f"{project}: {len(found)} findings, {len(chosen)} in the ledger ({len(added)} new, {carried} carried)")
    write_ledger(args.ledger, rows)


def summary(args):
    rows = read_ledger(args.ledger)
    rules = set(args.rules.split(",")) if args.rules else None
    rows = [r for r in rows if rules is None or r["rule"] in rules]
    counts = collections.defaultdict(collections.Counter)
    for r in rows:
        counts[r["project"]][(r["level"], r["verdict"])] += 1
    totals = {}
    if args.run_dir:
        for project in projects_in(args.run_dir):
            levels = collections.Counter(r["level"] for r in findings_of(args.run_dir, project)
                                         if rules is None or r["rule"] in rules)
            totals[project] = levels
    header = ["project", "findings (errors/warnings/notes)", "read", "errors TRUE/FALSE/UNCLEAR",
              "warnings TRUE/FALSE/UNCLEAR", "warnings TRUE %", "notes TRUE/FALSE/UNCLEAR"]
    lines = []
    all_projects = sorted(set(counts) | set(totals))
    grand = collections.Counter()
    for project in all_projects:
        c = counts[project]
        t = totals.get(project)
        total = f"{sum(t.values())} ({t['error']}/{t['warning']}/{t['note']})" if t is not None else "-"
        read = sum(v for (level, verdict), v in c.items() if verdict != "?")
        e = [c[("error", v)] for v in ("TRUE", "FALSE", "UNCLEAR")]
        w = [c[("warning", v)] for v in ("TRUE", "FALSE", "UNCLEAR")]
        n = [c[("note", v)] for v in ("TRUE", "FALSE", "UNCLEAR")]
        rate = f"{100 * w[0] / (w[0] + w[1]):.0f}" if w[0] + w[1] else "-"
        lines.append([project, total, str(read), "/".join(map(str, e)), "/".join(map(str, w)), rate,
                      "/".join(map(str, n))])
        for level, verdict in c:
            grand[(level, verdict)] += c[(level, verdict)]
    e = [grand[("error", v)] for v in ("TRUE", "FALSE", "UNCLEAR")]
    w = [grand[("warning", v)] for v in ("TRUE", "FALSE", "UNCLEAR")]
    n = [grand[("note", v)] for v in ("TRUE", "FALSE", "UNCLEAR")]
    rate = f"{100 * w[0] / (w[0] + w[1]):.0f}" if w[0] + w[1] else "-"
    all_total = "-"
    if totals:
        t = sum(totals.values(), collections.Counter())
        all_total = f"{sum(t.values())} ({t['error']}/{t['warning']}/{t['note']})"
    read = sum(v for (level, verdict), v in grand.items() if verdict != "?")
    lines.append(["all", all_total, str(read), "/".join(map(str, e)), "/".join(map(str, w)), rate,
                  "/".join(map(str, n))])
    if args.markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
        for line in lines:
            print("| " + " | ".join(line) + " |")
    else:
        print("\t".join(header))
        for line in lines:
            print("\t".join(line))
    unread = grand[("error", "?")] + grand[("warning", "?")] + grand[("note", "?")]
    if unread:
        print(f"({unread} rows not read yet)", file=sys.stderr)


def recall(args):
    rows = [r for r in read_ledger(args.ledger) if r["verdict"] == "TRUE"]
    found = set()
    for project in projects_in(args.run_dir):
        for r in findings_of(args.run_dir, project):
            found.add((r["project"], r["rule"], r["location"].rsplit(":", 1)[0]))
    kept = 0
    for r in rows:
        here = (r["project"], r["rule"], r["location"].rsplit(":", 1)[0]) in found
        kept += here
        print(f"{'found' if here else 'LOST '}\t{r['project']}\t{r['rule']}\t{r['level']}\t{r['location']}")
    print(f"{kept} of {len(rows)} TRUE findings still reported")
    return 0 if kept == len(rows) else 1


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("sample")
    p.add_argument("ledger")
    p.add_argument("run_dir")
    p.add_argument("projects", nargs="*")
    p.add_argument("--seed", default="26")
    p.add_argument("--size", type=int, default=30)
    p.add_argument("--carry", metavar="OLD_LEDGER")
    p.add_argument("--rules", metavar="R1,R2", help="only the findings of these rules")
    p = sub.add_parser("summary")
    p.add_argument("ledger")
    p.add_argument("run_dir", nargs="?")
    p.add_argument("--markdown", action="store_true")
    p.add_argument("--rules", metavar="R1,R2", help="only the findings of these rules")
    p = sub.add_parser("recall")
    p.add_argument("ledger")
    p.add_argument("run_dir")
    args = parser.parse_args()
    if args.command == "sample":
        sample(args)
    elif args.command == "summary":
        summary(args)
    else:
        sys.exit(recall(args))


if __name__ == "__main__":
    main()
