#!/usr/bin/env bash
# Bocage quick start, for a fresh Debian bookworm machine (README: Quick start).
#   scripts/quickstart.sh render   install what is missing, build in Release, install into ~/.local
#                                  (PREFIX=... for another prefix), render every game into output/
#   scripts/quickstart.sh test     install what is missing, build with sanitizers, run the whole test suite
# Both are non-interactive and idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(
  g++ cmake make pkg-config
  libcairo2-dev libpango1.0-dev libharfbuzz-dev libfontconfig-dev librsvg2-dev
  libgdk-pixbuf-2.0-dev  # pictures: PNG, JPEG and the rest, read whole
  libtomlplusplus-dev libcli11-dev libicu-dev libedit-dev zlib1g-dev
  libzip-dev libxml2-dev  # cards in .xlsx and .ods workbooks
  catch2 libpoppler-cpp-dev libqpdf-dev
  ghostscript        # build --pdfx: PDF/X-1a for a print shop
  libmicrohttpd-dev nlohmann-json3-dev libqrencode-dev  # bocage-play serve
  libcpp-httplib-dev  # the tests' and the bench's HTTP client
  chromium chromium-driver python3-selenium              # its page, tested in a real browser
  firefox-esr                                            # and in a second engine (tests/web/firefox_test.py)
  fonts-morisawa-bizud-gothic fonts-morisawa-bizud-mincho fontconfig
  fonts-dejavu-core  # the tests' "other installed font" (tests/font_machines.h)
  locales            # the tests run as a Japanese desktop does (ja_JP.UTF-8)
  zsh fish           # the shell completions, tried in each shell
  valgrind           # bench/instructions_guard.sh: bocage-gen's instructions against plain pango_cairo's
)

install_missing() {
  local missing=()
  for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=()
  [ "$(id -u)" -ne 0 ] && sudo=(sudo)
  echo "Installing: ${missing[*]}"
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# The locales the suite runs in: Japanese, as Debian's installer sets it for a
# Japanese desktop, and English for the tests of the language switch. Debian
# generates only the locales named in /etc/locale.gen; localedef makes one
# without touching that file.
ensure_locales() {
  local sudo=()
  [ "$(id -u)" -ne 0 ] && sudo=(sudo)
  for l in ja_JP en_US; do
    locale -a 2>/dev/null | grep -qix "$l.utf-\?8" && continue
    echo "Generating the locale $l.UTF-8"
    "${sudo[@]}" localedef -i "$l" -f UTF-8 "$l.UTF-8"
  done
}

# A run of ctest in one locale, with every other locale variable unset (what
# a desktop session of that locale gives a program).
ctest_in() {
  local lang=$1
  shift
  env -u LC_ALL -u LC_MESSAGES -u LC_CTYPE -u LANGUAGE LANG="$lang" \
    ctest --test-dir build-test --output-on-failure --no-tests=error -j"$jobs" "$@"
}

jobs=$(nproc 2>/dev/null || echo 2)

case "${1:-}" in
  deps)
    install_missing
    ;;
  render)
    install_missing
    cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DBOCAGE_TESTS=OFF
    cmake --build build -j"$jobs"
    prefix=${PREFIX:-$HOME/.local}
    cmake --install build --prefix "$prefix"
    "$prefix/bin/bocage-gen" build --all --out output
    case ":$PATH:" in
      *":$prefix/bin:"*) ;;
      *) echo "bocage-gen and bocage-play are in $prefix/bin: add it to your PATH (export PATH=\"$prefix/bin:\$PATH\")" ;;
    esac
    ;;
  test)
    install_missing
    ensure_locales
    cmake -S . -B build-test -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBOCAGE_TESTS=ON -DBOCAGE_SANITIZE=ON
    cmake --build build-test -j"$jobs"
    # No change slows a build unseen: bocage-gen's instructions on Endless
    # Patrol's decks over plain pango_cairo's, against bench/instructions-reference
    # (a Release build of the two programs in build-bench/).
    echo "== the instructions guard (bench/instructions_guard.sh)"
    bench/instructions_guard.sh
    # The end-to-end tests of bocage-gen once more in the C locale, then the
    # whole suite as a Japanese desktop runs it; ctest's summary line last.
    echo "== bocage-gen's end-to-end tests in the C locale"
    ctest_in C -R '^e2e:'
    echo "== the whole suite in ja_JP.UTF-8"
    ctest_in ja_JP.UTF-8
    ;;
  *)
    echo "usage: $0 render|test|deps" >&2
    exit 2
    ;;
esac
