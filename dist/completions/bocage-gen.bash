# bash completion for bocage-gen (installed to share/bash-completion/completions/bocage-gen)
_bocage_gen() {
  local cur prev cmd i
  cur=${COMP_WORDS[COMP_CWORD]}
  prev=${COMP_WORDS[COMP_CWORD-1]}
  for ((i = 1; i < COMP_CWORD; i++)); do
    case ${COMP_WORDS[i]} in
      build|validate|preview|list|specimen|paths|new|watch) cmd=${COMP_WORDS[i]}; break ;;
    esac
  done
  case $prev in
    --data|--templates|--out) COMPREPLY=($(compgen -d -- "$cur")); return ;;
    -o|--output) COMPREPLY=($(compgen -f -- "$cur")); return ;;
    --lang) COMPREPLY=($(compgen -W "ja en" -- "$cur")); return ;;
    --paper) COMPREPLY=($(compgen -W "a4 letter a3 b4 b5" -- "$cur")); return ;;
    --duplex) COMPREPLY=($(compgen -W "long short none fold" -- "$cur")); return ;;
    --imposition) COMPREPLY=($(compgen -W "sheets one-up" -- "$cur")); return ;;
    --oneup-order) COMPREPLY=($(compgen -W "face-back back-face faces-then-backs" -- "$cur")); return ;;
  esac
  if [[ -z $cmd ]]; then
    COMPREPLY=($(compgen -W "build validate preview list specimen paths new watch --lang --help --version" -- "$cur"))
    return
  fi
  local opts="--lang --help --data --templates"
  case $cmd in
    build) opts+=" --all --out --paper --printer-margin --duplex --back-offset --bleed --gap --overlap --no-crop-marks --imposition --oneup-order --pack" ;;
    validate) opts+=" --all" ;;
    preview) opts+=" --back --dpi -o --output --out" ;;
    watch) opts+=" --out --dpi" ;;
    specimen) opts="--lang --help --templates -o --output" ;;
  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
  elif [[ $cmd == build || $cmd == validate || $cmd == preview || $cmd == list || $cmd == watch ]]; then
    # The games: the first list of `bocage-gen list` (one id per line).
    COMPREPLY=($(compgen -W "$(bocage-gen --lang en list 2>/dev/null | awk '/^[a-z0-9][a-z0-9_-]*( |$)/ {print $1}')" -- "$cur"))
  fi
}
complete -F _bocage_gen bocage-gen
