#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <sstream>
#include <thread>
#include <tuple>

#include "bocage/msg/cli.h"
#include "bocage/msg/gen.h"
#include "commands.h"
#include "core/number_text.h"
#include "core/paper.h"
#include "core/safe_path.h"
#include "core/system_error.h"
#include "core/units.h"
#include "generator/assemble/deck_pdf.h"
#include "generator/assemble/oneup_pdf.h"
#include "generator/assemble/pack_pdf.h"
#include "generator/assemble/png_export.h"
#include "generator/assemble/safe_zone.h"
#include "generator/assemble/tts_export.h"
#include "generator/pdf/atomic_file.h"
#include "generator/pdf/pdfx.h"
#include "print_preset.h"

namespace bocage {

bool given(const BuildOptions& o, const std::string& option) {
  return std::find(o.given.begin(), o.given.end(), option) != o.given.end();
}

std::string paper_help() {
  std::string names;
  for (const auto& p : paper_sizes()) names += p.name + " (" + p.label + "), ";
  return names + "or WxH in mm (e.g. 300x420)";
}

namespace {

/// Whether `name` is a file `build` writes for `layout`: <deck>.pdf,
/// <deck>-oneup.pdf, a tiled deck's <deck>-full[-<card>].pdf, or the pack.
bool is_build_output(const GameLayout& layout, const std::string& name) {
  if (name == pack_file_name(layout.game.id, false) || name == pack_file_name(layout.game.id, true))
    return true;
  for (const auto& d : layout.decks) {
    const std::string& id = d.deck->id;
    if (name == id + ".pdf" || name == id + "-oneup.pdf") return true;
    if (name.rfind(id + "-full", 0) == 0 && name.size() > 4 &&
        name.compare(name.size() - 4, 4, ".pdf") == 0)
      return true;
  }
  return false;
}

/// Whether `name` is a file --export tts writes into <game>/tts for `layout`:
/// <component>.json or one of its pictures, <component>-....png.
bool is_tts_output(const GameLayout& layout, const std::string& name) {
  for (const auto& d : layout.decks) {
    const std::string& id = d.deck->id;
    if (name == id + ".json") return true;
    if (name.rfind(id + "-", 0) == 0 && name.size() > 4 &&
        name.compare(name.size() - 4, 4, ".png") == 0)
      return true;
  }
  return false;
}

/// Options that mean nothing for --imposition one-up (its pages are each
/// piece's trim plus bleed, with no marks): given with it, they are refused
/// rather than silently ignored.
constexpr const char* kNotForOneUp[] = {"--paper",        "--printer-margin", "--duplex",
                                        "--gap",          "--back-offset",    "--overlap",
                                        "--no-crop-marks"};

/// The error for options that cannot go together, or empty.
std::string bad_combination(const BuildOptions& o) {
  if (o.imposition != "sheets" && o.imposition != "one-up")
    return tr(o.lang, msg::gen::bad_imposition, "value"_a = o.imposition);
  if (!parse_oneup_order(o.oneup_order))
    return tr(o.lang, msg::gen::bad_oneup_order, "value"_a = o.oneup_order);
  if (o.export_to == "tts") {
    // Sheets for a virtual table: no paper, no marks, no bleed.
    for (const char* option : kNotForOneUp)
      if (given(o, option)) return tr(o.lang, msg::gen::not_for_tts, "option"_a = option);
    for (const char* option : {"--bleed", "--pack", "--imposition", "--oneup-order", "--format",
                               "--dpi", "--preset", "--pdfx", "--output-profile"})
      if (given(o, option)) return tr(o.lang, msg::gen::not_for_tts, "option"_a = option);
    return {};
  }
  if (o.pdfx && (o.imposition != "one-up" || o.format != "pdf"))
    return tr(o.lang, msg::gen::pdfx_needs_oneup);
  if (!o.output_profile.empty() && !o.pdfx) return tr(o.lang, msg::gen::output_profile_needs_pdfx);
  if (o.imposition == "one-up") {
    for (const char* option : kNotForOneUp)
      if (given(o, option)) return tr(o.lang, msg::gen::not_for_oneup, "option"_a = option);
  } else if (given(o, "--oneup-order")) {
    return tr(o.lang, msg::gen::oneup_order_needs_oneup);
  } else if (o.format == "png") {
    return tr(o.lang, msg::gen::format_needs_oneup);
  }
  if (given(o, "--dpi") && o.format != "png") return tr(o.lang, msg::gen::dpi_needs_png);
  return {};
}

/// Why `dir` cannot be made or written into (core/system_error.h), or empty.
Text unwritable_folder(const std::filesystem::path& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return system_error_text(ec.value());
  if (access(dir.c_str(), W_OK | X_OK) != 0) return system_error_text(errno);
  return {};
}

/// Writes the game's pack, to be put into place by `pending`; returns the
/// exit status.
/// The deck of `g` whose pieces fit on no page, if any.
const DeckLayout* deck_fitting_nowhere(const GameLayout& g, const DeckPdfOptions& pdf) {
  if (pdf.one_up) return nullptr;
  for (const auto& d : g.decks)
    if (const DeckPaging p = page_deck(d, pdf); !p.tiled && p.plan.per_page() == 0) return &d;
  return nullptr;
}

/// A deck that fits on no page: a usage error when the paper, bleed or
/// margin were chosen on the command line, else the data's.
int fit_status(const std::vector<std::string>& given) {
  const bool chosen = std::any_of(given.begin(), given.end(), [](const std::string& g) {
    return g == "--paper" || g == "--bleed" || g == "--printer-margin";
  });
  return chosen ? kExitUsage : kExitDataErrors;
}

int write_pack(const GameLayout& g, const DeckPdfOptions& pdf, const TextEngine& engine,
               const TemplateLibrary& templates, IconCache& icons,
               const std::filesystem::path& out_root, Lang lang, std::ostream& out,
               std::ostream& err, PendingFiles& pending, const std::vector<std::string>& given) {
  const std::string& id = g.game.id;
  if (const DeckLayout* d = deck_fitting_nowhere(g, pdf)) {
    err << "error: " << deck_too_large(*d, pdf).in(lang) << "\n";
    return fit_status(given);
  }
  const std::string name = pack_file_name(id, pdf.one_up);
  auto dest = resolve_inside(out_root, id + "/" + name);
  if (!dest || dest->filename() != name) {
    err << "error: "
        << tr(lang, msg::gen::pack_outside_out, "game"_a = id, "out"_a = out_root.string()) << "\n";
    return kExitOutput;
  }
  Text error;
  const int pages = write_pack_pdf(g, pdf, engine, templates, icons, *dest, &error, &pending);
  if (pages == 0) {
    err << "error: " << error.in(lang) << "\n";
    return kExitOutput;
  }
  out << (pdf.one_up ? tr(lang, msg::gen::wrote_pack_oneup, "path"_a = dest->string(),
                          "components"_a = g.decks.size(), "pages"_a = pages)
                     : tr(lang, msg::gen::wrote_pack, "path"_a = dest->string(),
                          "components"_a = g.decks.size(), "pages"_a = pages))
      << "\n";
  for (const auto& d : g.decks)
    if (!pdf.one_up)
      for (const auto& note : page_deck(d, pdf).notes)
        err << "note: " << dest->string() << ": " << d.deck->id << ": " << note.in(lang) << "\n";
  return kExitOk;
}

}  // namespace

namespace {

/// Builds one game: its PDFs, what it wrote to `out`, its diagnostics and
/// notes to `err`; the exit status. Each game has its own text engine and
/// icons: games are built side by side (run_build).
///
/// Each face is laid out, and checked, as it is drawn (FaceTiming::when_drawn),
/// so that a deck is never held whole in memory; the PDFs are put into place
/// only once every face was checked without an error (else nothing is).
int build_game(const BuildOptions& o, const Roots& roots, const DeckPdfOptions& pdf,
               const std::string& id, std::ostream& out, std::ostream& err) {
  DeferredTextEngine fonts;
  IconCache icons;
  Diagnostics diags;
  const Roots own = roots.of(id);
  TemplateLibrary templates(own.templates, diags);
  GameLayout g = lay_out_game(own.data, id, templates, fonts, diags, FaceTiming::when_drawn);
  auto nothing_written = [&] {
    g.check_all();  // every problem said, not only the first deck's
    err << diags.format_all(o.lang);
    err << tr(o.lang, msg::gen::nothing_written, "game"_a = id, "count"_a = diags.error_count())
        << "\n";
    return kExitDataErrors;
  };
  if (diags.has_errors()) return nothing_written();
  const TextEngine& engine = fonts.get();
  // Temporaries of ours left by a build that was killed.
  for (const auto& stale : remove_stale_temporaries(
           o.out / id, [&](const std::string& name) { return is_build_output(g, name); }))
    out << tr(o.lang, msg::gen::removed_stale, "path"_a = stale.string()) << "\n";
  if (o.export_to == "tts")
    for (const auto& stale : remove_stale_temporaries(
             o.out / id / "tts", [&](const std::string& name) { return is_tts_output(g, name); }))
      out << tr(o.lang, msg::gen::removed_stale, "path"_a = stale.string()) << "\n";
  // What was written and the notes, said once the files are in place.
  PendingFiles pending;
  std::ostringstream wrote, notes;
  int status = kExitOk;
  // <out>/<game>/<name> for a deck's file or folder: ids are checked at load,
  // and the path is proved to stay inside --out all the same.
  auto inside_out = [&](const DeckLayout& deck,
                        const std::string& name) -> std::optional<std::filesystem::path> {
    auto inside = resolve_inside(o.out, id + "/" + name);
    if (inside && inside->filename() == name) return inside;
    notes << "error: "
          << tr(o.lang, msg::gen::deck_outside_out, "deck"_a = deck.deck->id, "game"_a = id,
                "out"_a = o.out.string())
          << "\n";
    status = kExitOutput;
    return std::nullopt;
  };
  if (o.pack) {
    status =
        write_pack(g, pdf, engine, templates, icons, o.out, o.lang, wrote, notes, pending, o.given);
  } else if (o.export_to == "tts") {
    // Tabletop Simulator's saved objects instead of PDFs, a component each;
    // CustomDeck keys unique within the game.
    int next_key = 1;
    std::optional<std::filesystem::path> folder;
    if (!g.decks.empty()) folder = inside_out(g.decks.front(), "tts");
    // A folder that cannot be written is said once, not once per component.
    if (folder) {
      if (const Text why = unwritable_folder(*folder); !why.empty()) {
        notes << "error: "
              << tr(o.lang, msg::gen::tts_folder_unwritable, "folder"_a = folder->string(),
                    "detail"_a = why.in(o.lang))
              << "\n";
        status = kExitOutput;
        folder.reset();
      }
    }
    for (const auto& deck : g.decks) {
      if (diags.has_errors() || !folder) break;
      if (deck.size() == 0) continue;
      Text error;
      const TtsWritten w =
          write_tts_component(deck, next_key, templates, icons, *folder, pending, &error);
      if (w.files == 0) {
        notes << "error: " << error.in(o.lang) << "\n";
        status = kExitOutput;
        continue;
      }
      next_key += w.custom_decks;
      wrote << tr(o.lang, msg::gen::wrote_tts,
                  "path"_a = (*folder / (deck.deck->id + ".json")).string(),
                  "count"_a = w.files - 1)
            << "\n";
    }
  } else if (o.format == "png") {
    // A PNG a piece.
    for (const auto& deck : g.decks) {
      if (diags.has_errors()) break;
      auto folder = inside_out(deck, deck.deck->id + "-png");
      if (!folder) continue;
      Text error;
      const int files = write_oneup_pngs(deck, pdf.sheet.bleed_mm, o.dpi, templates, icons, *folder,
                                         pending, &error);
      if (files == 0) {
        notes << "error: " << error.in(o.lang) << "\n";
        status = kExitOutput;
        continue;
      }
      wrote << tr(o.lang, msg::gen::wrote_pngs, "folder"_a = folder->string(),
                  "count"_a = files - 1, "dpi"_a = o.dpi)
            << "\n";
    }
  } else {
    for (const auto& deck : g.decks) {
      if (diags.has_errors()) break;  // nothing will be written: the rest only checked
      auto inside = inside_out(deck, deck.deck->id + (pdf.one_up ? "-oneup.pdf" : ".pdf"));
      if (!inside) continue;
      const auto& dest = *inside;
      Text error;
      if (pdf.one_up) {
        if (!write_oneup_pdf(g, deck, pdf, templates, icons, dest, &error, &pending)) {
          notes << "error: " << error.in(o.lang) << "\n";
          status = kExitOutput;
          continue;
        }
        const int pages = oneup_page_count(deck, pdf);
        wrote << tr(o.lang, msg::gen::wrote_oneup, "path"_a = dest.string(), "pages"_a = pages)
              << "\n";
        continue;
      }
      // Pieces that fit on no page: a usage error when the paper, bleed or
      // margin were chosen on the command line, else the data's.
      if (const DeckPaging fits = page_deck(deck, pdf); !fits.tiled && fits.plan.per_page() == 0) {
        notes << "error: " << deck_too_large(deck, pdf).in(o.lang) << "\n";
        status = std::max(status, fit_status(o.given));
        continue;
      }
      if (!write_deck_pdf(g, deck, pdf, engine, templates, icons, dest, &error, &pending)) {
        notes << "error: " << error.in(o.lang) << "\n";
        status = kExitOutput;
        continue;
      }
      DeckPaging paging = page_deck(deck, pdf);
      const int cards = deck.deck->total_count();
      wrote << (paging.tiled ? tr(o.lang, msg::gen::wrote_deck_tiled, "path"_a = dest.string(),
                                  "cards"_a = cards, "pages"_a = paging.total_pages,
                                  "deck"_a = deck.deck->id)
                             : tr(o.lang, msg::gen::wrote_deck, "path"_a = dest.string(),
                                  "cards"_a = cards, "pages"_a = paging.total_pages))
            << "\n";
      for (const auto& note : paging.notes)
        notes << "note: " << dest.string() << ": " << note.in(o.lang) << "\n";
    }
  }
  if (diags.has_errors()) return nothing_written();  // `pending` removes what was drawn
  // A print shop cuts anywhere near the trim: its text keeps inside the safe zone.
  if (o.imposition == "one-up" && o.export_to.empty()) check_safe_zone(g, kSafeZoneMm, diags);
  err << diags.format_all(o.lang);
  Text error;
  if (!pending.publish(&error)) {
    err << notes.str() << "error: " << error.in(o.lang) << "\n";
    return kExitOutput;
  }
  out << wrote.str();
  err << notes.str();
  return status;
}

}  // namespace

/// The error for an --output-profile that cannot be an output intent, or empty.
std::string profile_error(const BuildOptions& o) {
  const std::string path = o.output_profile.string();
  switch (check_output_profile(o.output_profile)) {
    case ProfileProblem::none:
      return {};
    case ProfileProblem::unreadable:
      return tr(o.lang, msg::gen::profile_unreadable, "path"_a = path);
    case ProfileProblem::not_icc:
      return tr(o.lang, msg::gen::profile_not_icc, "path"_a = path);
    case ProfileProblem::not_printer:
      return tr(o.lang, msg::gen::profile_not_printer, "path"_a = path);
    case ProfileProblem::not_cmyk:
      return tr(o.lang, msg::gen::profile_not_cmyk, "path"_a = path);
  }
  return {};
}

int run_build(const BuildOptions& given_options, std::ostream& out, std::ostream& err) {
  BuildOptions o = given_options;
  if (!o.preset.empty() && o.export_to.empty()) {
    if (std::string bad = apply_preset(o); !bad.empty()) {
      err << "error: " << bad << "\n";
      return kExitUsage;
    }
  }
  // Without --paper, the system's paper (libpaper's $PAPERSIZE, /etc/papersize).
  std::string paper_name = o.paper;
  if (!given(o, "--paper")) {
    std::string unknown;
    const std::string system = system_paper(std::getenv("PAPERSIZE"), "/etc/papersize", &unknown);
    if (!system.empty()) paper_name = system;
    if (!unknown.empty())
      err << "warning: "
          << tr(o.lang, msg::gen::unknown_system_paper, "name"_a = unknown, "paper"_a = o.paper)
          << "\n";
  }
  Text paper_error;
  const auto paper = parse_paper(paper_name, &paper_error);
  if (!paper) {
    err << "error: " << paper_error.in(o.lang) << "\n";
    return kExitUsage;
  }
  if (std::string bad = bad_combination(o); !bad.empty()) {
    err << "error: " << bad << "\n";
    return kExitUsage;
  }
  if (!o.output_profile.empty()) {
    if (std::string bad = profile_error(o); !bad.empty()) {
      err << "error: " << bad << "\n";
      return kExitUsage;
    }
  }
  if (o.pdfx && !find_ghostscript()) {
    err << "error: " << tr(o.lang, msg::gen::no_ghostscript) << "\n";
    return kExitOutput;
  }
  Roots roots = resolve_roots(o.roots);
  std::vector<std::string> games;
  if (!select_games(o.games, o.all, roots, games, o.lang, err)) return kExitUsage;

  // The command line checks these ranges too, but lets NaN through.
  for (auto [name, value, lo, hi] :
       {std::tuple{"--bleed", o.bleed_mm, 0.0, 10.0}, std::tuple{"--gap", o.gap_mm, 0.0, 20.0},
        std::tuple{"--overlap", o.overlap_mm, 3.0, 40.0}}) {
    if (!(value >= lo && value <= hi)) {
      err << "error: "
          << tr(o.lang, msg::gen::option_range, "option"_a = name, "lo"_a = format_g(lo),
                "hi"_a = format_g(hi), "value"_a = format_g(value))
          << "\n";
      return kExitUsage;
    }
  }

  DeckPdfOptions pdf;
  pdf.paper_name = paper->label;
  pdf.sheet.paper = paper->size;
  pdf.sheet.printer_margin_mm = o.printer_margin_mm;
  pdf.sheet.bleed_mm = o.bleed_mm;
  pdf.sheet.gap_mm = o.gap_mm;
  pdf.auto_gap = !o.gap_given;
  pdf.sheet.crop_marks = o.crop_marks;
  pdf.overlap_mm = o.overlap_mm;
  pdf.duplex = o.duplex == "short"  ? Duplex::short_edge
               : o.duplex == "none" ? Duplex::none
               : o.duplex == "fold" ? Duplex::fold
                                    : Duplex::long_edge;
  pdf.one_up = o.imposition == "one-up";
  pdf.oneup_order = *parse_oneup_order(o.oneup_order);
  if (o.pdfx) {
    // A profile of the user's own is named for its file (not a registered condition).
    pdf.pdfx = PdfXOptions{o.output_profile};
    if (!o.output_profile.empty()) pdf.pdfx->condition = o.output_profile.stem().string();
  }
  if (!o.back_offset.empty()) {
    double x = 0, y = 0;
    char comma = 0, rest = 0;
    if (std::sscanf(o.back_offset.c_str(), "%lf %c %lf %c", &x, &comma, &y, &rest) != 3 ||
        comma != ',' || !(std::fabs(x) <= 20) || !(std::fabs(y) <= 20)) {
      err << "error: " << tr(o.lang, msg::gen::bad_back_offset, "value"_a = o.back_offset) << "\n";
      return kExitUsage;
    }
    pdf.back_offset = {x, y};
  }

  // An --out that cannot be written is said once, not once per deck.
  if (const Text why = unwritable_folder(o.out); !why.empty()) {
    err << "error: " << tr(o.lang, msg::cli::out_not_writable, "out"_a = o.out.string()) << "\n"
        << "  " << tr(o.lang, msg::cli::system_detail, "detail"_a = why.in(o.lang)) << "\n";
    return kExitOutput;
  }

  // The games side by side, one a core: each game's output is held and
  // said in the order of the games, so that it reads as one game after the
  // other; the PDFs do not depend on which thread made them.
  const size_t workers =
      std::min<size_t>(games.size(), std::max(1u, std::thread::hardware_concurrency()));
  if (workers <= 1) {
    int status = kExitOk;
    for (const auto& id : games) status = std::max(status, build_game(o, roots, pdf, id, out, err));
    return status;
  }
  struct Run {
    std::ostringstream out, err;
    int status = kExitOk;
    std::exception_ptr failure;
  };
  std::vector<Run> runs(games.size());
  std::atomic<size_t> next{0};
  std::vector<std::thread> threads;
  for (size_t w = 0; w < workers; ++w)
    threads.emplace_back([&] {
      for (size_t i; (i = next++) < games.size();) {
        try {
          runs[i].status = build_game(o, roots, pdf, games[i], runs[i].out, runs[i].err);
        } catch (...) {
          runs[i].failure = std::current_exception();
        }
      }
    });
  for (auto& t : threads) t.join();
  int status = kExitOk;
  for (auto& run : runs) {
    out << run.out.str();
    err << run.err.str();
    if (run.failure) std::rethrow_exception(run.failure);
    status = std::max(status, run.status);
  }
  return status;
}

}  // namespace bocage
