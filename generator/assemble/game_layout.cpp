#include "game_layout.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

#include "bocage/msg/gen.h"
#include "core/game_loader.h"
#include "generator/layout/card_art.h"
#include "generator/layout/face_raster.h"
#include "generator/layout/text_contrast.h"

namespace bocage {

namespace fs = std::filesystem;

const DeckLayout* GameLayout::deck(const std::string& id) const {
  for (const auto& d : decks)
    if (d.deck->id == id) return &d;
  return nullptr;
}

namespace {

/// Reports fonts that are not installed; returns false when any is missing.
bool check_fonts(const Game& game, const TextEngine& engine, Diagnostics& diags) {
  bool ok = true;
  for (const auto& [role, ref] : game.fonts.families) {
    if (engine.has_family(ref.name)) continue;
    ok = false;
    SourcePos pos = ref.pos.file.empty() ? SourcePos{game.file, 0, 0} : ref.pos;
    diags.error(pos, "data/missing-font",
                both(msg::gen::missing_font, "font"_a = ref.name, "role"_a = role),
                ref.pos.file.empty() ? both(msg::gen::missing_font_default_hint)
                                     : both(msg::gen::missing_font_hint));
  }
  return ok;
}

void check_symbol_icons(const Game& game, const TemplateLibrary& templates, Diagnostics& diags) {
  for (const auto& [id, sym] : game.symbols) {
    if (sym.icon.empty()) continue;
    auto problem = templates.check_icon(sym.icon.name);
    if (!problem) continue;
    if (problem->code == "missing-icon")
      diags.error(
          sym.icon.pos, "data/missing-icon",
          both(msg::gen::symbol_icon_missing, "icon"_a = sym.icon.name, "id"_a = id,
               "path"_a = (templates.root() / "icons" / (sym.icon.name + ".svg")).string()));
    else
      diags.error(sym.icon.pos, "data/" + problem->code, per_lang([&, id = id](Lang l) {
                    return tr(l, msg::gen::symbol_icon, "id"_a = id,
                              "problem"_a = problem->message.in(l));
                  }),
                  problem->hint);
  }
}

}  // namespace

namespace {

template <typename GetEngine>
GameLayout lay_out(Game game, TemplateLibrary& templates, GetEngine engine, Diagnostics& diags) {
  GameLayout out;
  out.game = std::move(game);
  const Game& g = out.game;
  templates.use_game_icons(g.dir);  // data/<game>/icons/ before templates/icons/
  // The data and templates are checked before the engine is asked for (its
  // fonts may still be being read: DeferredTextEngine); the fonts' problems
  // are reported first all the same.
  const size_t fonts_at = diags.size();
  check_symbol_icons(g, templates, diags);

  out.components_checked += static_cast<int>(g.maps.size());  // checked when a template draws them
  struct Checked {
    const Template* face = nullptr;
    std::map<std::string, const Template*> backs;
    bool ok = false;
  };
  auto back_of = [](const Deck& deck, const Card& card) -> const Ref& {
    return card.back.empty() ? deck.back : card.back;
  };
  std::vector<Checked> checked;
  for (const auto& deck : g.decks) {
    ++out.components_checked;
    Checked& c = checked.emplace_back();
    c.face = deck.face.empty() ? nullptr : templates.get(deck.face.name, deck.face.pos);
    c.ok = c.face && check_template(*c.face, g, deck, templates, diags);
    // Backs: the deck's, or a card's own; each template checked once. A back
    // may show its card's fields (a damaged side, a value on the reverse).
    for (const auto& card : deck.cards) {
      const Ref& ref = back_of(deck, card);
      if (ref.empty() || c.backs.count(ref.name)) continue;
      const Template* t = templates.get(ref.name, ref.pos);
      c.backs[ref.name] = t;
      if (!t || !check_template(*t, g, deck, templates, diags)) c.ok = false;
    }
  }
  // Without its fonts every glyph would be reported as a fallback: the data
  // and templates are checked, but nothing is laid out.
  Diagnostics font_problems;
  const bool fonts_ok = check_fonts(g, engine(), font_problems);
  diags.insert(fonts_at, font_problems);

  ContrastCache contrast_cache;
  std::set<std::string> contrast_said;
  for (size_t i = 0; i < g.decks.size(); ++i) {
    const Deck& deck = g.decks[i];
    const Template* face = checked[i].face;
    const auto& backs = checked[i].backs;
    if (!checked[i].ok || !fonts_ok) continue;

    DeckLayout dl;
    dl.deck = &deck;
    // Titles share one size per deck (size_policy, docs/templates.md).
    std::vector<const Card*> all_cards;
    std::map<std::string, std::vector<const Card*>> cards_by_back;
    for (const auto& card : deck.cards) {
      all_cards.push_back(&card);
      if (!back_of(deck, card).empty()) cards_by_back[back_of(deck, card).name].push_back(&card);
    }
    const DeckSizes face_sizes =
        deck_text_sizes(*face, g, deck, all_cards, engine(), templates, diags);
    std::map<std::string, DeckSizes> back_sizes;
    for (const auto& [name, cards] : cards_by_back)
      back_sizes[name] =
          deck_text_sizes(*backs.at(name), g, deck, cards, engine(), templates, diags);
    std::map<std::string, Face> shared_backs;
    // Small text against what lies under it, said once per element.
    auto check_contrast = [&](const Face& f, const Text& subject) {
      for (const LowContrast& low : low_contrast_texts(f, contrast_cache)) {
        const Element& e = *f.items[low.item].element;
        const std::string where =
            e.pos.file + ":" + std::to_string(e.pos.line) + ":" + std::to_string(e.pos.column);
        if (!contrast_said.insert(where).second) continue;
        char ratio[16], colour[16], size[16];
        std::snprintf(size, sizeof size, "%g", f.items[low.item].block->size_pt);
        // (rounded down: 4.46 is no 4.5)
        std::snprintf(ratio, sizeof ratio, "%.1f", std::floor(low.ratio * 10) / 10);
        std::snprintf(colour, sizeof colour, "#%02x%02x%02x",
                      static_cast<int>(std::lround(low.background.r * 255)),
                      static_cast<int>(std::lround(low.background.g * 255)),
                      static_cast<int>(std::lround(low.background.b * 255)));
        const Text label = element_label(e);
        diags.warning(
            e.pos, "layout/low-contrast", per_lang([&](Lang l) {
              return tr(l, msg::gen::low_contrast, "subject"_a = subject.in(l),
                        "ratio"_a = std::string(ratio), "under"_a = std::string(colour),
                        "size"_a = std::string(size),
                        "element"_a = tr(l, msg::gen::element_suffix, "element"_a = label.in(l)));
            }),
            both(msg::gen::low_contrast_hint));
      }
    };
    for (const auto& card : deck.cards) {
      BindContext ctx{g, deck, &card, -1};
      dl.faces.push_back(lay_out_face(
          *face, ctx,
          {both(msg::gen::subject_card, "game"_a = g.id, "deck"_a = deck.id, "card"_a = card.id),
           card.pos},
          engine(), templates, diags, &face_sizes));
      check_contrast(dl.faces.back(), both(msg::gen::subject_card, "game"_a = g.id,
                                           "deck"_a = deck.id, "card"_a = card.id));
      const Ref& ref = back_of(deck, card);
      if (ref.empty()) {
        dl.backs.emplace_back();
      } else if (auto shared = shared_backs.find(ref.name); shared != shared_backs.end()) {
        dl.backs.push_back(shared->second);  // the same back for every card: laid out once
      } else {
        const Template* t = backs.at(ref.name);
        Face back = lay_out_face(
            *t, ctx,
            {both(msg::gen::subject_back, "game"_a = g.id, "deck"_a = deck.id, "card"_a = card.id),
             ref.pos},
            engine(), templates, diags, &back_sizes[ref.name]);
        check_contrast(back, both(msg::gen::subject_back, "game"_a = g.id, "deck"_a = deck.id,
                                  "card"_a = card.id));
        if (!uses_card_fields(*t)) shared_backs.emplace(ref.name, back);
        dl.backs.push_back(std::move(back));
      }
      ++out.cards_checked;
    }
    // How much smaller it may be printed: a map or board not at all; a box
    // that holds pieces no smaller than they are.
    dl.min_scale = kMinFitScale;
    for (const Face* f : {dl.faces.empty() ? nullptr : &dl.faces.front()}) {
      if (!f) continue;
      for (const PlacedElement& item : f->items) {
        const Element& e = *item.element;
        if (e.kind == ElementKind::hexmap || e.kind == ElementKind::board ||
            e.kind == ElementKind::legend)
          dl.min_scale = 1;
        if (e.kind == ElementKind::rect && !e.holds.empty())
          if (const Deck* held = g.deck(e.holds); held && item.box.width > 0 && item.box.height > 0)
            dl.min_scale = std::max({dl.min_scale, held->size.width / item.box.width,
                                     held->size.height / item.box.height});
      }
    }
    // Measured once here, not each time a sheet is planned.
    std::vector<const Face*> laid_faces, laid_backs;
    for (const Face& f : dl.faces) laid_faces.push_back(&f);
    for (const auto& b : dl.backs)
      if (b) laid_backs.push_back(&*b);
    dl.faces_unlike_edges = unlike_edges(laid_faces);
    dl.backs_unlike_edges = unlike_edges(laid_backs);
    out.decks.push_back(std::move(dl));
  }
  return out;
}

template <typename GetEngine>
GameLayout load_and_lay_out(const fs::path& data_root, const std::string& game_id,
                            TemplateLibrary& templates, GetEngine engine, Diagnostics& diags) {
  Diagnostics load_diags;
  Game game = load_game(data_root, game_id, load_diags);
  diags.append(load_diags);
  if (game.decks.empty() && load_diags.has_errors()) {
    GameLayout empty;
    empty.game = std::move(game);
    return empty;
  }
  return lay_out(std::move(game), templates, engine, diags);
}

}  // namespace

GameLayout lay_out_game(const fs::path& data_root, const std::string& game_id,
                        TemplateLibrary& templates, const TextEngine& engine, Diagnostics& diags) {
  return load_and_lay_out(
      data_root, game_id, templates, [&]() -> const TextEngine& { return engine; }, diags);
}

GameLayout lay_out_game(const fs::path& data_root, const std::string& game_id,
                        TemplateLibrary& templates, DeferredTextEngine& engine,
                        Diagnostics& diags) {
  return load_and_lay_out(
      data_root, game_id, templates, [&]() -> const TextEngine& { return engine.get(); }, diags);
}

GameLayout lay_out_loaded_game(Game game, TemplateLibrary& templates, const TextEngine& engine,
                               Diagnostics& diags) {
  return lay_out(
      std::move(game), templates, [&]() -> const TextEngine& { return engine; }, diags);
}

}  // namespace bocage
