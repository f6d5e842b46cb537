#include "data_folders.h"

#include <cstdlib>
#include <sstream>

#include "bocage/msg/cli.h"
#include "game_loader.h"

namespace bocage {

namespace fs = std::filesystem;

namespace {

std::string env_or(const EnvLookup& env, const char* name, const std::string& fallback) {
  const char* v = env(name);
  return v && *v ? std::string(v) : fallback;
}

std::vector<fs::path> split_dirs(const std::string& list) {
  std::vector<fs::path> dirs;
  std::stringstream in(list);
  for (std::string d; std::getline(in, d, ':');)
    if (!d.empty()) dirs.emplace_back(d);
  return dirs;
}

/// Whether `exe` lies under `root` (both made absolute and normal).
bool is_under(const fs::path& exe, const fs::path& root) {
  std::error_code ec;
  const fs::path a = fs::weakly_canonical(exe, ec).lexically_normal();
  const fs::path b = fs::weakly_canonical(root, ec).lexically_normal();
  const auto rel = a.lexically_relative(b);
  return !rel.empty() && *rel.begin() != "..";
}

SearchedFolder place(FolderOrigin origin, const fs::path& data, const fs::path& templates) {
  std::error_code ec;
  SearchedFolder s{origin, data, templates, false, false, {}};
  if (!data.empty() && fs::is_directory(data, ec)) s.games = list_games(data);
  s.has_games = !s.games.empty();
  s.has_templates = !templates.empty() && fs::is_directory(templates, ec);
  return s;
}

}  // namespace

namespace {

/// find_data_folders without the games.
DataFolders find_folders(const fs::path& data_option, const fs::path& templates_option,
                         const EnvLookup& env, const fs::path& executable) {
  DataFolders f;
  const fs::path env_data = env_or(env, "BOCAGE_DATA_DIR", "");
  const fs::path env_templates = env_or(env, "BOCAGE_TEMPLATES_DIR", "");
  if (!data_option.empty() || !templates_option.empty())
    f.searched.push_back(place(FolderOrigin::option, data_option, templates_option));
  if (!env_data.empty() || !env_templates.empty())
    f.searched.push_back(place(FolderOrigin::environment, env_data, env_templates));
  f.searched.push_back(place(FolderOrigin::current, "data", "templates"));

  const std::string home = env_or(env, "HOME", "");
  // A relative XDG_DATA_HOME or XDG_DATA_DIRS entry is ignored, as the XDG
  // base directory specification says.
  fs::path data_home = env_or(env, "XDG_DATA_HOME", "");
  if (!data_home.is_absolute()) data_home = home.empty() ? "" : home + "/.local/share";
  if (!data_home.empty())
    f.searched.push_back(place(FolderOrigin::xdg_data_home, data_home / "bocage" / "data",
                               data_home / "bocage" / "templates"));
  for (const auto& dir : split_dirs(env_or(env, "XDG_DATA_DIRS", "/usr/local/share:/usr/share")))
    if (dir.is_absolute())
      f.searched.push_back(place(FolderOrigin::xdg_data_dirs, dir / "bocage" / "data",
                                 dir / "bocage" / "templates"));

  std::error_code ec;
  const fs::path exe = executable.empty() ? fs::read_symlink("/proc/self/exe", ec) : executable;
  if (!exe.empty()) {
    const fs::path share =
        (exe.parent_path().parent_path() / "share" / "bocage").lexically_normal();
    f.searched.push_back(place(FolderOrigin::install_prefix, share / "data", share / "templates"));
  }
  const fs::path built = BOCAGE_INSTALL_DATADIR;
  f.searched.push_back(place(FolderOrigin::built_prefix, built / "data", built / "templates"));
  if (!exe.empty() && is_under(exe, BOCAGE_BUILD_ROOT) && !env("BOCAGE_NO_SOURCE_TREE")) {
    const fs::path source = BOCAGE_SOURCE_ROOT;
    f.searched.push_back(place(FolderOrigin::source_tree, source / "data", source / "templates"));
  }

  // Given folders are taken as given (an error then names them); the others
  // must hold a game, or be a folder of templates.
  const SearchedFolder* data_from = nullptr;
  for (const auto& s : f.searched) {
    const bool given = s.origin == FolderOrigin::option || s.origin == FolderOrigin::environment;
    if (!s.data.empty() && (given || s.has_games)) {
      data_from = &s;
      break;
    }
  }
  if (data_from) {
    f.data = data_from->data;
    f.data_origin = data_from->origin;
  }
  for (const auto& s : f.searched)
    if ((s.origin == FolderOrigin::option || s.origin == FolderOrigin::environment) &&
        !s.templates.empty()) {
      f.templates = s.templates;
      f.templates_origin = s.origin;
      return f;
    }
  if (data_from && (data_from->origin == FolderOrigin::option ||
                    data_from->origin == FolderOrigin::environment)) {
    // ../templates beside ../data, kept relative when it was given relative.
    fs::path beside = f.data.parent_path() / "templates";
    if (!fs::is_directory(beside, ec))
      beside = fs::absolute(f.data, ec).lexically_normal().parent_path() / "templates";
    if (fs::is_directory(beside, ec)) {
      f.templates = beside;
      f.templates_origin = FolderOrigin::beside_data;
      return f;
    }
  }
  if (data_from && data_from->has_templates) {
    f.templates = data_from->templates;
    f.templates_origin = data_from->origin;
    return f;
  }
  for (const auto& s : f.searched)
    if (s.has_templates) {
      f.templates = s.templates;
      f.templates_origin = s.origin;
      break;
    }
  return f;
}

}  // namespace

const GamePlace* DataFolders::game(const std::string& id) const {
  for (const auto& g : games)
    if (g.id == id) return &g;
  return nullptr;
}

namespace {

/// Each game of the places searched, the first place holding it winning;
/// given folders (--data, the environment) alone when given.
void collect_games(DataFolders& f) {
  const bool given =
      f.data_origin == FolderOrigin::option || f.data_origin == FolderOrigin::environment;
  for (const auto& s : f.searched) {
    if (given ? s.data != f.data || s.origin != f.data_origin : !s.has_games) continue;
    for (const auto& id : s.games) {
      if (f.game(id)) continue;
      f.games.push_back(
          {id, s.data, given || !s.has_templates ? f.templates : s.templates, s.origin});
    }
    if (given) break;
  }
  std::sort(f.games.begin(), f.games.end(),
            [](const GamePlace& a, const GamePlace& b) { return a.id < b.id; });
}

}  // namespace

DataFolders find_data_folders(const fs::path& data_option, const fs::path& templates_option,
                              const EnvLookup& env, const fs::path& executable) {
  DataFolders f = find_folders(data_option, templates_option, env, executable);
  collect_games(f);
  return f;
}

namespace {

std::string origin_name(FolderOrigin o, Lang lang) {
  switch (o) {
    case FolderOrigin::option:
      return "--data / --templates";
    case FolderOrigin::environment:
      return "BOCAGE_DATA_DIR / BOCAGE_TEMPLATES_DIR";
    case FolderOrigin::current:
      return tr(lang, msg::cli::origin_current);
    case FolderOrigin::xdg_data_home:
      return "$XDG_DATA_HOME/bocage";
    case FolderOrigin::xdg_data_dirs:
      return "$XDG_DATA_DIRS/bocage";
    case FolderOrigin::install_prefix:
      return tr(lang, msg::cli::origin_install_prefix);
    case FolderOrigin::built_prefix:
      return tr(lang, msg::cli::origin_built_prefix);
    case FolderOrigin::source_tree:
      return tr(lang, msg::cli::origin_source_tree);
    case FolderOrigin::beside_data:
      return tr(lang, msg::cli::origin_beside_data);
    case FolderOrigin::none:
      break;
  }
  return tr(lang, msg::cli::origin_none);
}

}  // namespace

std::string describe_data_folders(const DataFolders& f, Lang lang) {
  std::ostringstream out;
  auto shown = [&](const fs::path& p) {
    return p.empty() ? tr(lang, msg::cli::origin_none) : p.string();
  };
  out << tr(lang, msg::cli::paths_data, "path"_a = shown(f.data),
            "origin"_a = origin_name(f.data_origin, lang))
      << "\n"
      << tr(lang, msg::cli::paths_templates, "path"_a = shown(f.templates),
            "origin"_a = origin_name(f.templates_origin, lang))
      << "\n"
      << tr(lang, msg::cli::paths_games) << "\n";
  for (const auto& g : f.games)
    out << "  " << g.id << "  " << (g.data / g.id).string() << "  (" << origin_name(g.origin, lang)
        << ")\n";
  out << tr(lang, msg::cli::paths_searched) << "\n";
  for (const auto& s : f.searched) {
    out << "  " << origin_name(s.origin, lang) << "\n";
    if (!s.data.empty())
      out << "    " << s.data.string() << "  "
          << (s.has_games ? tr(lang, msg::cli::paths_has_games)
                          : tr(lang, msg::cli::paths_no_games))
          << "\n";
    if (!s.templates.empty())
      out << "    " << s.templates.string() << "  "
          << (s.has_templates ? tr(lang, msg::cli::paths_is_folder)
                              : tr(lang, msg::cli::paths_no_folder))
          << "\n";
  }
  return out.str();
}

namespace {

/// Where a folder of the program's own (not of a game) may be: `share_rel`
/// under the prefix the program runs from (<bin>/../share/...), `built` (the
/// prefix it was configured for), then `source_rel` in the source tree for a
/// program run from its build tree; the first holding `marker`, else empty.
fs::path program_folder(const fs::path& executable, const fs::path& share_rel,
                        const fs::path& built, const fs::path& source_rel, const fs::path& marker,
                        std::vector<fs::path> candidates = {}) {
  std::error_code ec;
  const fs::path exe = executable.empty() ? fs::read_symlink("/proc/self/exe", ec) : executable;
  if (!exe.empty())
    candidates.push_back(
        (exe.parent_path().parent_path() / "share" / share_rel).lexically_normal());
  candidates.push_back(built);
  if (!exe.empty() && is_under(exe, BOCAGE_BUILD_ROOT) && !std::getenv("BOCAGE_NO_SOURCE_TREE"))
    candidates.push_back(fs::path(BOCAGE_SOURCE_ROOT) / source_rel);
  for (const auto& c : candidates)
    if (fs::is_regular_file(c / marker, ec)) return c;
  return {};
}

}  // namespace

fs::path docs_folder(const fs::path& executable) {
  return program_folder(executable, "doc/bocage/docs", fs::path(BOCAGE_INSTALL_DOCDIR) / "docs",
                        "docs", "designer.md");
}

fs::path web_folder(const fs::path& data, const fs::path& executable) {
  std::vector<fs::path> beside;
  if (!data.empty()) beside.push_back(data.parent_path() / "web");
  const fs::path found =
      program_folder(executable, "bocage/web", fs::path(BOCAGE_INSTALL_DATADIR) / "web", "web",
                     "index.html", beside);
  if (!found.empty()) return found;
  return beside.empty() ? fs::path(BOCAGE_INSTALL_DATADIR) / "web" : beside.front();
}

fs::path qpdf_module_path(const fs::path& executable) {
  std::error_code ec;
  const fs::path exe = executable.empty() ? fs::read_symlink("/proc/self/exe", ec) : executable;
  const char* name = "libbocage-qpdf.so";
  std::vector<fs::path> candidates;
  if (!exe.empty())
    candidates.push_back(
        (exe.parent_path().parent_path() / BOCAGE_LIBDIR_REL / "bocage" / name).lexically_normal());
  candidates.push_back(fs::path(BOCAGE_INSTALL_LIBDIR) / "bocage" / name);
  if (!exe.empty() && is_under(exe, BOCAGE_BUILD_ROOT))
    candidates.push_back(fs::path(BOCAGE_BUILD_ROOT) / "generator" / name);
  for (const auto& c : candidates)
    if (fs::is_regular_file(c, ec)) return c;
  return {};
}

fs::path starter_folder(const fs::path& templates, const fs::path& executable) {
  std::vector<fs::path> beside;
  if (!templates.empty()) beside.push_back(templates / "starter");
  return program_folder(executable, "bocage/templates/starter",
                        fs::path(BOCAGE_INSTALL_DATADIR) / "templates" / "starter",
                        "templates/starter", "data/game.toml", beside);
}

}  // namespace bocage
