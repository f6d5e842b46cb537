#include "bocage/msg/gen.h"
#include "commands.h"
#include "core/safe_path.h"
#include "generator/assemble/game_layout.h"
#include "generator/render/face_png.h"

namespace bocage {

int run_preview(const PreviewOptions& o, std::ostream& out, std::ostream& err) {
  const Roots roots = resolve_roots(o.roots).of(o.game);
  if (o.dpi < 10 || o.dpi > 2400) {
    err << "error: " << tr(o.lang, msg::gen::bad_dpi) << "\n";
    return kExitUsage;
  }
  if (!game_exists(o.game, roots, o.lang, err)) return kExitUsage;
  TextEngine engine;
  Diagnostics diags;
  TemplateLibrary templates(roots.templates, diags);
  GameLayout g = lay_out_game(roots.data, o.game, templates, engine, diags);
  err << diags.format_all(o.lang);
  if (diags.has_errors()) return kExitDataErrors;

  std::shared_ptr<const Face> face;
  for (const auto& d : g.decks) {
    for (size_t i = 0; i < d.deck->cards.size(); ++i) {
      if (d.deck->cards[i].id != o.card) continue;
      face = o.back ? d.back(i) : d.face(i);
      if (!face) {
        err << "error: " << tr(o.lang, msg::gen::no_back, "card"_a = o.card, "deck"_a = d.deck->id)
            << "\n";
        return kExitUsage;
      }
    }
  }
  if (!face) {
    err << "error: " << tr(o.lang, msg::gen::no_such_card, "card"_a = o.card, "game"_a = o.game)
        << "\n";
    return kExitUsage;
  }
  std::filesystem::path dest = o.output;
  if (dest.empty()) {
    // Card ids are checked at load; the path is proved to stay inside output/ all the same.
    auto inside = resolve_inside(o.out_dir.empty() ? std::filesystem::path("output") : o.out_dir,
                                 o.game + "/" + o.card + (o.back ? "-back" : "") + ".png");
    if (!inside) {
      err << "error: " << tr(o.lang, msg::gen::card_outside_output, "card"_a = o.card) << "\n";
      return kExitOutput;
    }
    dest = *inside;
  }
  Text error;
  IconCache icons;
  PngSize size;
  bool ok = write_face_png(*face, o.dpi, icons, templates, dest, size, error);
  if (!ok) {
    err << "error: " << error.in(o.lang) << "\n";
    return kExitOutput;
  }
  out << tr(o.lang, msg::gen::wrote_png, "path"_a = dest.string(), "width"_a = size.width,
            "height"_a = size.height, "dpi"_a = o.dpi)
      << "\n";
  return kExitOk;
}

}  // namespace bocage
