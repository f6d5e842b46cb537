#include "safe_zone.h"

#include <algorithm>
#include <cstdio>
#include <map>

#include "bocage/msg/gen.h"
#include "core/number_text.h"
#include "generator/layout/card_art.h"

namespace bocage {

namespace {

std::string fmt_mm(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", std::max(0.0, v));
  return buf;
}

/// The nearest a text comes to the trim, and on which side.
struct Nearest {
  double gap = 1e9;
  int side = 0;  // 0 left, 1 right, 2 top, 3 bottom
  Text subject;
  SourcePos pos;
};

}  // namespace

void check_safe_zone(const GameLayout& game, double safe_mm, Diagnostics& diags) {
  for (const DeckLayout& deck : game.decks) {
    // Counters are left out: a 1/2 in piece keeps 6.7 mm of its 12.7 inside
    // 3 mm each side, and the services that make counters punch them from a
    // sheet with its own cut lines (docs/print-shops.md).
    if (deck.deck->kind == Deck::Kind::counters) continue;
    // One warning per element (a template's text on every card).
    std::map<const Element*, Nearest> nearest;
    std::vector<const Element*> order;
    auto survey = [&](const Face& face, const Text& subject, const SourcePos& pos) {
      for (const PlacedElement& p : face.items) {
        if (!p.block || !p.element || p.element->kind != ElementKind::text) continue;
        const RectMm ink = text_ink_on_piece(p);
        if (ink.width <= 0 && ink.height <= 0) continue;
        const double gaps[] = {ink.x, face.size.width - ink.right(), ink.y,
                               face.size.height - ink.bottom()};
        const int side = static_cast<int>(std::min_element(gaps, gaps + 4) - gaps);
        if (gaps[side] >= safe_mm - 1e-6) continue;
        auto [it, fresh] = nearest.try_emplace(p.element);
        if (fresh) order.push_back(p.element);
        if (gaps[side] < it->second.gap) it->second = {gaps[side], side, subject, pos};
      }
    };
    for (size_t i = 0; i < deck.size(); ++i) {
      const Card& card = deck.deck->cards[i];
      if (auto face = deck.face(i))
        survey(*face,
               both(msg::gen::subject_card, "game"_a = game.game.id, "deck"_a = deck.deck->id,
                    "card"_a = card.id),
               card.pos);
      const std::optional<size_t> first = deck.first_alike_back(i);
      if (first && *first == i)
        if (auto back = deck.back(i))
          survey(*back,
                 both(msg::gen::subject_back, "game"_a = game.game.id, "deck"_a = deck.deck->id,
                      "card"_a = card.id),
                 card.pos);
    }
    for (const Element* e : order) {
      const Nearest& n = nearest.at(e);
      const Text side = n.side == 0   ? both(msg::gen::trim_left)
                        : n.side == 1 ? both(msg::gen::trim_right)
                        : n.side == 2 ? both(msg::gen::trim_top)
                                      : both(msg::gen::trim_bottom);
      const Text element = element_label(*e);
      diags.warning(n.pos, "layout/outside-safe-zone", per_lang([&](Lang l) {
                      return tr(l, msg::gen::outside_safe_zone, "subject"_a = n.subject.in(l),
                                "gap"_a = fmt_mm(n.gap), "side"_a = side.in(l),
                                "safe"_a = format_g(safe_mm), "element"_a = element.in(l));
                    }),
                    both(msg::gen::outside_safe_zone_hint, "safe"_a = format_g(safe_mm)));
    }
  }
}

}  // namespace bocage
