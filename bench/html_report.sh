#!/usr/bin/env bash
# How long the HTML report of a SARIF log takes (docs/html-report.md): `galias report
# --html` into a new directory, then the same report written again over it (the earlier
# report is replaced whole and removed), and how long its index takes to be ready in
# headless Chromium: the page's own measure (performance.now() when its list is drawn, the
# browser's start not counted), opening on errors and warnings, and with every finding
# listed (#level=all, a page of 500 rows).
#
#   bench/html_report.sh [--galias PATH] [-n RUNS] [-j JOBS] [--csv FILE] LOG.sarif [SOURCE_ROOT]
#
#   LOG.sarif     any SARIF 2.1.0 log (galias check --sarif)
#   SOURCE_ROOT   where the log's sources are (galias report --source-root); default: where
#                 the log says (its originalUriBaseIds)
#   -n RUNS       runs of each measure; the median is printed (default 3)
#   -j JOBS       processes drawing the pages (galias report -j; default 0: one per core)
#   --csv FILE    also append the row to FILE with its command, machine, commit and date
#                 (bench/results/append_csv.py)
#
# Prints one Markdown table row (with its header) on stdout: the log, its findings, the
# pages written, the seconds of a new report and of a report written over it, the index's
# ready times in ms (each the median, then every run in order), and the report's size;
# then the machine, the commit and the load average, since the time depends on what else
# runs. The reports are written under
# $TMPDIR and removed at the end. Example:
#
#   bench/html_report.sh /path/to/redis.sarif ~/.cache/galias-corpus/redis/src
set -euo pipefail
REPO="$(cd "$(dirname "$0")/.." && pwd)"
GALIAS="${GALIAS:-$REPO/build/galias}"
RUNS=3
JOBS=0
CSV=""
COMMAND="$(sed -E "s/ --csv [^ ]+//" <<<"bench/html_report.sh $*")"
while [ $# -gt 0 ]; do
    case "$1" in
        --galias) GALIAS="$2"; shift 2 ;;
        -n) RUNS="$2"; shift 2 ;;
        -j) JOBS="$2"; shift 2 ;;
        --csv) CSV="$2"; shift 2 ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        -*) echo "html_report.sh: unknown option $1" >&2; exit 2 ;;
        *) break ;;
    esac
done
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: bench/html_report.sh [--galias PATH] [-n RUNS] [-j JOBS] [--csv FILE] LOG.sarif [SOURCE_ROOT]" >&2; exit 2; }
LOG="$1"
ROOT_ARGS=()
[ $# -eq 2 ] && ROOT_ARGS=(--source-root "$2")
[ -f "$LOG" ] || { echo "html_report.sh: no log $LOG" >&2; exit 2; }
[ -x "$GALIAS" ] || { echo "html_report.sh: no galias at $GALIAS (build it, or give --galias)" >&2; exit 2; }
CHROMIUM=""
for name in chromium chromium-browser google-chrome; do
    if command -v "$name" >/dev/null; then CHROMIUM="$(command -v "$name")"; break; fi
done

WORK="$(mktemp -d "${TMPDIR:-/tmp}/galias-html-bench-XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

# The median of the numbers on stdin, then every run in order: "9.9 (9.1, 9.9, 11.2)".
median() {
    local values
    values="$(cat)"
    local m
    m="$(sort -g <<<"$values" | awk '{ v[NR] = $1 } END { if (NR == 0) print "–"; else if (NR % 2) print v[(NR + 1) / 2]; else printf "%g\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }')"
    if [ "$(wc -l <<<"$values")" -gt 1 ]; then echo "$m ($(paste -sd, <<<"$values" | sed 's/,/, /g'))"; else echo "$m"; fi
}

# Seconds of one `galias report`, its stderr kept in $WORK/report.err.
report_seconds() {
    local start end
    start=$(date +%s.%N)
    "$GALIAS" report --html "$1" -j "$JOBS" "${ROOT_ARGS[@]}" "$LOG" 2>"$WORK/report.err" ||
        { cat "$WORK/report.err" >&2; exit 1; }
    end=$(date +%s.%N)
    awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f\n", b - a }'
}

# The index's data-ready-ms in a fresh headless Chromium, with the URL fragment $2.
ready_ms() {
    [ -n "$CHROMIUM" ] || { echo "–"; return; }
    "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run --user-data-dir="$WORK/profile" \
        --dump-dom "file://$1/index.html$2" 2>/dev/null | grep -o 'data-ready-ms="[0-9]*"' | grep -o '[0-9]*' || echo "–"
}

: >"$WORK/new" ; : >"$WORK/again" ; : >"$WORK/ready" ; : >"$WORK/ready_all"
# The new reports first: removing a report (as writing over one does) slows the creation of
# many files right after it on some file systems (ext4 skips recently freed inodes).
for run in $(seq 1 "$RUNS"); do
    mkdir -p "$WORK/run$run"
    report_seconds "$WORK/run$run/report" >>"$WORK/new"
done
for run in $(seq 1 "$RUNS"); do
    ready_ms "$WORK/run$run/report" "" >>"$WORK/ready"
    ready_ms "$WORK/run$run/report" "#level=all" >>"$WORK/ready_all"
done
for run in $(seq 1 "$RUNS"); do
    report_seconds "$WORK/run$run/report" >>"$WORK/again"
done
# "galias: HTML report: DIR/index.html (N findings, M pages; K code flows drawn)"
line="$(grep 'HTML report:' "$WORK/report.err")"
findings="$(sed -E 's/.*\(([0-9]+) findings?, .*/\1/' <<<"$line")"
pages="$(sed -E 's/.*, ([0-9]+) pages?;.*/\1/' <<<"$line")"
size_mb="$(du -sm --apparent-size "$WORK/run1/report" | cut -f1)"

header="log	findings	pages	new report s	written over s	index ready ms (errors, warnings)	index ready ms (all)	report MB"
row="$(basename "$LOG")	$findings	$pages	$(median <"$WORK/new")	$(median <"$WORK/again")	$(median <"$WORK/ready")	$(median <"$WORK/ready_all")	$size_mb"
echo "| ${header//	/ | } |"
echo "|$(sed 's/[^	]*/---|/g; s/	//g' <<<"$header")"
echo "| ${row//	/ | } |"
echo
echo "- command: \`$COMMAND\` (the median of $RUNS runs, then each run; -j $JOBS)"
echo "- machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(free -g | awk '/^Mem:/ { print $2 " GiB" }'); load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "- commit: $(git -C "$REPO" describe --always --dirty 2>/dev/null || echo unknown); galias: $("$GALIAS" --version 2>/dev/null | head -1)"
[ -n "$CHROMIUM" ] && echo "- browser: $("$CHROMIUM" --version 2>/dev/null | head -1)" || echo "- browser: none found (index times not measured)"
if [ -n "$CSV" ]; then
    printf '%s\n%s\n' "$header" "$row" | python3 "$REPO/bench/results/append_csv.py" "$CSV" --command "$COMMAND"
fi
