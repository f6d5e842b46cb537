# bash completion for bocage-play (installed to share/bash-completion/completions/bocage-play)
# Games come from `bocage-play list`, a game's options from the game itself.
_bocage_play() {
  local cur prev cmd i word data=() args=()
  cur=${COMP_WORDS[COMP_CWORD]}
  prev=${COMP_WORDS[COMP_CWORD-1]}
  for ((i = 1; i < COMP_CWORD; i++)); do
    word=${COMP_WORDS[i]}
    case $word in
      --data) data=(--data "${COMP_WORDS[i+1]}"); ((i++)); continue ;;
      --session|--lang|--player|--seed|--times|--games|--jobs|--max-commands|--option|--port|--listen|--observers) ((i++)); continue ;;
      -*) continue ;;
    esac
    if [[ -z $cmd ]]; then
      case $word in
        new|resume|list|log|exec|roll|simulate|paths|serve|help) cmd=$word ;;
      esac
    else
      args+=("$word")
    fi
  done
  _bocage_play_games() {
    LC_ALL=C bocage-play list --lang en "${data[@]}" 2>/dev/null |
      awk '/^games/ {g = 1; next} /^[^ ]/ {g = 0} g && /^  [A-Za-z0-9]/ {print $1}'
  }
  case $prev in
    --data) COMPREPLY=($(compgen -d -- "$cur")); return ;;
    --session) COMPREPLY=($(compgen -f -- "$cur")); return ;;
    --lang) COMPREPLY=($(compgen -W "ja en" -- "$cur")); return ;;
    --player) COMPREPLY=($(compgen -W "heuristic random" -- "$cur")); return ;;
    --option)
      # The game's options, as the game names them when asked for one it lacks.
      [[ ${#args[@]} -ge 1 ]] && COMPREPLY=($(compgen -W "$(LC_ALL=C bocage-play new "${args[0]}" "${data[@]}" \
        --option '?' --lang en </dev/null 2>&1 | grep -o '[a-z0-9-]*=[A-Za-z0-9_-]*' | sort -u)" -- "$cur"))
      return ;;
    --seed|--times|--games|--jobs|--max-commands|--port|--listen|--observers) return ;;
  esac
  if [[ -z $cmd ]]; then
    COMPREPLY=($(compgen -W "new resume list log exec roll simulate paths serve help --help --version" -- "$cur"))
    return
  fi
  local opts="--lang --help"
  case $cmd in
    new) opts+=" --data --seed --session --virtual --manual-dice --option --hot-seat" ;;
    serve) opts+=" --data --seed --session --virtual --manual-dice --option --port --listen --observers" ;;
    list) opts+=" --data --option" ;;
    resume|exec|paths) opts+=" --data" ;;
    roll) opts+=" --seed --times" ;;
    simulate) opts+=" --data --games --seed --option --player --jobs --max-commands" ;;
  esac
  if [[ $cmd == help ]]; then
    [[ ${#args[@]} -eq 0 ]] && COMPREPLY=($(compgen -W "new resume list log exec roll simulate paths serve" -- "$cur"))
  elif [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
  elif [[ ($cmd == new || $cmd == serve || $cmd == simulate || $cmd == list) && ${#args[@]} -eq 0 ]]; then
    COMPREPLY=($(compgen -W "$(_bocage_play_games)" -- "$cur"))
  elif [[ $cmd == resume || $cmd == log || $cmd == exec ]]; then
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
}
complete -F _bocage_play bocage-play
