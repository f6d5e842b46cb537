# fish completion for bocage-play (installed to share/fish/vendor_completions.d/bocage-play.fish)
set -l cmds new resume list log exec roll simulate paths
set -l games stuart-vs-zombies endless-patrol omaha-beach maquis squad
complete -c bocage-play -f
complete -c bocage-play -n "not __fish_seen_subcommand_from $cmds" -a new -d 'Start a session'
complete -c bocage-play -n "not __fish_seen_subcommand_from $cmds" -a resume -d 'Go on with a saved session'
complete -c bocage-play -n "not __fish_seen_subcommand_from $cmds" -a list -d 'Games and sessions'
complete -c bocage-play -n "not __fish_seen_subcommand_from $cmds" -a log -d "A session's commands"
complete -c bocage-play -n "not __fish_seen_subcommand_from $cmds" -a exec -d 'One command on a session'
complete -c bocage-play -n "not __fish_seen_subcommand_from $cmds" -a roll -d 'Roll dice'
complete -c bocage-play -n "not __fish_seen_subcommand_from $cmds" -a simulate -d 'Play many games'
complete -c bocage-play -n "not __fish_seen_subcommand_from $cmds" -a paths -d 'Data folder in use'
complete -c bocage-play -n "__fish_seen_subcommand_from new simulate" -a "$games"
complete -c bocage-play -n "__fish_seen_subcommand_from resume log exec" -F
complete -c bocage-play -l lang -x -a 'ja en'
complete -c bocage-play -l data -x -a '(__fish_complete_directories)'
complete -c bocage-play -n "__fish_seen_subcommand_from new roll simulate" -l seed -x
complete -c bocage-play -n "__fish_seen_subcommand_from new" -l session -r
complete -c bocage-play -n "__fish_seen_subcommand_from new" -l virtual -l manual-dice
complete -c bocage-play -n "__fish_seen_subcommand_from new simulate" -l option -x
complete -c bocage-play -n "__fish_seen_subcommand_from roll" -l times -x
complete -c bocage-play -n "__fish_seen_subcommand_from simulate" -l games -l jobs -l max-commands -x
complete -c bocage-play -n "__fish_seen_subcommand_from simulate" -l player -x -a 'heuristic random'
