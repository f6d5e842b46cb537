# fish completion for bocage-gen (installed to share/fish/vendor_completions.d/bocage-gen.fish)
set -l cmds build validate preview list specimen paths new watch
complete -c bocage-gen -f
complete -c bocage-gen -n "not __fish_seen_subcommand_from $cmds" -a build -d 'Render games to PDF'
complete -c bocage-gen -n "not __fish_seen_subcommand_from $cmds" -a validate -d 'Check data and templates'
complete -c bocage-gen -n "not __fish_seen_subcommand_from $cmds" -a preview -d 'Render one card as PNG'
complete -c bocage-gen -n "not __fish_seen_subcommand_from $cmds" -a list -d 'List games'
complete -c bocage-gen -n "not __fish_seen_subcommand_from $cmds" -a specimen -d 'Typesetting specimen'
complete -c bocage-gen -n "not __fish_seen_subcommand_from $cmds" -a paths -d 'Folders in use'
complete -c bocage-gen -n "not __fish_seen_subcommand_from $cmds" -a new -d 'Write a small game to start from'
complete -c bocage-gen -n "not __fish_seen_subcommand_from $cmds" -a watch -d 'Refresh the previews on every save'
complete -c bocage-gen -l lang -x -a 'ja en' -d 'Language of messages'
complete -c bocage-gen -l version -d 'Show the version'
complete -c bocage-gen -n "__fish_seen_subcommand_from build validate preview list paths new watch" -l data -x -a '(__fish_complete_directories)'
complete -c bocage-gen -n "__fish_seen_subcommand_from build validate preview paths specimen new watch" -l templates -x -a '(__fish_complete_directories)'
complete -c bocage-gen -n "__fish_seen_subcommand_from build validate" -l all -d 'Every game'
complete -c bocage-gen -n "__fish_seen_subcommand_from build preview watch" -l out -x -a '(__fish_complete_directories)'
complete -c bocage-gen -n "__fish_seen_subcommand_from build" -l paper -x -a 'a4 letter a3 b4 b5'
complete -c bocage-gen -n "__fish_seen_subcommand_from build" -l duplex -x -a 'long short none fold'
complete -c bocage-gen -n "__fish_seen_subcommand_from build" -l imposition -x -a 'sheets one-up'
complete -c bocage-gen -n "__fish_seen_subcommand_from build" -l oneup-order -x -a 'face-back back-face faces-then-backs'
complete -c bocage-gen -n "__fish_seen_subcommand_from build" -l printer-margin -l bleed -l gap -l overlap -l back-offset -x
complete -c bocage-gen -n "__fish_seen_subcommand_from build" -l no-crop-marks -l pack
complete -c bocage-gen -n "__fish_seen_subcommand_from preview" -l back
complete -c bocage-gen -n "__fish_seen_subcommand_from preview watch" -l dpi -x
complete -c bocage-gen -n "__fish_seen_subcommand_from preview specimen" -s o -l output -r
