// bocage-gen watch GAME: lays the game out and refreshes the PNG preview of
// every card whenever one of its data or template files is saved (inotify),
// printing only the previews that changed and the diagnostics. Ctrl-C stops.
#include <algorithm>
#include <csignal>
#include <functional>
#include <map>
#include <set>

#include "bocage/msg/gen.h"
#include "commands.h"
#include "core/safe_path.h"
#include "file_watcher.h"
#include "generator/assemble/game_layout.h"
#include "generator/pdf/atomic_file.h"
#include "generator/render/face_png.h"

namespace bocage {

namespace {

namespace fs = std::filesystem;

std::atomic<bool> g_stop{false};

extern "C" void stop_watching(int) {
  g_stop = true;
}

/// The files whose saving triggers a round: data, templates, spreadsheets, art.
const std::set<std::string> kWatched = {".toml", ".csv",  ".tsv", ".tab",  ".svg", ".png",
                                        ".jpg",  ".jpeg", ".gif", ".webp", ".tif", ".tiff",
                                        ".bmp",  ".JPG",  ".PNG", ".xlsx", ".ods"};

/// Sets SIGINT and SIGTERM to stop the loop for as long as it lives.
class StopOnSignals {
 public:
  StopOnSignals() {
    g_stop = false;
    struct sigaction sa {};
    sa.sa_handler = stop_watching;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old_int_);
    sigaction(SIGTERM, &sa, &old_term_);
  }
  ~StopOnSignals() {
    sigaction(SIGINT, &old_int_, nullptr);
    sigaction(SIGTERM, &old_term_, nullptr);
  }

 private:
  struct sigaction old_int_ {};
  struct sigaction old_term_ {};
};

/// The previews written so far, by file, with a digest of their bytes.
using Written = std::map<fs::path, size_t>;

struct Round {
  size_t errors = 0;
  size_t warnings = 0;
  std::vector<fs::path> updated, removed;
  std::vector<Text> failures;  // previews that could not be written
};

/// Lays the game out and rewrites the previews whose pixels changed. A
/// problem said in the round before (`said`) is not said again.
Round run_round(const WatchOptions& o, const Roots& roots, const fs::path& folder,
                const TextEngine& engine, Written& written, std::set<std::string>& said,
                std::ostream& err) {
  Round r;
  Diagnostics diags;
  TemplateLibrary templates(roots.templates, diags);  // afresh: templates may have changed
  // A card whose picture is missing or broken is previewed with a
  // placeholder, a warning: the other cards still refresh.
  templates.pictures_may_be_missing = true;
  GameLayout g = lay_out_game(roots.data, o.game, templates, engine, diags);
  std::set<std::string> now;
  for (const Diagnostic& d : diags.items()) {
    std::string text = format_diagnostic(d, o.lang) + "\n";
    if (!said.count(text)) err << text;
    now.insert(std::move(text));
  }
  said = std::move(now);
  r.errors = diags.error_count();
  r.warnings = diags.warning_count();
  if (r.errors > 0) return r;  // the previews stay as they were, the errors say why
  IconCache icons;
  std::set<fs::path> current;
  for (const auto& d : g.decks) {
    for (size_t i = 0; i < d.deck->cards.size(); ++i) {
      auto dest = resolve_inside(folder, d.deck->cards[i].id + ".png");
      if (!dest) continue;  // card ids are checked at load
      current.insert(*dest);
      PngSize size;
      std::string bytes = face_png_bytes(*d.face(i), o.dpi, icons, templates, size);
      size_t digest = std::hash<std::string>{}(bytes);
      auto it = written.find(*dest);
      std::error_code ec;
      if (it != written.end() && it->second == digest && fs::exists(*dest, ec)) continue;
      AtomicFile file(*dest);
      if (!file.ok() || bytes.empty() || !file.commit(bytes)) {
        r.failures.push_back(file.error().empty()
                                 ? both(msg::gen::png_cannot_draw, "path"_a = dest->string())
                                 : file.error());
        continue;
      }
      written[*dest] = digest;
      r.updated.push_back(*dest);
    }
  }
  for (auto it = written.begin(); it != written.end();) {
    if (current.count(it->first)) {
      ++it;
      continue;
    }
    std::error_code ec;
    fs::remove(it->first, ec);  // a card that is no longer in the game
    r.removed.push_back(it->first);
    it = written.erase(it);
  }
  return r;
}

void report(const WatchOptions& o, const Round& r, bool first, const fs::path& folder,
            std::ostream& out, std::ostream& err) {
  for (const auto& f : r.failures) err << "error: " << f.in(o.lang) << "\n";
  if (r.errors > 0) {
    out << tr(o.lang, msg::gen::watch_errors, "errors"_a = r.errors) << std::endl;
    return;
  }
  if (first) {
    out << tr(o.lang, msg::gen::watch_first, "count"_a = r.updated.size(),
              "folder"_a = folder.string())
        << std::endl;
    return;
  }
  for (const auto& f : r.updated)
    out << tr(o.lang, msg::gen::watch_updated, "path"_a = f.string()) << "\n";
  for (const auto& f : r.removed)
    out << tr(o.lang, msg::gen::watch_removed, "path"_a = f.string()) << "\n";
  if (r.updated.empty() && r.removed.empty())
    out << tr(o.lang, msg::gen::watch_unchanged, "warnings"_a = r.warnings) << "\n";
  out.flush();
}

}  // namespace

int run_watch(const WatchOptions& o, std::ostream& out, std::ostream& err) {
  const Roots roots = resolve_roots(o.roots).of(o.game);
  if (!game_exists(o.game, roots, o.lang, err)) return kExitUsage;  // as every subcommand
  const fs::path game_dir = roots.data / o.game;
  auto folder = resolve_inside(o.out, o.game);
  if (!folder || !fs::is_directory(game_dir)) {
    // Let the loader say what is wrong with the id.
    Diagnostics diags;
    TextEngine engine;
    TemplateLibrary templates(roots.templates, diags);
    lay_out_game(roots.data, o.game, templates, engine, diags);
    err << diags.format_all(o.lang);
    return kExitDataErrors;
  }
  // --out holding a watched folder (templates, data, .) would hide every file
  // watch follows; a folder inside one is fine (it is not watched).
  {
    std::error_code ec;
    const fs::path out_dir = fs::weakly_canonical(fs::absolute(o.out, ec), ec);
    for (const fs::path& dir : {game_dir, roots.templates}) {
      const fs::path watched = fs::weakly_canonical(fs::absolute(dir, ec), ec);
      auto [o_end, w_at] =
          std::mismatch(out_dir.begin(), out_dir.end(), watched.begin(), watched.end());
      if (o_end == out_dir.end()) {
        err << "error: "
            << tr(o.lang, msg::gen::watch_out_holds, "out"_a = o.out.string(),
                  "folder"_a = dir.string())
            << "\n";
        return kExitUsage;
      }
    }
  }
  FileWatcher watcher;
  for (const fs::path& dir : {game_dir, roots.templates}) {
    if (!watcher.watch_tree(dir, o.out)) {
      err << "error: " << tr(o.lang, msg::gen::watch_cannot, "error"_a = watcher.error().in(o.lang))
          << "\n";
      return kExitOutput;
    }
  }
  StopOnSignals signals;
  TextEngine engine;
  Written written;
  std::set<std::string> said;
  report(o, run_round(o, roots, *folder, engine, written, said, err), true, *folder, out, err);
  out << tr(o.lang, msg::gen::watch_watching, "data"_a = game_dir.string(),
            "templates"_a = roots.templates.string())
      << std::endl;
  int rounds = 0;
  while (!g_stop && (o.max_rounds == 0 || rounds < o.max_rounds)) {
    const WatchEvents events = watcher.wait(kWatched, o.quiet_ms, g_stop);
    if (g_stop) break;
    if (events.empty()) continue;
    for (const auto& f : events.gone)
      out << tr(o.lang, msg::gen::watch_gone, "folder"_a = f.string()) << std::endl;
    for (const auto& f : events.back)
      out << tr(o.lang, msg::gen::watch_back, "folder"_a = f.string()) << std::endl;
    // Nothing to build while a watched folder is away: wait for it.
    if (!fs::is_directory(game_dir) || !fs::is_directory(roots.templates)) continue;
    if (!events.changed.empty()) {
      std::string names;
      for (const auto& f : events.changed)
        names += (names.empty() ? "" : ", ") + f.filename().string();
      out << tr(o.lang, msg::gen::watch_changed, "files"_a = names) << std::endl;
    }
    report(o, run_round(o, roots, *folder, engine, written, said, err), false, *folder, out, err);
    ++rounds;
  }
  out << tr(o.lang, msg::gen::watch_stopped) << std::endl;
  return kExitOk;
}

}  // namespace bocage
