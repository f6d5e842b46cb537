#include <unicode/normalizer2.h>
#include <unicode/unistr.h>

#include <algorithm>

#include "bocage/msg/gen.h"
#include "commands.h"
#include "core/did_you_mean.h"
#include "core/safe_path.h"
#include "generator/assemble/game_layout.h"
#include "generator/render/face_png.h"

namespace bocage {

namespace {

/// `text` in Unicode NFKC, case folded (ＭＩＮＥＦＩＥＬＤ reads as minefield),
/// spaces at its ends dropped.
std::string folded(const std::string& text) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* fold = icu::Normalizer2::getNFKCCasefoldInstance(status);
  if (U_FAILURE(status)) return text;
  icu::UnicodeString out = fold->normalize(icu::UnicodeString::fromUTF8(text), status);
  if (U_FAILURE(status)) return text;
  out.trim();
  std::string utf8;
  return out.toUTF8String(utf8);
}

struct CardMatch {
  const DeckLayout* deck = nullptr;
  size_t index = 0;
  std::vector<std::string> ids;  // the cards a name matched, when more than one
};

/// The card `wanted` names: its id, else (folded) its id or its name in
/// either language.
CardMatch find_card(const GameLayout& g, const std::string& wanted) {
  for (const auto& d : g.decks)
    for (size_t i = 0; i < d.deck->cards.size(); ++i)
      if (d.deck->cards[i].id == wanted) return {&d, i, {}};
  CardMatch m;
  const std::string key = folded(wanted);
  if (key.empty()) return m;
  for (const auto& d : g.decks)
    for (size_t i = 0; i < d.deck->cards.size(); ++i) {
      const Card& c = d.deck->cards[i];
      if (folded(c.id) != key && folded(c.name.ja) != key && folded(c.name.en) != key) continue;
      if (std::find(m.ids.begin(), m.ids.end(), c.id) != m.ids.end()) continue;
      if (m.ids.empty()) {
        m.deck = &d;
        m.index = i;
      }
      m.ids.push_back(c.id);
    }
  if (m.ids.size() > 1) m.deck = nullptr;
  return m;
}

}  // namespace

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

  // The card by its id, else by the name printed on it (地雷原, Minefield;
  // full-width and case folded), which must name one card.
  const CardMatch match = find_card(g, o.card);
  if (match.ids.size() > 1) {
    std::string ids;
    for (const auto& id : match.ids) ids += (ids.empty() ? "" : ", ") + id;
    err << "error: "
        << tr(o.lang, msg::gen::card_name_ambiguous, "card"_a = o.card, "ids"_a = ids,
              "game"_a = o.game)
        << "\n";
    return kExitUsage;
  }
  if (!match.deck) {
    err << "error: " << tr(o.lang, msg::gen::no_such_card, "card"_a = o.card, "game"_a = o.game)
        << "\n";
    std::vector<std::string> known;
    for (const auto& d : g.decks)
      for (const auto& c : d.deck->cards) {
        known.push_back(c.id);
        if (!c.name.ja.empty()) known.push_back(c.name.ja);
        if (!c.name.en.empty()) known.push_back(c.name.en);
      }
    if (const Text hint = did_you_mean(o.card, known); !hint.empty())
      err << "  hint: " << hint.in(o.lang) << "\n";
    return kExitUsage;
  }
  const std::string card = match.deck->deck->cards[match.index].id;
  std::shared_ptr<const Face> face =
      o.back ? match.deck->back(match.index) : match.deck->face(match.index);
  if (!face) {
    err << "error: "
        << tr(o.lang, msg::gen::no_back, "card"_a = card, "deck"_a = match.deck->deck->id) << "\n";
    return kExitUsage;
  }
  std::filesystem::path dest = o.output;
  if (dest.empty()) {
    // Card ids are checked at load; the path is proved to stay inside output/ all the same.
    auto inside = resolve_inside(o.out_dir.empty() ? std::filesystem::path("output") : o.out_dir,
                                 o.game + "/" + card + (o.back ? "-back" : "") + ".png");
    if (!inside) {
      err << "error: " << tr(o.lang, msg::gen::card_outside_output, "card"_a = card) << "\n";
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
