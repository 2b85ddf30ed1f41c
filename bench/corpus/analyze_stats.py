#!/usr/bin/env python3
"""Reads the statistics block `galias analyze --stats` prints (pipeline/
check_driver.cpp, print_stats) and prints it as `key<TAB>value` lines for
bench/end_to_end.sh:

  tu.total, tu.failed            translation units  N (F failed)
  nodes, clones                  nodes  N (C clones, X contexts)
  facts.cspa.assign, ...         cspa facts  assign N, dereference M
  facts.andersen.addressOf, ...  andersen facts  addressOf N, assign N, load N, store N
  size.ValueFlow, ...            cspa  ValueFlow N, ...; I iterations, T s on cpu
  run.cspa.seconds, run.cspa.backend
  time.input, time.solve, time.checks   time  input X s, solve Y s, checks Z s
  findings                       findings  ... [rule n, rule m]  ->  rule=n,rule=m

Lines it does not recognise are ignored, so a changed format leaves cells empty ('-')
rather than wrong.   usage: analyze_stats.py LOG
"""
import re
import sys


def pairs(text):
    """'assign 3, dereference 1' -> [('assign', '3'), ('dereference', '1')]"""
    return re.findall(r"([A-Za-z_][\w.-]*) (\d+)", text)


def parse(lines):
    out = {}
    for raw in lines:
        line = raw.strip()
        if m := re.match(r"translation units\s+(\d+) \((\d+) failed", line):
            out["tu.total"], out["tu.failed"] = m.groups()
        elif m := re.match(r"nodes\s+(\d+) \((\d+) clones", line):
            out["nodes"], out["clones"] = m.groups()
        elif m := re.match(r"(cspa|andersen) facts\s+(.*)", line):
            for name, n in pairs(m.group(2)):
                out[f"facts.{m.group(1)}.{name}"] = n
        elif m := re.match(r"(\S+)\s+(.*); (\d+) iterations, ([0-9.]+) s on (\S+)", line):
            run, sizes, _, secs, backend = m.groups()
            for name, n in pairs(sizes):
                out[f"size.{name}"] = n
            out[f"run.{run}.seconds"] = secs
            out[f"run.{run}.backend"] = backend
        elif line.startswith("time "):
            for stage, secs in re.findall(r"(\w+) ([0-9.]+) s", line):
                out[f"time.{stage}"] = secs
        elif line.startswith("findings "):
            m = re.search(r"\[(.*)\]", line)
            rules = pairs(m.group(1)) if m else []
            out["findings"] = ",".join(f"{r}={n}" for r, n in sorted(rules)) or "none"
    return out


def main():
    with open(sys.argv[1], encoding="utf-8", errors="replace") as f:
        for key, value in parse(f).items():
            print(f"{key}\t{value}")


if __name__ == "__main__":
    main()
