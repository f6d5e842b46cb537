#include <cmath>
#include <cstdio>
#include <tuple>

#include "commands.h"
#include "core/paper.h"
#include "core/safe_path.h"
#include "core/units.h"
#include "generator/build/deck_pdf.h"
#include "generator/pdf/atomic_file.h"

namespace bocage {

std::string paper_help() {
  std::string names;
  for (const auto& p : paper_sizes()) names += p.name + " (" + p.label + "), ";
  return names + "or WxH in mm (e.g. 300x420)";
}

namespace {

/// Whether `name` is a file `build` writes for one of `layout`'s decks:
/// <deck>.pdf, or a tiled deck's <deck>-full[-<card>].pdf.
bool is_build_output(const GameLayout& layout, const std::string& name) {
  for (const auto& d : layout.decks) {
    const std::string& id = d.deck->id;
    if (name == id + ".pdf") return true;
    if (name.rfind(id + "-full", 0) == 0 && name.size() > 4 &&
        name.compare(name.size() - 4, 4, ".pdf") == 0)
      return true;
  }
  return false;
}

}  // namespace

int run_build(const BuildOptions& o, std::ostream& out, std::ostream& err) {
  std::string paper_error;
  const auto paper = parse_paper(o.paper, &paper_error);
  if (!paper) {
    err << "error: " << paper_error << "\n";
    return kExitUsage;
  }
  Roots roots = resolve_roots(o.roots);
  std::vector<std::string> games;
  if (!select_games(o.games, o.all, roots, games, err)) return kExitUsage;

  // The command line checks these ranges too, but lets NaN through.
  for (auto [name, value, lo, hi] :
       {std::tuple{"--bleed", o.bleed_mm, 0.0, 10.0}, std::tuple{"--gap", o.gap_mm, 0.0, 20.0},
        std::tuple{"--overlap", o.overlap_mm, 3.0, 40.0}}) {
    if (!(value >= lo && value <= hi)) {
      err << "error: " << name << " takes " << lo << " to " << hi << " mm; got " << value << "\n";
      return kExitUsage;
    }
  }

  DeckPdfOptions pdf;
  pdf.paper_name = paper->label;
  pdf.sheet.paper = paper->size;
  pdf.sheet.printer_margin_mm = o.printer_margin_mm;
  pdf.sheet.bleed_mm = o.bleed_mm;
  pdf.sheet.gap_mm = o.gap_mm;
  pdf.sheet.crop_marks = o.crop_marks;
  pdf.overlap_mm = o.overlap_mm;
  pdf.duplex = o.duplex == "short"  ? Duplex::short_edge
               : o.duplex == "none" ? Duplex::none
               : o.duplex == "fold" ? Duplex::fold
                                    : Duplex::long_edge;
  if (!o.back_offset.empty()) {
    double x = 0, y = 0;
    char comma = 0, rest = 0;
    if (std::sscanf(o.back_offset.c_str(), "%lf %c %lf %c", &x, &comma, &y, &rest) != 3 ||
        comma != ',' || !(std::fabs(x) <= 20) || !(std::fabs(y) <= 20)) {
      err << "error: --back-offset takes X,Y in mm (each -20 to 20), for example 0.5,-0.3; got '"
          << o.back_offset << "'\n";
      return kExitUsage;
    }
    pdf.back_offset = {x, y};
  }

  TextEngine engine;
  IconCache icons;
  int status = kExitOk;
  for (const auto& id : games) {
    Diagnostics diags;
    TemplateLibrary templates(roots.templates, diags);
    GameLayout g = lay_out_game(roots.data, id, templates, engine, diags);
    err << diags.format_all();
    if (diags.has_errors()) {
      err << id << ": " << diags.error_count() << " errors; nothing written for this game\n";
      status = std::max(status, static_cast<int>(kExitDataErrors));
      continue;
    }
    // Temporaries of ours left by a build that was killed.
    for (const auto& stale : remove_stale_temporaries(
             o.out / id, [&](const std::string& name) { return is_build_output(g, name); }))
      out << "removed " << stale.string() << ", left by an interrupted build\n";
    for (const auto& deck : g.decks) {
      // Ids are checked at load; the path is proved to stay inside --out all the same.
      auto inside = resolve_inside(o.out, id + "/" + deck.deck->id + ".pdf");
      if (!inside || inside->filename() != deck.deck->id + ".pdf") {
        err << "error: deck '" << deck.deck->id << "' of " << id << " would be written outside '"
            << o.out.string() << "'\n";
        status = kExitOutput;
        continue;
      }
      const auto& dest = *inside;
      std::string error;
      if (!write_deck_pdf(g, deck, pdf, engine, templates, icons, dest, &error)) {
        err << "error: " << error << "\n";
        status = kExitOutput;
        continue;
      }
      DeckPaging paging = page_deck(deck, pdf);
      const int cards = deck.deck->total_count();
      out << "wrote " << dest.string() << " (" << cards << (cards == 1 ? " card, " : " cards, ")
          << paging.total_pages << (paging.total_pages == 1 ? " page)" : " pages)");
      if (paging.tiled) out << ", tiled; whole in " << deck.deck->id << "-full.pdf";
      out << "\n";
      for (const auto& note : paging.notes)
        err << "note: " << dest.string() << ": " << note << "\n";
    }
  }
  return status;
}

}  // namespace bocage
