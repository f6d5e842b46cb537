// Counts the lines the shipped data needs: lays out every game (as
// `bocage-gen validate` does) and sums the lines of every text placed on a
// face, a back, a map, a legend or a board, with the distinct sizes of each
// deck's titles. Fewer lines at the same size is the measure of better line
// adjustment (README, "Performance"; docs/typesetting.md).
//   build/bench/line_count [DATA_ROOT [TEMPLATES_ROOT]]
// With LINE_COUNT_DUMP=1 it also prints every text's size and lines.
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <string>

#include "core/game_loader.h"
#include "generator/assemble/game_layout.h"

using namespace bocage;

namespace {

struct Count {
  long texts = 0;
  long lines = 0;
  long shrunk = 0;  // set below their element's size
  long overflow = 0;
  long solid = 0;      // texts of several lines set solid (no line_spacing)
  long justified = 0;  // justified lines (not a paragraph's last)
  long loose10 = 0;    // of which opened wider than 0.1 em between letters
  long loose15 = 0;    // wider than 0.15 em
  long ragged = 0;     // justified texts set ragged: no breaks set them tight

  void add(const TextBlock& b, double wanted_pt) {
    // LINE_COUNT_DUMP=1: each text's size and lines, to compare two versions.
    static const bool dump = std::getenv("LINE_COUNT_DUMP") != nullptr;
    if (dump && !b.vertical && b.layout()) {
      std::printf("%.2f/%.2f%s:", b.size_pt, wanted_pt, b.paragraph.set_ragged ? " ragged" : "");
      for (const auto& line : layout_lines(b.layout())) std::printf(" [%s]", line.c_str());
      for (double g : b.paragraph.gaps_em) std::printf(" %.3f", g);
      std::printf("\n");
    }
    ++texts;
    lines += b.line_count;
    for (double g : b.paragraph.gaps_em) {
      if (g <= 0) continue;
      ++justified;
      if (g > 0.1 + 1e-9) ++loose10;
      if (g > 0.15 + 1e-9) ++loose15;
    }
    if (b.paragraph.set_ragged) ++ragged;
    if (b.size_pt < wanted_pt - 1e-6) ++shrunk;
    if (!b.fits) ++overflow;
  }
  void add(const Count& c) {
    texts += c.texts;
    lines += c.lines;
    shrunk += c.shrunk;
    overflow += c.overflow;
    solid += c.solid;
    justified += c.justified;
    loose10 += c.loose10;
    loose15 += c.loose15;
    ragged += c.ragged;
  }
};

using TitleSizes = std::map<const Element*, std::set<double>>;

void count_face(const Face& face, Count& c, TitleSizes* title_sizes) {
  for (const auto& p : face.items) {
    if (p.block) {
      c.add(*p.block, p.element->size_pt);
      // (solid: the layout has neither a line height nor a gap of its own)
      if (p.block->line_count > 1 && !p.block->vertical &&
          pango_layout_get_line_spacing(p.block->layout()) == 0 &&
          pango_layout_get_spacing(p.block->layout()) == 0)
        ++c.solid;
      if (title_sizes && p.element->title) (*title_sizes)[p.element].insert(p.block->size_pt);
    }
    for (const auto& t : p.texts) c.add(*t.block, t.block->size_pt);
  }
}

}  // namespace

int main(int argc, char** argv) {
  const std::filesystem::path data = argc > 1 ? argv[1] : BOCAGE_SOURCE_ROOT "/data";
  const std::filesystem::path templates_root = argc > 2 ? argv[2] : BOCAGE_SOURCE_ROOT "/templates";
  TextEngine engine;
  Count all;
  std::printf(
      "| game | texts | lines | shrunk | overflowing | set solid | sizes of a title | justified "
      "lines | > 0.1 em | > 0.15 em | set ragged |\n");
  std::printf("|:---|---:|---:|---:|---:|---:|:---|---:|---:|---:|---:|\n");
  for (const auto& id : list_games(data)) {
    Diagnostics diags;
    TemplateLibrary templates(templates_root, diags);
    GameLayout layout = lay_out_game(data, id, templates, engine, diags);
    Count c;
    std::string sizes;
    for (const auto& d : layout.decks) {
      // The distinct sizes of each title element of the deck's faces.
      TitleSizes title_sizes;
      for (size_t i = 0; i < d.size(); ++i) count_face(*d.face(i), c, &title_sizes);
      for (size_t i = 0; i < d.size(); ++i)
        if (const auto b = d.back(i)) count_face(*b, c, nullptr);
      std::string counts;
      for (const auto& [e, set] : title_sizes)
        if (set.size() > 1) counts += (counts.empty() ? "" : "+") + std::to_string(set.size());
      if (!counts.empty()) sizes += (sizes.empty() ? "" : ", ") + d.deck->id + " " + counts;
    }
    std::printf("| %s | %ld | %ld | %ld | %ld | %ld | %s | %ld | %ld | %ld | %ld |\n", id.c_str(),
                c.texts, c.lines, c.shrunk, c.overflow, c.solid,
                sizes.empty() ? "one" : sizes.c_str(), c.justified, c.loose10, c.loose15, c.ragged);
    all.add(c);
  }
  std::printf("| all | %ld | %ld | %ld | %ld | %ld | | %ld | %ld | %ld | %ld |\n", all.texts,
              all.lines, all.shrunk, all.overflow, all.solid, all.justified, all.loose10,
              all.loose15, all.ragged);
  return 0;
}
