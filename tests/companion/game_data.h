// The shipped games' data for the companion's tests: where it is, and a copy
// of one game's folder with one file's text edited (the data-error tests of
// ep_rules_test, ob_rules_test and mq_rules_test).
#pragma once

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "../scratch_dir.h"
#include "core/diagnostic.h"

namespace bocage::test {

/// The shipped data folder.
inline std::filesystem::path data_root() {
  return std::filesystem::path(BOCAGE_TEST_SOURCE_ROOT) / "data";
}

/// A copy of `game`'s shipped data folder in a scratch folder.
struct GameDataCopy {
  ScratchDir dir{std::vector<std::pair<std::string, std::string>>{}};
  std::string game;

  explicit GameDataCopy(std::string game_id) : game(std::move(game_id)) {
    std::filesystem::create_directories(folder());
    for (const auto& e : std::filesystem::directory_iterator(data_root() / game))
      if (e.is_regular_file()) std::filesystem::copy_file(e.path(), folder() / e.path().filename());
  }

  /// The data folder of the copy (what --data names).
  std::filesystem::path root() const { return dir.root; }
  std::filesystem::path folder() const { return dir.root / game; }
  std::filesystem::path file(const std::string& name) const { return folder() / name; }
  std::string read(const std::string& name) const {
    std::ifstream in(file(name));
    return std::string((std::istreambuf_iterator<char>(in)), {});
  }
  void write(const std::string& name, const std::string& text) const {
    std::ofstream(file(name), std::ios::trunc) << text;
  }
};

/// The copy with one file's text replaced: `from` (which must be there)
/// becomes `to`.
struct EditedGameData : GameDataCopy {
  EditedGameData(std::string game_id, const std::string& name, const std::string& from,
                 const std::string& to)
      : GameDataCopy(std::move(game_id)) {
    std::string text = read(name);
    const size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
    write(name, text);
  }

  /// What `load` (the game's rules loader) says of the edited data; it must fail.
  template <typename Load>
  std::string errors(Load load) const {
    Diagnostics diags;
    CHECK_FALSE(load(root(), game, diags));
    return diags.format_all();
  }

  /// `load` must fail with an error `code` whose Japanese message contains
  /// `ja` and whose English message contains `en`: each language names what
  /// is wrong (a message outside a catalog is the same text in both).
  template <typename Load>
  void require_error(Load load, const std::string& code, const std::string& ja,
                     const std::string& en) const {
    Diagnostics diags;
    CHECK_FALSE(load(root(), game, diags));
    INFO(diags.format_all(Lang::ja));
    INFO(diags.format_all(Lang::en));
    bool found = false;
    for (const auto& d : diags.items())
      found = found || (d.severity == Severity::error && d.code == code &&
                        d.message.ja.find(ja) != std::string::npos &&
                        d.message.en.find(en) != std::string::npos && d.message.ja != d.message.en);
    CHECK(found);
  }
};

}  // namespace bocage::test
