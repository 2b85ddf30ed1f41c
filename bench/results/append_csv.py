#!/usr/bin/env python3
"""Append a benchmark script's rows to a result CSV file, with their provenance.

    append_csv.py FILE --command "CMD" [--backend LIST] < ROWS.tsv

ROWS.tsv is a header line and rows, tab-separated. Each row is written to FILE with four
more columns: command (CMD), machine (the GPU's name and driver when LIST names cuda or
auto and nvidia-smi sees one, then the CPU model, cores and memory), commit (`git describe
--always --dirty` of this checkout: the binary may come from elsewhere, check before
copying rows into bench/results/) and date (UTC). A new FILE gets a header; an existing one
must have the same header. Used by bench/engine.sh, bench/end_to_end.sh and
bench/corpus_facts_engine.sh (--csv FILE).
"""
import argparse
import csv
import datetime
import os
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def output(*command):
    try:
        return subprocess.run(command, capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def machine(backends):
    parts = []
    if {"cuda", "auto"} & set(backends.split(",")):
        gpu = output("nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader")
        if gpu:
            name, _, driver = gpu.splitlines()[0].partition(", ")
            parts.append(f"{name}, driver {driver}" if driver else name)
    cpu = ""
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next((line.split(":", 1)[1].strip() for line in f if line.startswith("model name")), "")
    except OSError:
        pass
    memory = ""
    try:
        with open("/proc/meminfo") as f:
            kib = int(next(line.split()[1] for line in f if line.startswith("MemTotal:")))
            memory = f", {kib / 2**20:.0f} GiB"
    except (OSError, StopIteration, ValueError):
        pass
    parts.append(f"{cpu + ', ' if cpu else ''}{os.cpu_count()} CPU cores{memory}")
    return ", ".join(parts)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("--command", required=True)
    parser.add_argument("--backend", default="cpu")
    args = parser.parse_args()
    rows = [line.rstrip("\n").split("\t") for line in sys.stdin if line.strip()]
    if not rows:
        return 0
    header = rows[0] + ["command", "machine", "commit", "date"]
    extra = [args.command, machine(args.backend),
             output("git", "-C", REPO, "describe", "--always", "--dirty") or "not recorded",
             datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")]
    new = not os.path.exists(args.file) or os.path.getsize(args.file) == 0
    if not new:
        with open(args.file, newline="") as f:
            have = next(csv.reader(f), [])
        if have != header:
            print(f"append_csv: {args.file} has other columns; not appended", file=sys.stderr)
            return 2
    with open(args.file, "a", newline="") as f:
        writer = csv.writer(f, lineterminator="\n")
        if new:
            writer.writerow(header)
        for row in rows[1:]:
            writer.writerow(row + extra)
    print(f"append_csv: {len(rows) - 1} rows appended to {args.file}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
