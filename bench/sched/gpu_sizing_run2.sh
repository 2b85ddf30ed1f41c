#!/usr/bin/env bash
# Copied from .device-carry/h6/ (device tool runs of docs/BENCHMARKS.md, branch gpu-sizing).
# Issue #6, branch gpu-sizing: the pool of part B (16 jobs) one after another for both
# binaries (device waits summed over the jobs), then part C again, new binary first.
set -uo pipefail
C=.device-carry
H=$C/h6
export LD_LIBRARY_PATH=$PWD/$C/lib CUDA_MODULE_LOADING=EAGER
POOL="cspa:zlib/k1 andersen:lua5.4/k0 reach:CA-HepTH@20000 sg:ego-Facebook@30000 cspa:bzip2/k1 andersen:libzstd/k0 reach:fe_sphere@20000 sg:fe_sphere@20000 cspa:zlib/k0 andersen:jq/k0 reach:SF.cedge@30000 sg:CA-HepTH@5000 cspa:bzip2/k0 andersen:zlib/k1 reach:Gnutella31@30000 andersen:bzip2/k1"
mkdir -p /tmp/g; : > /tmp/pool.txt
for c in $POOL; do
    p=${c%%:*}; d=${c#*:}
    case $d in
        */k*) echo "$p $PWD/$C/facts/$d/facts/$([ $p = andersen ] && echo andersen || echo cspa) -" >> /tmp/pool.txt ;;
        *) g=${d%%@*}; mkdir -p /tmp/g/$d; head -n ${d#*@} $C/graphs/$g.facts > /tmp/g/$d/edge.facts; echo "$p /tmp/g/$d -" >> /tmp/pool.txt ;;
    esac
done
for b in bin base bin base; do
    $H/$b/galias run --batch /tmp/pool.txt --backend cuda --sched off > $OUT/pool-$b.tsv 2> $OUT/pool-$b.err
    echo "$b pool of 16, sched off: $(grep '^batch:' $OUT/pool-$b.err | sed 's/^batch: 16 jobs on [^,]*, //')"
done
cmp -s $OUT/pool-bin.tsv $OUT/pool-base.tsv && echo "pool outputs identical" || echo "POOL OUTPUTS DIFFER"
for b in bin base; do
    echo "=== $b"
    timeout 125 bench/sched/concurrency.sh --galias $H/$b/galias --facts $C/facts --graphs $C/graphs --runs 3 --part C 2>&1 | grep -E "^\| [0-9]"
done
