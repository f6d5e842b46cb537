// bocage-gen new GAME: copies the starter game (templates/starter/: a deck of
// 12 cards in a spreadsheet, its face and back) into <data>/GAME and
// <templates>/GAME, with GAME written where the starter says @GAME@.
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <fstream>
#include <sstream>

#include "bocage/msg/core.h"
#include "bocage/msg/gen.h"
#include "commands.h"
#include "core/data_folders.h"
#include "core/ids.h"
#include "core/system_error.h"

namespace bocage {

namespace {

namespace fs = std::filesystem;

/// The starter's folder: beside the templates in use, else where the program
/// is installed or built (core/data_folders.h: starter_folder()).
fs::path find_starter(const Roots& given) {
  return starter_folder(resolve_roots(given).templates);
}

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

/// Copies `from` into a hidden temporary folder beside `dest`, then renames it
/// to `dest`: either the whole folder appears or none of it. Returns the files
/// written (relative to `dest`), or an error in `error`.
bool copy_folder(const fs::path& from, const fs::path& dest, const std::string& game,
                 std::vector<fs::path>& written, Text& error) {
  std::error_code ec;
  fs::create_directories(dest.parent_path().empty() ? fs::path(".") : dest.parent_path(), ec);
  if (ec) {
    error = path_error_text(dest.parent_path().string(), ec.value());
    return false;
  }
  fs::path tmp = dest;
  tmp.replace_filename("." + dest.filename().string() + ".new-" + std::to_string(getpid()));
  fs::remove_all(tmp, ec);
  // The folder is made first, so that a read-only place says so.
  if (!fs::create_directory(tmp, ec)) {
    error = path_error_text(tmp.parent_path().empty() ? "." : tmp.parent_path().string(),
                            ec ? ec.value() : EEXIST);
    return false;
  }
  for (const auto& entry : fs::recursive_directory_iterator(from, ec)) {
    fs::path rel = fs::relative(entry.path(), from);
    if (entry.is_directory()) {
      fs::create_directories(tmp / rel, ec);
    } else if (entry.is_regular_file()) {
      std::ifstream in(entry.path(), std::ios::binary);
      std::stringstream text;
      text << in.rdbuf();
      fs::create_directories((tmp / rel).parent_path(), ec);
      if (ec) break;
      std::ofstream out(tmp / rel, std::ios::binary);
      out << replace_all(text.str(), "@GAME@", game);
      out.close();
      if (!out) {
        error = path_error_text((tmp / rel).string(), errno);
        fs::remove_all(tmp, ec);
        return false;
      }
      written.push_back(rel);
    }
    if (ec) break;
  }
  if (!ec) fs::rename(tmp, dest, ec);
  if (ec) {
    error = path_error_text(dest.string(), ec.value());
    std::error_code ignored;
    fs::remove_all(tmp, ignored);
    return false;
  }
  return true;
}

}  // namespace

int run_new(const NewOptions& o, std::ostream& out, std::ostream& err) {
  if (!is_valid_id(o.game)) {
    err << "error: " << tr(o.lang, msg::core::bad_game_id, "id"_a = o.game.substr(0, 80)) << "\n";
    return kExitUsage;
  }
  const fs::path data = o.roots.data.empty() ? fs::path("data") : o.roots.data;
  const fs::path templates = !o.roots.templates.empty() ? o.roots.templates
                             : o.roots.data.empty()     ? fs::path("templates")
                                                        : o.roots.data.parent_path() / "templates";
  for (const fs::path& dest : {data / o.game, templates / o.game}) {
    std::error_code ec;
    if (fs::exists(fs::symlink_status(dest, ec))) {
      err << "error: " << tr(o.lang, msg::gen::new_exists, "path"_a = dest.string()) << "\n"
          << "hint: " << tr(o.lang, msg::gen::new_exists_hint) << "\n";
      return kExitUsage;
    }
  }
  const fs::path starter = find_starter(o.roots);
  if (starter.empty()) {
    err << "error: " << tr(o.lang, msg::gen::no_starter) << "\n";
    return kExitOutput;
  }
  std::vector<fs::path> data_files, template_files;
  Text error;
  if (!copy_folder(starter / "data", data / o.game, o.game, data_files, error)) {
    err << "error: " << error.in(o.lang) << "\n";
    return kExitOutput;
  }
  if (!copy_folder(starter / "templates", templates / o.game, o.game, template_files, error)) {
    std::error_code ec;
    fs::remove_all(data / o.game, ec);  // no half game left behind
    err << "error: " << error.in(o.lang) << "\n";
    return kExitOutput;
  }
  std::sort(data_files.begin(), data_files.end());
  std::sort(template_files.begin(), template_files.end());
  out << tr(o.lang, msg::gen::new_wrote, "game"_a = o.game) << "\n";
  for (const auto& f : data_files) out << "  " << (data / o.game / f).string() << "\n";
  for (const auto& f : template_files) out << "  " << (templates / o.game / f).string() << "\n";
  std::string roots;
  if (!o.roots.data.empty()) roots += " --data " + data.string();
  if (!o.roots.templates.empty()) roots += " --templates " + templates.string();
  // The guide where it is on this machine (installed, or the source tree's).
  const fs::path docs = docs_folder();
  const std::string guide =
      docs.empty() ? ""
                   : tr(o.lang, msg::gen::new_guide, "path"_a = (docs / "designer.md").string());
  // bocage-play takes --data alone (it reads no templates).
  const std::string play_roots = o.roots.data.empty() ? "" : " --data " + data.string();
  out << tr(o.lang, msg::gen::new_next, "game"_a = o.game, "roots"_a = roots,
            "play_roots"_a = play_roots, "guide"_a = guide)
      << "\n";
  return kExitOk;
}

}  // namespace bocage
