#!/usr/bin/env bash
# Fresh Debian 12 machine: install dependencies, build galias, run it on the bundled example.
# Picks the CUDA backend when a GPU is present, the CPU backend otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
./scripts/build.sh
./scripts/demo.sh
