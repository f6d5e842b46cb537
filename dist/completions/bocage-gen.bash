# bash completion for bocage-gen (installed to share/bash-completion/completions/bocage-gen)
# Games and card ids come from `bocage-gen list`, with the --data and
# --templates already typed: a game of one's own is offered too.
_bocage_gen() {
  local cur prev cmd i word roots=() args=()
  cur=${COMP_WORDS[COMP_CWORD]}
  prev=${COMP_WORDS[COMP_CWORD-1]}
  for ((i = 1; i < COMP_CWORD; i++)); do
    word=${COMP_WORDS[i]}
    case $word in
      --data|--templates) roots+=("$word" "${COMP_WORDS[i+1]}"); ((i++)); continue ;;
      --out|-o|--output|--paper|--printer-margin|--duplex|--back-offset|--bleed|--gap|--overlap|\
      --imposition|--oneup-order|--dpi|--format|--export|--lang|--preset|--output-profile) ((i++)); continue ;;
      -*) continue ;;
    esac
    if [[ -z $cmd ]]; then
      case $word in
        build|validate|preview|list|specimen|paths|new|watch|help) cmd=$word ;;
      esac
    else
      args+=("$word")
    fi
  done
  case $prev in
    --data|--templates|--out) COMPREPLY=($(compgen -d -- "$cur")); return ;;
    -o|--output) COMPREPLY=($(compgen -f -- "$cur")); return ;;
    --lang) COMPREPLY=($(compgen -W "ja en" -- "$cur")); return ;;
    --paper) COMPREPLY=($(compgen -W "a4 letter a3 b4 b5" -- "$cur")); return ;;
    --duplex) COMPREPLY=($(compgen -W "long short none fold" -- "$cur")); return ;;
    --imposition) COMPREPLY=($(compgen -W "sheets one-up" -- "$cur")); return ;;
    --oneup-order) COMPREPLY=($(compgen -W "face-back back-face faces-then-backs" -- "$cur")); return ;;
    --format) COMPREPLY=($(compgen -W "pdf png" -- "$cur")); return ;;
    --export) COMPREPLY=($(compgen -W "tts" -- "$cur")); return ;;
    --preset) COMPREPLY=($(compgen -W "drivethrucards thegamecrafter printshop" -- "$cur")); return ;;
    --output-profile) COMPREPLY=($(compgen -f -- "$cur")); return ;;
    --printer-margin|--back-offset|--bleed|--gap|--overlap|--dpi) return ;;
  esac
  local commands="build validate preview list specimen paths new watch help"
  if [[ -z $cmd ]]; then
    COMPREPLY=($(compgen -W "$commands --lang --help --version" -- "$cur"))
    return
  fi
  local opts="--lang --help --data --templates"
  case $cmd in
    build) opts+=" --all --out --paper --printer-margin --duplex --back-offset --bleed --gap --overlap --no-crop-marks --imposition --oneup-order --pack --format --dpi --export --preset --pdfx --output-profile" ;;
    validate) opts+=" --all --imposition" ;;
    preview) opts+=" --back --dpi -o --output --out" ;;
    watch) opts+=" --out --dpi" ;;
    specimen) opts="--lang --help --templates -o --output" ;;
    help) opts="" ;;
  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
    return
  fi
  case $cmd in
    help) [[ ${#args[@]} -eq 0 ]] && COMPREPLY=($(compgen -W "${commands% help}" -- "$cur")) ;;
    preview)
      if [[ ${#args[@]} -eq 1 ]]; then
        # The card ids of the game: the indented lines of `list GAME`.
        COMPREPLY=($(compgen -W "$(LC_ALL=C bocage-gen --lang en list "${args[0]}" "${roots[@]}" 2>/dev/null |
          awk '/^    [A-Za-z0-9][A-Za-z0-9_-]*( |$)/ {print $1}')" -- "$cur"))
        return
      fi ;&
    build|validate|list|watch)
      [[ ($cmd == list || $cmd == watch || $cmd == preview) && ${#args[@]} -ge 1 ]] && return
      # The games: the lines of `list` that start with an id and two spaces.
      COMPREPLY=($(compgen -W "$(LC_ALL=C bocage-gen --lang en list "${roots[@]}" 2>/dev/null |
        awk '/^[A-Za-z0-9][A-Za-z0-9_-]*  / {print $1}')" -- "$cur")) ;;
  esac
}
complete -F _bocage_gen bocage-gen
