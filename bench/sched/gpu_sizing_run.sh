#!/usr/bin/env bash
# Copied from .device-carry/h6/ (device tool runs of docs/BENCHMARKS.md, branch gpu-sizing).
# Issue #6, branch gpu-sizing (worktree /work/wt-6b), base = main 4e7b217, bin = branch.
# GPU tests, synchronizations per job without --stats (a batch of one job, sched off),
# the traced new binary, then concurrency.sh parts C and B for both binaries.
set -uo pipefail
C=.device-carry
H=$C/h6
export LD_LIBRARY_PATH=$PWD/$C/lib CUDA_MODULE_LOADING=EAGER
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
timeout 120 $H/bin/engine_gpu_tests > $OUT/tests.txt 2>&1
grep -E "^\[  (PASSED|FAILED)|^\[==========\]|SKIPPED \]" $OUT/tests.txt | tail -8
for job in "cspa $C/facts/bzip2/k1/facts/cspa" "cspa $C/facts/zlib/k1/facts/cspa" "andersen $C/facts/lua5.4/k0/facts/andersen"; do
    set -- $job
    echo "$1 $PWD/$2 -" > /tmp/one.txt
    for b in base bin; do
        for r in 1 2; do $H/$b/galias run --batch /tmp/one.txt --backend cuda --sched off > /dev/null 2> $OUT/one-$b.txt; done
        echo "$b $1 $(echo $2 | cut -d/ -f3,4): $(grep '^batch:' $OUT/one-$b.txt | sed 's/^batch: 1 jobs on [^,]*, //')"
    done
done
GALIAS_CUDA_TRACE=1 $H/bin/galias run cspa -F $C/facts/bzip2/k1/facts/cspa -D - --backend cuda --sched off > /dev/null 2> $OUT/trace-bin.txt
grep -E "^(index|join: count)" $OUT/trace-bin.txt
for b in base bin; do
    echo "=== $b"
    timeout 125 bench/sched/concurrency.sh --galias $H/$b/galias --facts $C/facts --graphs $C/graphs --runs 3 --part C 2>&1 | grep -E "^\||queue of"
    timeout 60 bench/sched/concurrency.sh --galias $H/$b/galias --facts $C/facts --graphs $C/graphs --runs 3 --part B 2>&1 | grep -E "^\| [0-9]"
done
