# fish completion for bocage-gen (installed to share/fish/vendor_completions.d/bocage-gen.fish)
set -l cmds build validate preview list specimen paths new watch help

# The --data and --templates already typed, for `bocage-gen list`.
function __bocage_gen_roots
    set -l tokens (commandline -opc)
    for i in (seq (count $tokens))
        switch $tokens[$i]
            case --data --templates
                set -l next (math $i + 1)
                if test $next -le (count $tokens)
                    echo $tokens[$i]
                    echo $tokens[$next]
                end
        end
    end
end

# The words after the command that are not options nor their values.
function __bocage_gen_args
    set -l tokens (commandline -opc)
    set -l seen 0
    set -l skip 0
    for t in $tokens[2..-1]
        if test $skip -eq 1
            set skip 0
            continue
        end
        switch $t
            case --data --templates --out -o --output --paper --printer-margin --duplex --back-offset --bleed --gap --overlap --imposition --oneup-order --dpi --format --export --lang --preset --output-profile
                set skip 1
            case '-*'
            case '*'
                if test $seen -eq 0
                    set seen 1
                else
                    echo $t
                end
        end
    end
end

function __bocage_gen_games
    env LC_ALL=C bocage-gen --lang en list (__bocage_gen_roots) 2>/dev/null | string match -r '^[A-Za-z0-9][A-Za-z0-9_-]*(?=  )'
end

function __bocage_gen_cards
    set -l args (__bocage_gen_args)
    test (count $args) -ge 1; or return
    env LC_ALL=C bocage-gen --lang en list $args[1] (__bocage_gen_roots) 2>/dev/null | string match -r '^    [A-Za-z0-9][A-Za-z0-9_-]*' | string trim
end

function __bocage_gen_wants_game
    set -l n (count (__bocage_gen_args))
    __fish_seen_subcommand_from build validate; and return 0
    __fish_seen_subcommand_from preview list watch; and test $n -eq 0
end

function __bocage_gen_wants_card
    __fish_seen_subcommand_from preview; and test (count (__bocage_gen_args)) -eq 1
end

complete -c bocage-gen -f
complete -c bocage-gen -n "not __fish_seen_subcommand_from $cmds" -a build -d 'Render games to PDF'
complete -c bocage-gen -n "not __fish_seen_subcommand_from $cmds" -a validate -d 'Check data and templates'
complete -c bocage-gen -n "not __fish_seen_subcommand_from $cmds" -a preview -d 'Render one card as PNG'
complete -c bocage-gen -n "not __fish_seen_subcommand_from $cmds" -a list -d 'List games'
complete -c bocage-gen -n "not __fish_seen_subcommand_from $cmds" -a specimen -d 'Typesetting specimen'
complete -c bocage-gen -n "not __fish_seen_subcommand_from $cmds" -a paths -d 'Folders in use'
complete -c bocage-gen -n "not __fish_seen_subcommand_from $cmds" -a new -d 'Write a small game to start from'
complete -c bocage-gen -n "not __fish_seen_subcommand_from $cmds" -a watch -d 'Refresh the previews on every save'
complete -c bocage-gen -n "not __fish_seen_subcommand_from $cmds" -a help -d 'Help on a command'
complete -c bocage-gen -n "__fish_seen_subcommand_from help; and test (count (__bocage_gen_args)) -eq 0" -a "build validate preview list specimen paths new watch"
complete -c bocage-gen -n __bocage_gen_wants_game -a '(__bocage_gen_games)' -d Game
complete -c bocage-gen -n __bocage_gen_wants_card -a '(__bocage_gen_cards)' -d Card
complete -c bocage-gen -l lang -x -a 'ja en' -d 'Language of messages'
complete -c bocage-gen -l version -d 'Show the version'
complete -c bocage-gen -n "__fish_seen_subcommand_from build validate preview list paths new watch" -l data -x -a '(__fish_complete_directories)'
complete -c bocage-gen -n "__fish_seen_subcommand_from build validate preview paths specimen new watch" -l templates -x -a '(__fish_complete_directories)'
complete -c bocage-gen -n "__fish_seen_subcommand_from build validate" -l all -d 'Every game'
complete -c bocage-gen -n "__fish_seen_subcommand_from build preview watch" -l out -x -a '(__fish_complete_directories)'
complete -c bocage-gen -n "__fish_seen_subcommand_from build" -l paper -x -a 'a4 letter a3 b4 b5'
complete -c bocage-gen -n "__fish_seen_subcommand_from build" -l duplex -x -a 'long short none fold'
complete -c bocage-gen -n "__fish_seen_subcommand_from build validate" -l imposition -x -a 'sheets one-up'
complete -c bocage-gen -n "__fish_seen_subcommand_from build" -l oneup-order -x -a 'face-back back-face faces-then-backs'
complete -c bocage-gen -n "__fish_seen_subcommand_from build" -l format -x -a 'pdf png'
complete -c bocage-gen -n "__fish_seen_subcommand_from build" -l export -x -a 'tts'
complete -c bocage-gen -n "__fish_seen_subcommand_from build" -l preset -x -a 'drivethrucards thegamecrafter printshop'
complete -c bocage-gen -n "__fish_seen_subcommand_from build" -l output-profile -r -F
complete -c bocage-gen -n "__fish_seen_subcommand_from build" -l pdfx
complete -c bocage-gen -n "__fish_seen_subcommand_from build" -l printer-margin -l bleed -l gap -l overlap -l back-offset -x
complete -c bocage-gen -n "__fish_seen_subcommand_from build" -l no-crop-marks -l pack
complete -c bocage-gen -n "__fish_seen_subcommand_from preview" -l back
complete -c bocage-gen -n "__fish_seen_subcommand_from preview watch build" -l dpi -x
complete -c bocage-gen -n "__fish_seen_subcommand_from preview specimen" -s o -l output -r
