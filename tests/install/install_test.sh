#!/usr/bin/env bash
# The installed copy works on its own (ctest "install: ..."; labels install, slow):
# `cmake --install` into a temporary prefix, then, from a folder outside the
# source tree, with the source tree out of reach (an installed program never
# falls back to it; BOCAGE_NO_SOURCE_TREE makes sure) and no other place in the
# search order holding games: the man pages format cleanly, `paths` names the
# prefix, every game renders, the companion plays, and README.md's commands
# (the lines of its ```sh blocks that start with bocage-gen or bocage-play)
# run as written with the prefix's bin/ on the PATH.
#   install_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(realpath "$1")
source=$(realpath "$2")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bocage-install-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

prefix=$tmp/prefix
cmake --install "$build" --prefix "$prefix" >"$tmp/install.log" || { cat "$tmp/install.log"; fail "cmake --install"; }
for f in bin/bocage-gen bin/bocage-play share/man/man1/bocage-gen.1.gz share/man/man1/bocage-play.1.gz \
         share/man/ja/man1/bocage-gen.1.gz share/man/ja/man1/bocage-play.1.gz \
         share/bash-completion/completions/bocage-gen share/bash-completion/completions/bocage-play \
         share/zsh/vendor-completions/_bocage-gen share/zsh/vendor-completions/_bocage-play \
         share/fish/vendor_completions.d/bocage-gen.fish share/fish/vendor_completions.d/bocage-play.fish \
         share/doc/bocage/README.md share/doc/bocage/docs/install.md share/doc/bocage/copyright \
         share/doc/bocage/changelog.gz share/bocage/templates/common/card-frame.toml; do
  [ -e "$prefix/$f" ] || fail "not installed: $f"
done

for page in bocage-gen bocage-play; do
  gzip -t "$prefix/share/man/man1/$page.1.gz" || fail "$page.1.gz is not gzip"
  # SEE ALSO names the documents where this prefix put them.
  zcat "$prefix/share/man/man1/$page.1.gz" | grep -qF "$prefix/share/doc/bocage/" \
    || fail "$page.1 does not name $prefix/share/doc/bocage"
done
gzip -t "$prefix/share/doc/bocage/changelog.gz" || fail "changelog.gz is not gzip"
# The finisher's libqpdf module, where bocage-gen looks for it beside its prefix.
[ -n "$(find "$prefix" -path '*/bocage/libbocage-qpdf.so' -type f)" ] \
  || fail "not installed: lib/bocage/libbocage-qpdf.so"
# The README's links to docs/ lead to installed files, as in the source tree.
for link in $(grep -o '](docs/[^)#]*' "$prefix/share/doc/bocage/README.md" | sed 's/^](//' | sort -u); do
  [ -e "$prefix/share/doc/bocage/$link" ] || fail "README.md links to $link, not installed"
done

# A clean user: an empty home, nothing in the XDG folders, cwd outside the source tree.
work=$tmp/work
mkdir -p "$work/home"
cd "$work"
export HOME=$work/home XDG_DATA_HOME=$work/home/.local/share XDG_DATA_DIRS=$work/no-such-dir
export BOCAGE_NO_SOURCE_TREE=1 PATH="$prefix/bin:$PATH" LC_ALL=C
unset BOCAGE_DATA_DIR BOCAGE_TEMPLATES_DIR LANG LC_MESSAGES || true
[ "$(command -v bocage-gen)" = "$prefix/bin/bocage-gen" ] || fail "bocage-gen is not the installed one"

if command -v man >/dev/null; then
  for page in bocage-gen bocage-play; do
    warnings=$(MANWIDTH=80 man --warnings -l "$prefix/share/man/man1/$page.1.gz" 2>&1 >/dev/null)
    [ -z "$warnings" ] || fail "man -l $page.1: $warnings"
    MANWIDTH=80 man -l "$prefix/share/man/man1/$page.1.gz" 2>/dev/null | grep -q "EXIT STATUS" || fail "$page.1 has no EXIT STATUS"
    # The Japanese page, from the help catalogs: every heading, no troff warning.
    ja=$prefix/share/man/ja/man1/$page.1.gz
    warnings=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$ja" 2>&1 >/dev/null)
    [ -z "$warnings" ] || fail "man -l ja/$page.1: $warnings"
    text=$(LC_ALL=C.UTF-8 MANWIDTH=80 man -l "$ja" 2>/dev/null)
    for heading in 名前 書式 説明 コマンド 環境変数 終了ステータス 関連項目; do
      grep -q "^$heading" <<<"$text" || fail "ja/$page.1 has no $heading"
    done
    grep -q "メッセージの言語" <<<"$text" || fail "ja/$page.1 does not say --lang in Japanese"
  done
fi
bash -n "$prefix/share/bash-completion/completions/bocage-gen" || fail "bash completion syntax"

paths=$(bocage-gen paths)
echo "$paths" | grep -qF "data: $prefix/share/bocage/data" || fail "paths: $paths"
echo "$paths" | grep -qF "templates: $prefix/share/bocage/templates" || fail "paths: $paths"
! echo "$paths" | grep -qF "$source" || fail "the source tree is searched: $paths"
bocage-play paths | grep -qF "data: $prefix/share/bocage/data" || fail "bocage-play paths"

# Every game renders from the installed files.
bocage-gen build --all --out "$work/out" >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log"; fail "build --all"; }
for game in "$prefix"/share/bocage/data/*/; do
  game=$(basename "$game")
  ls "$work/out/$game"/*.pdf >/dev/null 2>&1 || fail "no PDF for $game"
done

# The companion plays a few commands from the installed data.
bocage-play list | grep -q stuart-vs-zombies || fail "bocage-play list"
out=$(printf 'roll -- 4\nmove 0205\nstatus\n' | bocage-play new stuart-vs-zombies --manual-dice --seed 3 --lang en) \
  || fail "bocage-play new: $out"
echo "$out" | grep -q "> move 0205" || fail "bocage-play new did not play: $out"
ls "$XDG_DATA_HOME"/bocage/sessions/*.session >/dev/null || fail "no session saved"
bocage-play log --lang en | grep -q "move 0205" || fail "bocage-play log"
printf 'quit\n' | bocage-play new endless-patrol --seed 1 --virtual >/dev/null || fail "endless-patrol"

# `new` names the guide where it is installed.
( cd "$tmp" && bocage-gen --lang en new guide-check ) >"$tmp/new.log" 2>&1 || { cat "$tmp/new.log"; fail "new"; }
grep -qF "(the guide: $prefix/share/doc/bocage/docs/designer.md)" "$tmp/new.log" || { cat "$tmp/new.log"; fail "new does not name the installed guide"; }

# README's commands as written, in order, in a shell.
readme_commands=$(awk '/^```sh$/ {inside=1; next} /^```$/ {inside=0} inside && /^(bocage-gen|bocage-play) / {print}' \
  "$source/README.md")
[ -n "$readme_commands" ] || fail "no bocage-gen or bocage-play command in README.md's sh blocks"
while IFS= read -r line; do
  echo "README: $line"
  ( eval "$line" ) </dev/null >"$tmp/readme.log" 2>&1 || { cat "$tmp/readme.log"; fail "README command failed: $line"; }
done <<<"$readme_commands"

# The English pages, kept by hand, name every command --help lists.
for page in bocage-gen bocage-play; do
  for cmd in $("$page" --help --lang en | awk '/^Subcommands:/ {s=1; next} s && /^  [a-z]/ {print $1}'); do
    zcat "$prefix/share/man/man1/$page.1.gz" | grep -q "^\.B $page $cmd\b" || fail "$page.1's synopsis lacks $cmd"
  done
done

# The man pages' examples as written, English and Japanese (the lines between
# .nf and .fi under EXAMPLES / 例), and the two pages give the same ones.
examples() {
  zcat "$1" | awk -v h="$2" '$0 == ".SH " h {s=1; next} s && /^\.nf/ {inside=1; next}
    s && /^\.fi/ {exit} inside {gsub(/\\-/, "-"); gsub(/\\ /, " "); print}'
}
for page in bocage-gen bocage-play; do
  en=$(examples "$prefix/share/man/man1/$page.1.gz" EXAMPLES)
  ja=$(examples "$prefix/share/man/ja/man1/$page.1.gz" 例)
  [ -n "$en" ] || fail "$page.1 has no EXAMPLES"
  [ "$en" = "$ja" ] || fail "$page.1's examples differ in Japanese: [$en] [$ja]"
  while IFS= read -r line; do
    echo "man $page: $line"
    ( eval "$line" ) </dev/null >"$tmp/man.log" 2>&1 || { cat "$tmp/man.log"; fail "$page.1 example failed: $line"; }
  done <<<"$en"
done
echo "ok"
