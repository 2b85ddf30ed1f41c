#!/usr/bin/env python3
"""Where a points-to result is large: the objects pointed to by the most pointers, and the
pointers with the largest points-to sets, by name (symbols.tsv of the fact directory).

    galias run andersen -F FACTS/andersen -D OUT --backend cpu
    bench/corpus/fanout.py FACTS OUT/PointsTo.csv [--top N]

CSPA's ValueAlias grows with the square of how many pointers share a target, so the first
table says which objects make it large; the estimate column is pointers^2 per object.
"""
import argparse
import collections
import sys


def read_symbols(facts_dir):
    """Names and kinds of the nodes, by the columns the header line names (docs/FACTS.md)."""
    names, kinds = {}, {}
    with open(f"{facts_dir}/symbols.tsv", encoding="utf-8", errors="replace") as f:
        header = f.readline().lstrip("#").rstrip("\n").split("\t")
        at = {name: i for i, name in enumerate(header)}
        for line in f:
            cols = line.rstrip("\n").split("\t")
            node = int(cols[at["id"]])
            context = cols[at["context"]]
            kinds[node] = cols[at["kind"]]
            names[node] = cols[at["name"]] + ("#" + context if context not in ("0", "") else "")
    return names, kinds


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("facts")
    parser.add_argument("points_to")
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    names, kinds = read_symbols(args.facts)
    pointed_by = collections.Counter()
    points_to = collections.Counter()
    total = 0
    with open(args.points_to) as f:
        for line in f:
            p, o = line.split()
            pointed_by[int(o)] += 1
            points_to[int(p)] += 1
            total += 1
    square = sum(n * n for n in pointed_by.values())
    print(f"PointsTo {total:,}; pointers {len(points_to):,}; objects {len(pointed_by):,}; "
          f"sum over objects of pointers^2 {square:,}")
    print(f"\nobjects pointed to by the most pointers (top {args.top}):")
    print(f"{'pointers':>10} {'share of sq':>11}  object")
    for o, n in pointed_by.most_common(args.top):
        print(f"{n:>10,} {n * n / square:>10.1%}  {kinds.get(o, '?'):8} {names.get(o, o)}")
    print(f"\npointers with the largest points-to sets (top {args.top}):")
    for p, n in points_to.most_common(args.top):
        print(f"{n:>10,}  {kinds.get(p, '?'):8} {names.get(p, p)}")
    by_kind = collections.Counter()
    for o, n in pointed_by.items():
        by_kind[kinds.get(o, "?")] += n
    print("\nPointsTo by object kind: " + ", ".join(f"{k} {v:,}" for k, v in by_kind.most_common()))


if __name__ == "__main__":
    sys.exit(main())
