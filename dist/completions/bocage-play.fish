# fish completion for bocage-play (installed to share/fish/vendor_completions.d/bocage-play.fish)
set -l cmds new resume list log exec roll simulate paths serve help

function __bocage_play_data
    set -l tokens (commandline -opc)
    for i in (seq (count $tokens))
        if test $tokens[$i] = --data
            set -l next (math $i + 1)
            test $next -le (count $tokens); and echo --data $tokens[$next]
        end
    end
end

# The game named after `new`, `simulate` or `serve`.
function __bocage_play_game
    set -l tokens (commandline -opc)
    set -l skip 0
    set -l cmd 0
    for t in $tokens[2..-1]
        if test $skip -eq 1
            set skip 0
            continue
        end
        switch $t
            case --data --session --lang --player --seed --times --games --jobs --max-commands --option
                set skip 1
            case '-*'
            case '*'
                if test $cmd -eq 0
                    set cmd 1
                else
                    echo $t
                    return
                end
        end
    end
end

function __bocage_play_games
    env LC_ALL=C bocage-play list --lang en (__bocage_play_data) 2>/dev/null | awk '/^games/ {g = 1; next} /^[^ ]/ {g = 0} g && /^  [A-Za-z0-9]/ {print $1}'
end

function __bocage_play_options
    set -l game (__bocage_play_game)
    test -n "$game"; or return
    env LC_ALL=C bocage-play new $game (__bocage_play_data) --option '?' --lang en </dev/null 2>&1 | string match -ar '[a-z0-9-]+=[A-Za-z0-9_-]+' | sort -u
end

complete -c bocage-play -f
complete -c bocage-play -n "not __fish_seen_subcommand_from $cmds" -a new -d 'Start a session'
complete -c bocage-play -n "not __fish_seen_subcommand_from $cmds" -a resume -d 'Go on with a saved session'
complete -c bocage-play -n "not __fish_seen_subcommand_from $cmds" -a list -d 'Games and sessions'
complete -c bocage-play -n "not __fish_seen_subcommand_from $cmds" -a log -d "A session's commands"
complete -c bocage-play -n "not __fish_seen_subcommand_from $cmds" -a exec -d 'One command on a session'
complete -c bocage-play -n "not __fish_seen_subcommand_from $cmds" -a roll -d 'Roll dice'
complete -c bocage-play -n "not __fish_seen_subcommand_from $cmds" -a simulate -d 'Play many games'
complete -c bocage-play -n "not __fish_seen_subcommand_from $cmds" -a paths -d 'Data folder in use'
complete -c bocage-play -n "not __fish_seen_subcommand_from $cmds" -a serve -d "Serve a session to each player's phone"
complete -c bocage-play -n "not __fish_seen_subcommand_from $cmds" -a help -d 'Help of the program or of a command'
complete -c bocage-play -n "__fish_seen_subcommand_from help" -a 'new resume list log exec roll simulate paths serve'

complete -c bocage-play -n "__fish_seen_subcommand_from new simulate serve list; and test -z (__bocage_play_game)" -a '(__bocage_play_games)' -d Game
complete -c bocage-play -n "__fish_seen_subcommand_from resume log exec" -F
complete -c bocage-play -l lang -x -a 'ja en'
complete -c bocage-play -l data -x -a '(__fish_complete_directories)'
complete -c bocage-play -n "__fish_seen_subcommand_from new roll simulate serve" -l seed -x
complete -c bocage-play -n "__fish_seen_subcommand_from new serve" -l session -r
complete -c bocage-play -n "__fish_seen_subcommand_from new serve" -l virtual -l manual-dice
complete -c bocage-play -n "__fish_seen_subcommand_from new" -l hot-seat -d 'One screen passed between the players'
complete -c bocage-play -n "__fish_seen_subcommand_from new simulate serve list" -l option -x -a '(__bocage_play_options)'
complete -c bocage-play -n "__fish_seen_subcommand_from serve" -l port -l observers -x
complete -c bocage-play -n "__fish_seen_subcommand_from serve" -l listen -x -d 'Address to listen on'
complete -c bocage-play -n "__fish_seen_subcommand_from roll" -l times -x
complete -c bocage-play -n "__fish_seen_subcommand_from simulate" -l games -l jobs -l max-commands -x
complete -c bocage-play -n "__fish_seen_subcommand_from simulate" -l player -x -a 'heuristic random'
