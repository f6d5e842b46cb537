#!/usr/bin/env bash
# The shell completions offer what a user types next, asked in each shell
# as it asks them (ctest "completions: ..."): bash through its completion
# function, fish through `complete -C`, zsh's files read by zsh.
#   completion_test.sh BOCAGE_GEN_DIR BOCAGE_PLAY_DIR SOURCE_DIR
set -euo pipefail
export PATH="$1:$2:$PATH"
src=$3/dist/completions
fail() { echo "FAIL: $*" >&2; exit 1; }
expect() {  # expect WHAT GOT WORD...: each WORD among GOT
  local what=$1 got=$2
  shift 2
  for w in "$@"; do
    grep -qx -- "$w" <<<"$got" || fail "$what: no '$w' in: $(tr '\n' ' ' <<<"$got")"
  done
}
refuse() {  # refuse WHAT GOT WORD...: no WORD among GOT
  local what=$1 got=$2
  shift 2
  for w in "$@"; do
    ! grep -qx -- "$w" <<<"$got" || fail "$what: '$w' offered: $(tr '\n' ' ' <<<"$got")"
  done
}

# bash
bash_complete() {
  bash -c 'source "$1"; source "$2"; shift 2; COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
           f=_bocage_gen; [ "$1" = bocage-play ] && f=_bocage_play; $f; printf "%s\n" "${COMPREPLY[@]}"' \
    _ "$src/bocage-gen.bash" "$src/bocage-play.bash" "$@"
}
got=$(bash_complete bocage-gen build "")
expect "bash build" "$got" endless-patrol squad stuart-vs-zombies
refuse "bash build" "$got" bocage-gen
got=$(bash_complete bocage-gen preview squad "")
expect "bash preview squad" "$got" leadership fatalism
refuse "bash preview squad" "$got" squad
expect "bash help" "$(bash_complete bocage-gen help "")" build preview watch
expect "bash --format" "$(bash_complete bocage-gen build --format "")" pdf png
expect "bash --preset" "$(bash_complete bocage-gen build --preset "")" drivethrucards thegamecrafter printshop
expect "bash build --" "$(bash_complete bocage-gen build --p)" --preset --pdfx --paper --pack
expect "bash play new" "$(bash_complete bocage-play new "")" maquis squad
got=$(bash_complete bocage-play new maquis --option "")
expect "bash --option" "$got" level=easy missions=random
refuse "bash --option" "$got" maquis squad

# Every command and every long option each command's --help lists is
# offered, in bash and fish (zsh: named in its file), so the completions
# never lag the programs (serve, --hot-seat).
subcommands() { "$1" --help --lang en 2>&1 | awk '/^Subcommands:/ {s=1; next} s && /^  [a-z]/ {print $1}'; }
long_options() { "$1" "$2" --help --lang en 2>&1 | grep -o -- '--[a-z][a-z0-9-]*' | grep -vx -- '--help' | sort -u; }
for prog in bocage-gen bocage-play; do
  cmds=$(subcommands "$prog")
  [ -n "$cmds" ] || fail "$prog --help lists no command"
  # shellcheck disable=SC2086
  expect "bash $prog commands" "$(bash_complete "$prog" "")" $cmds
  for cmd in $cmds; do
    [ "$cmd" = help ] && continue  # (help --help is the program's help)
    opts=$(long_options "$prog" "$cmd")
    [ -n "$opts" ] || continue
    # shellcheck disable=SC2086
    expect "bash $prog $cmd --" "$(bash_complete "$prog" "$cmd" --)" $opts
    if command -v fish >/dev/null; then
      # shellcheck disable=SC2086
      expect "fish $prog $cmd --" "$(fish -c "source $src/$prog.fish; complete -C '$prog $cmd --'" | cut -f1)" $opts
    fi
    for o in $opts; do
      grep -qF -- "$o" "$src/_$prog" || fail "zsh $prog: no $o (for $cmd)"
    done
  done
done

# fish
if command -v fish >/dev/null; then
  fish_complete() {
    fish -c "source $src/bocage-gen.fish; source $src/bocage-play.fish; complete -C '$1'" | cut -f1
  }
  got=$(fish_complete "bocage-gen build ")
  expect "fish build" "$got" endless-patrol maquis
  expect "fish --preset" "$(fish_complete "bocage-gen build --preset ")" drivethrucards printshop
  expect "fish preview squad" "$(fish_complete "bocage-gen preview squad ")" leadership
  got=$(fish_complete "bocage-play new maquis --option ")
  expect "fish --option" "$got" level=hard
  refuse "fish --option" "$got" maquis
else
  fail "fish is not installed (scripts/quickstart.sh installs it)"
fi

# zsh: the files parse, and compinit loads them from a folder on fpath.
if command -v zsh >/dev/null; then
  zsh -n "$src/_bocage-gen" || fail "zsh: _bocage-gen does not parse"
  zsh -n "$src/_bocage-play" || fail "zsh: _bocage-play does not parse"
  # (-D: no dump file; HOME a scratch folder, so that nothing of the user's is touched)
  home=$(mktemp -d)
  out=$(HOME=$home zsh -f -c "fpath=($src \$fpath); autoload -Uz compinit; compinit -u -D; \
        print -r -- \${_comps[bocage-gen]} \${_comps[bocage-play]}")
  rm -rf "$home"
  [ "$out" = "_bocage-gen _bocage-play" ] || fail "zsh: compinit does not find them: $out"
  [ -c /dev/null ] || fail "/dev/null is no longer a device"
else
  fail "zsh is not installed (scripts/quickstart.sh installs it)"
fi
echo ok
