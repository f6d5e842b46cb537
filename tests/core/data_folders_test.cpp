// The search order for data and templates (core/data_folders.h,
// docs/install.md), with a made-up environment and executable.
#include "core/data_folders.h"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <map>

#include "../scratch_dir.h"

using namespace bocage;
using bocage::test::ScratchDir;
namespace fs = std::filesystem;

namespace {

/// A game folder (a game.toml is what makes it one) and templates, under `base`.
std::vector<std::pair<std::string, std::string>> game_under(const std::string& base) {
  return {{base + "/data/g/game.toml", "[game]\n"}, {base + "/templates/t.toml", ""}};
}

struct Env {
  std::map<std::string, std::string> vars;
  EnvLookup lookup() const {
    return [this](const char* name) -> const char* {
      auto it = vars.find(name);
      return it == vars.end() ? nullptr : it->second.c_str();
    };
  }
};

/// Runs in `dir` for its lifetime (the current folder is one of the places).
struct InFolder {
  fs::path old = fs::current_path();
  explicit InFolder(const fs::path& dir) { fs::current_path(dir); }
  ~InFolder() { fs::current_path(old); }
};

}  // namespace

TEST_CASE("data folders: each place wins over the ones after it, in the documented order") {
  ScratchDir s([] {
    std::vector<std::pair<std::string, std::string>> files;
    for (const char* base : {"opt", "envdir", "cwd", "home/share/bocage", "dirs1/bocage",
                             "dirs2/bocage", "prefix/share/bocage"})
      for (auto& f : game_under(base)) files.push_back(f);
    files.push_back({"prefix/bin/.keep", ""});
    return files;
  }());
  const fs::path r = s.root;
  InFolder in(r / "cwd");
  Env env{{{"XDG_DATA_HOME", (r / "home/share").string()},
           {"XDG_DATA_DIRS", (r / "dirs1").string() + ":" + (r / "dirs2").string()},
           {"BOCAGE_DATA_DIR", (r / "envdir/data").string()}}};
  const fs::path exe = r / "prefix/bin/bocage-gen";

  auto f = find_data_folders(r / "opt/data", {}, env.lookup(), exe);
  CHECK(f.data == r / "opt/data");
  CHECK(f.data_origin == FolderOrigin::option);
  CHECK(f.templates == r / "opt/templates");
  CHECK(f.templates_origin == FolderOrigin::beside_data);

  f = find_data_folders({}, {}, env.lookup(), exe);
  CHECK(f.data == r / "envdir/data");
  CHECK(f.data_origin == FolderOrigin::environment);

  env.vars.erase("BOCAGE_DATA_DIR");
  f = find_data_folders({}, {}, env.lookup(), exe);
  CHECK(f.data == "data");
  CHECK(f.templates == "templates");
  CHECK(f.data_origin == FolderOrigin::current);

  fs::remove_all(r / "cwd/data");
  f = find_data_folders({}, {}, env.lookup(), exe);
  CHECK(f.data == r / "home/share/bocage/data");
  CHECK(f.data_origin == FolderOrigin::xdg_data_home);
  CHECK(f.templates == r / "home/share/bocage/templates");

  fs::remove_all(r / "home");
  f = find_data_folders({}, {}, env.lookup(), exe);
  CHECK(f.data == r / "dirs1/bocage/data");
  CHECK(f.data_origin == FolderOrigin::xdg_data_dirs);

  fs::remove_all(r / "dirs1");
  CHECK(find_data_folders({}, {}, env.lookup(), exe).data == r / "dirs2/bocage/data");

  fs::remove_all(r / "dirs2");
  f = find_data_folders({}, {}, env.lookup(), exe);
  CHECK(f.data == r / "prefix/share/bocage/data");
  CHECK(f.data_origin == FolderOrigin::install_prefix);
  CHECK(f.templates == r / "prefix/share/bocage/templates");
}

TEST_CASE("data folders: a data folder without a game is passed over, templates are kept apart") {
  ScratchDir s({{"cwd/data/README.md", "not a game"},
                {"cwd/templates/t.toml", ""},
                {"home/bocage/data/g/game.toml", "[game]\n"}});
  InFolder in(s.root / "cwd");
  Env env{{{"XDG_DATA_HOME", (s.root / "home").string()}, {"XDG_DATA_DIRS", "/nonexistent"}}};
  auto f = find_data_folders({}, {}, env.lookup(), s.root / "elsewhere/bin/bocage-gen");
  CHECK(f.data == s.root / "home/bocage/data");
  // The data's own place has no templates: the first place that has them.
  CHECK(f.templates == "templates");
  CHECK(f.templates_origin == FolderOrigin::current);
  // --templates alone keeps the data search.
  auto g = find_data_folders({}, s.root / "mine", env.lookup(), s.root / "elsewhere/bin/x");
  CHECK(g.data == s.root / "home/bocage/data");
  CHECK(g.templates == s.root / "mine");
}

TEST_CASE("data folders: the source tree only for a program in its build tree, unless told not") {
  ScratchDir s(std::vector<std::pair<std::string, std::string>>{{"cwd/.keep", ""}});
  InFolder in(s.root / "cwd");
  Env env{{{"XDG_DATA_HOME", (s.root / "none").string()}, {"XDG_DATA_DIRS", "/nonexistent"}}};
  const fs::path in_build = fs::path(BOCAGE_TEST_BUILD_ROOT) / "generator/bocage-gen";
  auto f = find_data_folders({}, {}, env.lookup(), in_build);
  CHECK(f.data == fs::path(BOCAGE_TEST_SOURCE_ROOT) / "data");
  CHECK(f.data_origin == FolderOrigin::source_tree);

  auto installed = find_data_folders({}, {}, env.lookup(), s.root / "usr/bin/bocage-gen");
  CHECK(installed.data.empty());
  for (const auto& place : installed.searched) CHECK(place.origin != FolderOrigin::source_tree);

  env.vars["BOCAGE_NO_SOURCE_TREE"] = "1";
  CHECK(find_data_folders({}, {}, env.lookup(), in_build).data.empty());
}

TEST_CASE("data folders: paths lists every place searched, in both languages") {
  ScratchDir s(std::vector<std::pair<std::string, std::string>>{{"cwd/.keep", ""}});
  InFolder in(s.root / "cwd");
  Env env{{{"XDG_DATA_HOME", "/xdg-home"}, {"XDG_DATA_DIRS", "/a:/b"}}};
  auto f = find_data_folders({}, {}, env.lookup(), "/opt/x/bin/bocage-play");
  const std::string en = describe_data_folders(f, Lang::en);
  CHECK_THAT(en, Catch::StartsWith("data: (none found) ((none found))\n"));
  for (const char* place : {"/xdg-home/bocage/data", "/a/bocage/data", "/b/bocage/data",
                            "/opt/x/share/bocage/data", "/opt/x/share/bocage/templates"})
    CHECK_THAT(en, Catch::Contains(place));
  CHECK(en.find("/a/bocage/data") < en.find("/b/bocage/data"));
  CHECK_THAT(describe_data_folders(f, Lang::ja), Catch::Contains("探す順:"));
}

TEST_CASE("data folders: games come from every place, the first holding a game winning for it") {
  // A designer's own game in $XDG_DATA_HOME/bocage/data, beside the shipped
  // games in $XDG_DATA_DIRS: both are found; a game the designer copied to
  // change it (shipped) is taken from the designer's folder.
  ScratchDir s(std::vector<std::pair<std::string, std::string>>{
      {"home/bocage/data/mine/game.toml", "[game]\n"},
      {"home/bocage/data/shipped/game.toml", "[game]\n"},
      {"home/bocage/templates/mine/face.toml", ""},
      {"usr/bocage/data/shipped/game.toml", "[game]\n"},
      {"usr/bocage/data/other/game.toml", "[game]\n"},
      {"usr/bocage/templates/t.toml", ""},
      {"lib/bocage/data/printonly/game.toml", "[game]\n"},
      {"empty/.keep", ""}});
  const fs::path r = s.root;
  InFolder in(r / "empty");
  Env env{{{"XDG_DATA_HOME", (r / "home").string()},
           {"XDG_DATA_DIRS", (r / "usr").string() + ":" + (r / "lib").string()},
           {"BOCAGE_NO_SOURCE_TREE", "1"}}};
  auto f = find_data_folders({}, {}, env.lookup(), r / "nowhere/bin/bocage-gen");
  REQUIRE(f.games.size() == 4);
  auto place = [&](const char* id) { return f.game(id); };
  REQUIRE(place("mine"));
  CHECK(place("mine")->data == r / "home/bocage/data");
  CHECK(place("mine")->templates == r / "home/bocage/templates");
  CHECK(place("mine")->origin == FolderOrigin::xdg_data_home);
  CHECK(place("shipped")->data == r / "home/bocage/data");  // the first place wins
  CHECK(place("other")->data == r / "usr/bocage/data");
  CHECK(place("other")->templates == r / "usr/bocage/templates");
  CHECK(place("other")->origin == FolderOrigin::xdg_data_dirs);
  CHECK(place("printonly")->data == r / "lib/bocage/data");
  CHECK(f.games.front().id == "mine");  // sorted by id
  CHECK_FALSE(f.game("nothing"));
  const std::string report = describe_data_folders(f, Lang::en);
  CHECK(report.find("  other  " + (r / "usr/bocage/data/other").string() + "  ($XDG_DATA_DIRS") !=
        std::string::npos);
  // --data: that folder's games only.
  auto given = find_data_folders(r / "usr/bocage/data", {}, env.lookup(), r / "nowhere/bin/x");
  REQUIRE(given.games.size() == 2);
  CHECK(given.game("shipped")->data == r / "usr/bocage/data");
  CHECK_FALSE(given.game("mine"));
}

TEST_CASE("the finisher's qpdf module is found beside an installed program's prefix") {
  ScratchDir prefix(std::vector<std::pair<std::string, std::string>>{
      {"bin/bocage-gen", ""},
      {std::string(BOCAGE_TEST_LIBDIR_REL) + "/bocage/libbocage-qpdf.so", "module"}});
  CHECK(qpdf_module_path(prefix.root / "bin/bocage-gen") ==
        prefix.root / BOCAGE_TEST_LIBDIR_REL / "bocage" / "libbocage-qpdf.so");
  ScratchDir bare(std::vector<std::pair<std::string, std::string>>{{"bin/bocage-gen", ""}});
  // Outside the build tree and with none installed in the configured prefix: none.
  const auto none = qpdf_module_path(bare.root / "bin/bocage-gen");
  CHECK((none.empty() || none.string().rfind(BOCAGE_TEST_INSTALL_LIBDIR, 0) == 0));
}
