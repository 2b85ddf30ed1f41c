#!/usr/bin/env bash
# The GPU fallbacks of docs/FAILURES.md ("The GPU") on a machine with a GPU whose memory
# is mostly taken by another process (bench/cuda/hold_device_memory.cu):
#
#   bench/cuda/fallbacks.sh [GALIAS] [GRAPH]    (default build/galias, the first 20,000
#                                                edges of fe_sphere from tests/engine/data)
#
# 1. 512 MiB left free: `run sg --backend auto` warns and gives the CPU backend's count;
#    `--backend cuda` exits 3 with a message that names no source file.
# 2. FREE_MIB (default 1024) left free and a run that needs more (BIG_GRAPH, default
#    ../shared/data/graphs/fe_sphere.facts, SG's peak is about 5 GB): `--backend auto`
#    retries in the memory-lean mode, then on the CPU, says so, and gives the exact count.
# Prints one line per case, ok or FAIL; exits 1 when any fails.
set -uo pipefail
cd "$(dirname "$0")/../.."
GALIAS="${1:-build/galias}"
WORK="$(mktemp -d)"
trap 'kill "$holder" 2>/dev/null; rm -rf "$WORK"' EXIT
holder=""
if [ -n "${2:-}" ]; then
    mkdir -p "$WORK/small" && cp "$2" "$WORK/small/edge.facts"
else
    mkdir -p "$WORK/small" && gunzip -c tests/engine/data/fe_sphere-first20000.facts.gz >"$WORK/small/edge.facts"
fi
BIG="${BIG_GRAPH:-../shared/data/graphs/fe_sphere.facts}"
nvcc -O2 -o "$WORK/hold" bench/cuda/hold_device_memory.cu || exit 2

status=0
check() {  # name condition-result
    if [ "$2" -eq 0 ]; then echo "ok   $1"; else echo "FAIL $1"; status=1; fi
}
hold() {  # MiB left free
    "$WORK/hold" "$1" >"$WORK/hold.log" 2>&1 &
    holder=$!
    for _ in $(seq 100); do grep -q holding "$WORK/hold.log" && break; sleep 0.1; done
    cat "$WORK/hold.log"
}
release() { kill "$holder" 2>/dev/null; wait "$holder" 2>/dev/null; holder=""; }

expected=$("$GALIAS" run sg -F "$WORK/small" -D - --backend cpu | awk '$1 == "SG" {print $2}')
echo "SG on the small graph, CPU backend: $expected"

hold 512
"$GALIAS" run sg -F "$WORK/small" -D - --backend auto >"$WORK/auto.out" 2>"$WORK/auto.err"
rc=$?
echo "auto, 512 MiB free: exit $rc, stdout $(tr '\n' ' ' <"$WORK/auto.out"), stderr: $(tr '\n' ' ' <"$WORK/auto.err")"
check "auto with 512 MiB free gives the CPU's count" \
    "$([ $rc -eq 0 ] && grep -qx "SG	$expected" "$WORK/auto.out" && echo 0 || echo 1)"
check "auto with 512 MiB free says it fell back" "$([ -s "$WORK/auto.err" ] && echo 0 || echo 1)"
"$GALIAS" run sg -F "$WORK/small" -D - --backend cuda >"$WORK/cuda.out" 2>"$WORK/cuda.err"
rc=$?
echo "cuda, 512 MiB free: exit $rc, stderr: $(tr '\n' ' ' <"$WORK/cuda.err")"
check "cuda with 512 MiB free exits 3" "$([ $rc -eq 3 ] && echo 0 || echo 1)"
check "cuda with 512 MiB free names no source file" \
    "$(grep -qE '\.(cu|cuh|cpp|hpp)\b' "$WORK/cuda.err" && echo 1 || echo 0)"
release

if [ -f "$BIG" ]; then
    mkdir -p "$WORK/big" && cp "$BIG" "$WORK/big/edge.facts"
    big_expected=$("$GALIAS" run sg -F "$WORK/big" -D - --backend cuda | awk '$1 == "SG" {print $2}')
    echo "SG on $BIG, whole GPU: $big_expected"
    hold "${FREE_MIB:-1024}"
    start=$(date +%s%N)
    "$GALIAS" run sg -F "$WORK/big" -D - --backend auto >"$WORK/big.out" 2>"$WORK/big.err"
    rc=$?
    ms=$(( ($(date +%s%N) - start) / 1000000 ))
    echo "auto, ${FREE_MIB:-1024} MiB free: exit $rc in $ms ms, stdout $(tr '\n' ' ' <"$WORK/big.out"), stderr: $(tr '\n' ' ' <"$WORK/big.err")"
    check "auto out of device memory mid-run gives the exact count" \
        "$([ $rc -eq 0 ] && grep -qx "SG	$big_expected" "$WORK/big.out" && echo 0 || echo 1)"
    check "auto out of device memory mid-run says so" "$([ -s "$WORK/big.err" ] && echo 0 || echo 1)"
    release
else
    echo "skip the mid-run case: no $BIG"
fi
exit "$status"
