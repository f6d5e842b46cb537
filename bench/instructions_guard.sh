#!/usr/bin/env bash
# The guard CI runs so that no change slows bocage-gen unseen (issue 48): the
# instructions `bocage-gen build` executes on W1 (Endless Patrol's two decks,
# as bench/run.sh measures them) divided by those of bench/pango_baseline.c on
# the same work, counted by valgrind (deterministic: no machine's load changes
# them), against the reference committed in bench/instructions-reference.
#   bench/instructions_guard.sh           build Release into build-bench/, measure, compare:
#                                         exit 1 when the ratio is more than 5 % above the reference
#   bench/instructions_guard.sh --update  measure and write the reference: commit it with the
#                                         change that means to cost more (or less)
# BUILD=dir uses another Release build (it must hold generator/bocage-gen and bench/pango_baseline);
# REFERENCE=file another reference (the test of the guard itself).
set -euo pipefail
cd "$(dirname "$0")/.."

reference=${REFERENCE:-bench/instructions-reference}
tolerance=1.05
update=0
[ "${1:-}" = "--update" ] && update=1

command -v valgrind >/dev/null || { echo "instructions guard: valgrind is needed (apt-get install valgrind)" >&2; exit 2; }
build=${BUILD:-build-bench}
if [ -z "${BUILD:-}" ]; then
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DBOCAGE_TESTS=OFF >/dev/null
  cmake --build "$build" -j"$(nproc)" --target bocage-gen pango_baseline >/dev/null
fi
case $build in /*) ;; *) build="$PWD/$build" ;; esac
gen="$build/generator/bocage-gen"
base="$build/bench/pango_baseline"
for program in "$gen" "$base"; do
  [ -x "$program" ] || { echo "instructions guard: $program is missing" >&2; exit 2; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/decks" "$work/ours" "$work/base"
cp -r data/endless-patrol "$work/decks/"
sed -i 's/^components = .*/components = ["gi-deck.toml", "patrol-deck.toml"]/' \
  "$work/decks/endless-patrol/game.toml"
ours=("$gen" build endless-patrol --data "$work/decks" --templates "$PWD/templates" --out "$work/ours")
theirs=("$base" data/endless-patrol templates/icons "$work/base")

# The instructions of one run (fontconfig's cache made by a run beforehand).
instructions() {
  "$@" >/dev/null 2>&1
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
    awk '/Collected :/ {print $NF; found = 1} END {if (!found) exit 1}'
}
ours_ir=$(instructions "${ours[@]}")
base_ir=$(instructions "${theirs[@]}")
ratio=$(awk -v a="$ours_ir" -v b="$base_ir" 'BEGIN {printf "%.3f", a / b}')
printf 'bocage-gen build (W1): %d instructions; pango_baseline: %d; ratio %s\n' \
  "$ours_ir" "$base_ir" "$ratio"

if [ "$update" = 1 ]; then
  {
    echo "# The instructions of bocage-gen build on W1 over pango_baseline's (bench/instructions_guard.sh)."
    echo "# Written by bench/instructions_guard.sh --update on $(date -u +%Y-%m-%d): $ours_ir / $base_ir."
    echo "ratio = $ratio"
  } >"$reference"
  echo "wrote $reference"
  exit 0
fi
want=$(awk -F' = ' '/^ratio = / {print $2}' "$reference")
[ -n "$want" ] || { echo "instructions guard: no ratio in $reference" >&2; exit 2; }
limit=$(awk -v r="$want" -v t="$tolerance" 'BEGIN {printf "%.3f", r * t}')
if awk -v r="$ratio" -v l="$limit" 'BEGIN {exit !(r > l)}'; then
  echo "instructions guard: FAILED: the ratio $ratio is more than 5 % above the reference $want (limit $limit)." >&2
  echo "  If the change means to cost more, measure again and commit the reference with it:" >&2
  echo "    bench/instructions_guard.sh --update" >&2
  exit 1
fi
echo "instructions guard: passed (reference $want, limit $limit)"
