#!/usr/bin/env bash
# The instructions guard (bench/instructions_guard.sh) fails a program that
# costs more than 5 % above its reference, passes one within it, and --update
# writes the reference: tried with two small stand-ins for bocage-gen and
# pango_baseline whose work is a loop of a chosen length.
set -euo pipefail
source_root=$1
command -v valgrind >/dev/null || { echo "valgrind is not installed: the guard cannot be tried"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/build/generator" "$work/build/bench"
stand_in() {  # a program that runs a loop of $1 turns, whatever its arguments
  printf '#!/bin/sh\ni=0\nwhile [ $i -lt %s ]; do i=$((i + 1)); done\n' "$1" >"$2"
  chmod +x "$2"
}
stand_in 20000 "$work/build/bench/pango_baseline"
stand_in 20000 "$work/build/generator/bocage-gen"
export BUILD="$work/build" REFERENCE="$work/reference"
"$source_root/bench/instructions_guard.sh" --update
grep -q '^ratio = ' "$work/reference" || { echo "FAILED: --update wrote no ratio"; exit 1; }
"$source_root/bench/instructions_guard.sh" || { echo "FAILED: the same programs did not pass"; exit 1; }
stand_in 30000 "$work/build/generator/bocage-gen"
if "$source_root/bench/instructions_guard.sh"; then
  echo "FAILED: a program half as costly again passed"
  exit 1
fi
echo "the guard fails a costlier program and passes the same one"
