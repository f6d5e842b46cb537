// Where bocage-gen and bocage-play find the games' data and the templates: one
// documented search order (docs/install.md), shared by both programs, and the
// report of it that `bocage-gen paths` and `bocage-play paths` print.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "env_lang.h"

namespace bocage {

/// Why a place is searched (the report names it in the user's language).
enum class FolderOrigin {
  option,          // --data / --templates
  environment,     // BOCAGE_DATA_DIR / BOCAGE_TEMPLATES_DIR
  current,         // the current folder
  xdg_data_home,   // $XDG_DATA_HOME/bocage
  xdg_data_dirs,   // one of $XDG_DATA_DIRS + /bocage
  install_prefix,  // <bin>/../share/bocage
  built_prefix,    // the prefix the program was configured for
  source_tree,     // the source tree of a program run from its build tree
  beside_data,     // templates: the folder beside the data folder
  none,            // nothing found
};

/// One place searched, in order, and what was found there.
struct SearchedFolder {
  FolderOrigin origin = FolderOrigin::none;
  std::filesystem::path data;       // the data folder this place offers (may not exist)
  std::filesystem::path templates;  // the templates folder it offers (may not exist)
  bool has_games = false;           // `data` holds at least one game
  bool has_templates = false;       // `templates` is a folder
  std::vector<std::string> games;   // the games `data` holds (list_games)
};

/// Where one game comes from: the first place searched that holds it.
struct GamePlace {
  std::string id;
  std::filesystem::path data;       // the data folder holding data/<id>/
  std::filesystem::path templates;  // that place's templates, else DataFolders::templates
  FolderOrigin origin = FolderOrigin::none;
};

/// The folders in use and why.
struct DataFolders {
  std::filesystem::path data;       // empty when no place holds a game
  std::filesystem::path templates;  // empty when no place has templates
  FolderOrigin data_origin = FolderOrigin::none;
  FolderOrigin templates_origin = FolderOrigin::none;
  std::vector<SearchedFolder> searched;
  /// Every game, sorted by id, from the first place that holds it: a game
  /// of one's own in $XDG_DATA_HOME/bocage/data does not hide the shipped
  /// ones. With --data or $BOCAGE_DATA_DIR, only the games of that folder.
  std::vector<GamePlace> games;

  /// The place of game `id`, or null.
  const GamePlace* game(const std::string& id) const;
};

/// Finds the data and templates folders, first match wins:
///  1. `data_option` / `templates_option` (--data, --templates), taken as given;
///  2. $BOCAGE_DATA_DIR / $BOCAGE_TEMPLATES_DIR, taken as given;
///  3. ./data (when it holds a game) and ./templates;
///  4. $XDG_DATA_HOME/bocage (default ~/.local/share/bocage): data/, templates/;
///  5. each of $XDG_DATA_DIRS (default /usr/local/share:/usr/share) + /bocage;
///  6. the prefix the program is installed in: <bin>/../share/bocage, then the
///     prefix it was built for;
///  7. the source tree, only for a program run from its build tree and unless
///     $BOCAGE_NO_SOURCE_TREE is set.
/// Templates given neither way come from beside a data folder given either
/// way, else from the same place as the data, else from the first place that
/// has them. `executable`: the running program (empty: /proc/self/exe).
DataFolders find_data_folders(const std::filesystem::path& data_option,
                              const std::filesystem::path& templates_option,
                              const EnvLookup& env = process_env(),
                              const std::filesystem::path& executable = {});

/// The report of `paths`: the folders in use, then each place searched in order.
std::string describe_data_folders(const DataFolders& f, Lang lang);

/// The `docs` folder of the documents that came with this program: installed
/// beside it (<prefix>/share/doc/bocage/docs, for the prefix of the program
/// or the one it was configured for), or the source tree's for a program run
/// from its build tree; empty when none is there. `executable` empty: this
/// program.
std::filesystem::path docs_folder(const std::filesystem::path& executable = {});

/// The web companion's page (web/index.html): beside `data` (a data folder's
/// own web/, as in the source tree), else where the program is installed
/// (<bin>/../share/bocage/web, or the prefix it was configured for), else the
/// source tree's for a program run from its build tree; empty when none is
/// there. The page belongs to the program: a designer's own data folder
/// needs none.
std::filesystem::path web_folder(const std::filesystem::path& data,
                                 const std::filesystem::path& executable = {});

/// The starter game `bocage-gen new` copies (starter/data/game.toml): in the
/// templates folder given or in use, else where the program is installed,
/// else the source tree's for a program run from its build tree; empty when
/// none is there. A folder of one's own games (./templates holding only
/// them) does not hide the installed starter.
/// The finisher's libqpdf module (generator/pdf/qpdf_module.h): where the
/// program is installed (<bin>/../<libdir>/bocage/, or the prefix it was
/// configured for), else in the build tree for a program run from it; empty
/// when none is there.
std::filesystem::path qpdf_module_path(const std::filesystem::path& executable = {});

std::filesystem::path starter_folder(const std::filesystem::path& templates,
                                     const std::filesystem::path& executable = {});

}  // namespace bocage
