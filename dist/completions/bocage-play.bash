# bash completion for bocage-play (installed to share/bash-completion/completions/bocage-play)
_bocage_play() {
  local cur prev cmd i
  cur=${COMP_WORDS[COMP_CWORD]}
  prev=${COMP_WORDS[COMP_CWORD-1]}
  for ((i = 1; i < COMP_CWORD; i++)); do
    case ${COMP_WORDS[i]} in
      new|resume|list|log|exec|roll|simulate|paths) cmd=${COMP_WORDS[i]}; break ;;
    esac
  done
  case $prev in
    --data) COMPREPLY=($(compgen -d -- "$cur")); return ;;
    --session) COMPREPLY=($(compgen -f -- "$cur")); return ;;
    --lang) COMPREPLY=($(compgen -W "ja en" -- "$cur")); return ;;
    --player) COMPREPLY=($(compgen -W "heuristic random" -- "$cur")); return ;;
  esac
  if [[ -z $cmd ]]; then
    COMPREPLY=($(compgen -W "new resume list log exec roll simulate paths --help --version" -- "$cur"))
    return
  fi
  local opts="--lang --help"
  case $cmd in
    new) opts+=" --data --seed --session --virtual --manual-dice --option" ;;
    resume|exec|list|paths) opts+=" --data" ;;
    roll) opts+=" --seed --times" ;;
    simulate) opts+=" --data --games --seed --option --player --jobs --max-commands" ;;
  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
  elif [[ $cmd == new || $cmd == simulate ]]; then
    COMPREPLY=($(compgen -W "stuart-vs-zombies endless-patrol omaha-beach maquis squad" -- "$cur"))
  elif [[ $cmd == resume || $cmd == log || $cmd == exec ]]; then
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
}
complete -F _bocage_play bocage-play
