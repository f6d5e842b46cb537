#!/usr/bin/env bash
# Builds the libFuzzer harnesses with clang 14 in build-fuzz/ and fuzzes each
# one for SECONDS (default 1800), one after the other, starting from the
# committed corpus fuzz/corpus/<harness>/ (read only: new inputs go to
# build-fuzz/corpus/<harness>/). Prints each harness's executions, speed,
# coverage and corpus size; a crash, hang or leak is saved as
# build-fuzz/crashes/<harness>/{crash,timeout,leak,oom}-<sha1> and fails the run.
#   fuzz/run.sh [SECONDS] [HARNESS...]
# With FUZZ_PARALLEL=1 the harnesses run at the same time (each for SECONDS of
# wall time, sharing the cores) instead of one after the other.
# Add a crash to the committed corpus once it is fixed, so ctest replays it:
#   build-fuzz/fuzz/fuzz_<harness> -merge=1 fuzz/corpus/<harness> build-fuzz/crashes/<harness>
set -uo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-1800}
shift || true
harnesses=("$@")
[ ${#harnesses[@]} -eq 0 ] && harnesses=(game_data template rich_text dice session_log spreadsheet pdf_finish
  workbook picture svg_check web_request)
jobs=$(nproc 2>/dev/null || echo 2)

export CMAKE_CXX_COMPILER_LAUNCHER=${CMAKE_CXX_COMPILER_LAUNCHER:-$(command -v ccache || true)}
cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBOCAGE_TESTS=OFF -DBOCAGE_FUZZ=ON \
  -DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_C_COMPILER=clang-14 >/dev/null || exit 1
targets=()
for h in "${harnesses[@]}"; do targets+=("fuzz_$h"); done
cmake --build build-fuzz -j"$jobs" --target "${targets[@]}" || exit 1

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/tests/lsan.supp:print_suppressions=0}

# fuzz_one HARNESS: fuzzes it, then writes its table row to build-fuzz/fuzz-HARNESS.row
# and exits non-zero on a crash, hang or leak.
fuzz_one() {
  local h=$1
  local dict=fuzz/$h.dict
  case $h in game_data | template) dict=fuzz/toml.dict ;; esac
  local work=build-fuzz/corpus/$h crashes=build-fuzz/crashes/$h log=build-fuzz/fuzz-$h.log
  mkdir -p "$work" "$crashes"
  local args=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536
              -print_final_stats=1 -artifact_prefix="$crashes/")
  [ -f "$dict" ] && args+=(-dict="$dict")
  build-fuzz/fuzz/fuzz_"$h" "${args[@]}" "$work" "fuzz/corpus/$h" >"$log" 2>&1
  local status=$?
  local stats execs speed cov ft corpus result=ok
  stats=$(grep -E '^#[0-9]+' "$log" | tail -1)
  execs=$(grep -oP 'stat::number_of_executed_units: *\K[0-9]+' "$log")
  speed=$(grep -oP 'stat::average_exec_per_sec: *\K[0-9]+' "$log")
  cov=$(grep -oP 'cov: \K[0-9]+' <<<"$stats")
  ft=$(grep -oP 'ft: \K[0-9]+' <<<"$stats")
  corpus=$(grep -oP 'corp: \K[0-9]+' <<<"$stats")
  [ $status -ne 0 ] &&
    result="FAILED (exit $status): $(grep -m1 -E 'ERROR: |runtime error|SUMMARY' "$log") — see $log, $crashes/"
  printf '%-12s %10s %8s %6s %6s %7s %s\n' "$h" "${execs:-?}" "${speed:-?}" "${cov:-?}" "${ft:-?}" \
    "${corpus:-?}" "$result" >"build-fuzz/fuzz-$h.row"
  return $status
}

failed=()
printf '%-12s %10s %8s %6s %6s %7s %s\n' harness execs exec/s cov ft corpus result
if [ "${FUZZ_PARALLEL:-0}" = 1 ]; then
  declare -A pids
  for h in "${harnesses[@]}"; do fuzz_one "$h" & pids[$h]=$!; done
  for h in "${harnesses[@]}"; do wait "${pids[$h]}" || failed+=("$h"); cat "build-fuzz/fuzz-$h.row"; done
else
  for h in "${harnesses[@]}"; do fuzz_one "$h" || failed+=("$h"); cat "build-fuzz/fuzz-$h.row"; done
fi
[ ${#failed[@]} -eq 0 ] || { echo "crashes, hangs or leaks in: ${failed[*]}" >&2; exit 1; }
