#!/usr/bin/env bash
# Re-runnable benchmark of bocage-gen: wall time (hyperfine), peak memory
# (/usr/bin/time -v) and PDF sizes for building and validating the shipped
# games; and of bocage-play: command and resume times (bench/play_bench.cpp) and the
# game core's commands per second (bench/core_bench.cpp) and the simulator's games per
# second (bench/sim_bench.cpp).
#   bench/run.sh            build Release into build/ if needed, then measure
# Figures are printed as Markdown, ready for the README.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v hyperfine >/dev/null || need+=(hyperfine)
[ -x /usr/bin/time ] || need+=(time)
command -v pdfinfo >/dev/null || need+=(poppler-utils)
if [ ${#need[@]} -gt 0 ]; then
  sudo=(); [ "$(id -u)" -ne 0 ] && sudo=(sudo)
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}"
fi

cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DBOCAGE_TESTS=OFF >/dev/null
cmake --build build -j"$(nproc)" >/dev/null
gen="$PWD/build/generator/bocage-gen"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

echo "## bocage-gen benchmark ($(nproc) cores, $(date -u +%Y-%m-%d))"
echo
hyperfine --warmup 3 --runs 20 --style none --export-markdown "$out/times.md" \
  -n "build endless-patrol" "$gen build endless-patrol --out $out/pdf" \
  -n "build --all" "$gen build --all --out $out/pdf" \
  -n "validate --all" "$gen validate --all" >/dev/null
cat "$out/times.md"
echo
echo "| command | peak memory |"
echo "|:---|---:|"
for args in "build endless-patrol --out $out/pdf" "build --all --out $out/pdf" "validate --all"; do
  rss=$(/usr/bin/time -v "$gen" $args 2>&1 >/dev/null | awk -F: '/Maximum resident set size/ {gsub(/ /, "", $2); print $2}')
  printf '| `bocage-gen %s` | %s MB |\n' "${args%% --out*}" "$(awk -v k="$rss" 'BEGIN {printf "%.1f", k / 1024}')"
done
echo
echo "| PDF | pages | size |"
echo "|:---|---:|---:|"
for pdf in "$out"/pdf/*/*.pdf; do
  printf '| %s | %s | %s KB |\n' "${pdf#$out/pdf/}" "$(pdfinfo "$pdf" | awk '/^Pages:/ {print $2}')" \
    "$(awk -v b="$(stat -c %s "$pdf")" 'BEGIN {printf "%.1f", b / 1024}')"
done
echo
# Side by side with plain pango_cairo (bench/pango_baseline.c) on the same
# work: Endless Patrol's two decks (73 faces, their backs, 3x3 on A4).
echo "## bocage-gen beside plain pango_cairo (bench/pango_baseline.c)"
echo
mkdir -p "$out/decks" "$out/ours" "$out/base"
cp -r data/endless-patrol "$out/decks/"
sed -i 's/^components = .*/components = ["gi-deck.toml", "patrol-deck.toml"]/' "$out/decks/endless-patrol/game.toml"
base="$PWD/build/bench/pango_baseline"
ours_cmd="$gen build endless-patrol --data $out/decks --templates $PWD/templates --out $out/ours"
base_cmd="$base data/endless-patrol templates/icons $out/base"
# In turn, A then B, 40 times (bench/side_by_side.cpp): a load that comes and
# goes during the measurement weighs on both alike.
# shellcheck disable=SC2086
"$PWD/build/bench/side_by_side" 40 "bocage-gen build (2 decks)" $ours_cmd -- \
  "pango_baseline (2 decks)" $base_cmd
echo
echo "| program | peak memory | PDFs |"
echo "|:---|---:|---:|"
for pair in "bocage-gen build (2 decks)|$ours_cmd|$out/ours/endless-patrol" "pango_baseline (2 decks)|$base_cmd|$out/base"; do
  IFS='|' read -r name cmd dir <<<"$pair"
  rss=$(/usr/bin/time -v $cmd 2>&1 >/dev/null | awk -F: '/Maximum resident set size/ {gsub(/ /, "", $2); print $2}')
  bytes=$(cat "$dir"/*.pdf | wc -c)
  printf '| %s | %s MB | %s KB |\n' "$name" "$(awk -v k="$rss" 'BEGIN {printf "%.1f", k / 1024}')" \
    "$(awk -v b="$bytes" 'BEGIN {printf "%.1f", b / 1024}')"
done
echo
# On a busy machine wall times say little: the instructions each program
# executes (valgrind's callgrind) do not depend on the load. BENCH_INSTRUCTIONS=1 bench/run.sh
if [ "${BENCH_INSTRUCTIONS:-0}" = 1 ] && command -v valgrind >/dev/null; then
  echo "| program | instructions |"
  echo "|:---|---:|"
  for pair in "bocage-gen build (2 decks)|$ours_cmd" "pango_baseline (2 decks)|$base_cmd"; do
    IFS='|' read -r name cmd <<<"$pair"
    ir=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null $cmd 2>&1 >/dev/null |
      awk '/refs:/ {gsub(/,/, "", $NF); print $NF}')
    printf '| %s | %s M |\n' "$name" "$(awk -v n="$ir" 'BEGIN {printf "%.0f", n / 1e6}')"
  done
  echo
fi
echo "Typesetting layer alone (bench/text_bench.cpp):"
echo
echo "    $(build/bench/text_bench 10000)"
echo
echo "## bocage-play benchmark"
echo
echo "The game core alone (bench/core_bench.cpp: random legal moves, narration off, no file):"
echo
build/bench/core_bench 2000
echo
echo "The simulator (bench/sim_bench.cpp: 10,000 games of Stuart vs Zombies per player, every core):"
echo
build/bench/sim_bench 10000
echo
echo "In the library (bench/play_bench.cpp; the session file is on the disk of $out):"
echo
build/bench/play_bench 1000 "$out/bench.session" | sed '$d'
echo
echo "The web companion (bench/serve_bench.cpp: a tap to four screens updated, loopback):"
echo
build/bench/serve_bench 300
echo
echo "The whole program (start, load the data, replay the 1000 commands, answer):"
echo
play="$PWD/build/companion/bocage-play"
hyperfine -N --warmup 3 --runs 30 --style none --export-markdown "$out/play.md" \
  -n "bocage-play exec SESSION status" "$play exec $out/bench.session status" \
  -n "bocage-play roll 2d6" "$play roll 2d6 --seed 1" >/dev/null
hyperfine -N --warmup 3 --runs 30 --style none --export-markdown "$out/play2.md" \
  --prepare "cp $out/bench.session $out/b2.session" \
  -n "bocage-play exec SESSION 'roll -- 4' (logged and fsynced)" "$play exec $out/b2.session 'roll -- 4'" >/dev/null
tail -n 1 "$out/play2.md" >> "$out/play.md"
cat "$out/play.md"
