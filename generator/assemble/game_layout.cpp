#include "game_layout.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <deque>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>

#include "bocage/msg/gen.h"
#include "core/did_you_mean.h"
#include "core/game_loader.h"
#include "core/number_text.h"
#include "generator/layout/card_art.h"
#include "generator/layout/face_raster.h"
#include "generator/layout/text_contrast.h"
#include "icon_contrast.h"

namespace bocage {

namespace fs = std::filesystem;

namespace {

/// Reports fonts that are not installed; returns false when any is missing.
bool check_fonts(const Game& game, const TextEngine& engine, Diagnostics& diags) {
  bool ok = true;
  for (const auto& [role, ref] : game.fonts.families) {
    if (engine.has_family(ref.name)) continue;
    ok = false;
    SourcePos pos = ref.pos.file.empty() ? SourcePos{game.file, 0, 0} : ref.pos;
    // The installed family it is closest to, as a hint ("BIZ UDGothc").
    const std::string near = closest_name(ref.name, engine.installed_families());
    diags.error(pos, "data/missing-font",
                both(msg::gen::missing_font, "font"_a = ref.name, "role"_a = role),
                !near.empty()          ? both(msg::gen::missing_font_did_you_mean, "name"_a = near)
                : ref.pos.file.empty() ? both(msg::gen::missing_font_default_hint)
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

/// What every deck of a game lays its faces out with.
struct LayoutContext {
  const Game* game = nullptr;  // GameLayout::game (re-pointed when the layout moves)
  TemplateLibrary* templates = nullptr;
  const TextEngine* engine = nullptr;
  Diagnostics* diags = nullptr;
  ContrastCache contrast_cache;
  std::set<std::string> contrast_said;  // elements already warned of
  std::set<std::string> touch_said;     // pairs of elements already warned of
  IconCache icons;                      // icons drawn for their contrast
  IconContrastCache icon_contrast_cache;
  int cards_checked = 0;
};

/// A deck's faces and backs, each laid out when first asked for and checked
/// then; the last kFaceWindow laid out are kept.
class DeckFaces {
 public:
  DeckFaces(LayoutContext& context, const Deck& deck, const Template& face,
            std::map<std::string, const Template*> backs, DeckSizes face_sizes,
            std::map<std::string, DeckSizes> back_sizes)
      : c_(context),
        deck_(deck),
        face_(face),
        back_templates_(std::move(backs)),
        face_sizes_(std::move(face_sizes)),
        back_sizes_(std::move(back_sizes)),
        faces_(deck.cards.size()),
        backs_(deck.cards.size()),
        face_checked_(deck.cards.size(), false),
        back_checked_(deck.cards.size(), false) {
    for (const auto& [name, tmpl] : back_templates_) shows_card_[name] = uses_card_fields(*tmpl);
    // Backs alike: of one template, and showing the same of their cards (a
    // back that shows a field, the same on several cards).
    std::unordered_map<std::string, size_t> first;
    for (size_t i = 0; i < deck.cards.size(); ++i) {
      const Ref& ref = back_ref(i);
      if (ref.empty()) {
        first_alike_.push_back(std::nullopt);
        continue;
      }
      std::string key = ref.name;
      if (shows_card_.at(ref.name)) {
        key += '\0';
        key += binding_key(*back_templates_.at(ref.name),
                           {*context.game, back_deck(), &deck.cards[i], -1});
      }
      first_alike_.push_back(first.try_emplace(std::move(key), i).first->second);
    }
  }

  std::shared_ptr<const Face> face(size_t i) {
    if (!faces_.at(i)) {
      const Card& card = deck_.cards[i];
      const Text subject = both(msg::gen::subject_card, "game"_a = c_.game->id, "deck"_a = deck_.id,
                                "card"_a = card.id);
      faces_[i] = lay_out(face_, i, {subject, card.pos}, &face_sizes_, face_checked_[i]);
      if (!face_checked_[i]) {
        face_checked_[i] = true;
        ++c_.cards_checked;
      }
      keep(false, i);
    }
    return faces_[i];
  }

  std::shared_ptr<const Face> back(size_t i) {
    const std::optional<size_t> first = first_alike_.at(i);
    if (!first) return nullptr;
    if (backs_[*first]) return backs_[*first];
    // A back alike for several cards is laid out as the first one's, once.
    const Card& card = deck_.cards[*first];
    const Ref& ref = back_ref(*first);
    const Text subject = both(msg::gen::subject_back, "game"_a = c_.game->id, "deck"_a = deck_.id,
                              "card"_a = card.id);
    backs_[*first] = lay_out(*back_templates_.at(ref.name), *first, {subject, ref.pos},
                             &back_sizes_[ref.name], back_checked_[*first], &back_deck());
    back_checked_[*first] = true;
    // A back that shows nothing of its card is kept for good (one a
    // template); the others, as faces are.
    if (shows_card_.at(ref.name)) keep(true, *first);
    return backs_[*first];
  }

  std::optional<size_t> first_alike_back(size_t i) const { return first_alike_.at(i); }

  /// Lays out and checks what was not yet, in the cards' order.
  void check_all() {
    for (size_t i = 0; i < deck_.cards.size(); ++i) {
      if (!face_checked_[i]) face(i);
      if (first_alike_[i] && !back_checked_[*first_alike_[i]]) back(i);
    }
  }

  /// Whether some faces' edges, and some backs' edges, differ in colour:
  /// from their shapes alone, laid out without their texts.
  std::pair<bool, bool> unlike_edges() const {
    Diagnostics said_already;  // the whole faces say their problems
    EdgeSurvey faces, backs;
    std::set<size_t> alike_done;
    for (size_t i = 0; i < deck_.cards.size(); ++i) {
      BindContext ctx{*c_.game, deck_, &deck_.cards[i], -1};
      const FaceSubject subject{{}, deck_.cards[i].pos};
      faces.add(lay_out_face(face_, ctx, subject, *c_.engine, *c_.templates, said_already, nullptr,
                             FaceDepth::shapes));
      const std::optional<size_t> first = first_alike_[i];
      if (!first || !alike_done.insert(*first).second) continue;
      BindContext back_ctx{*c_.game, back_deck(), &deck_.cards[*first], -1};
      backs.add(lay_out_face(*back_templates_.at(back_ref(*first).name), back_ctx, subject,
                             *c_.engine, *c_.templates, said_already, nullptr, FaceDepth::shapes));
    }
    return {faces.unlike(), backs.unlike()};
  }

 private:
  const Ref& back_ref(size_t i) const {
    const Card& card = deck_.cards[i];
    return card.back.empty() ? deck_.back : card.back;
  }

  /// The deck a back is laid out as: the one its cards are shuffled into, if any.
  const Deck& back_deck() const {
    const Deck* into = deck_.shuffled_into.empty() ? nullptr : c_.game->deck(deck_.shuffled_into);
    return into ? *into : deck_;
  }

  std::shared_ptr<const Face> lay_out(const Template& tmpl, size_t i, const FaceSubject& subject,
                                      const DeckSizes* sizes, bool checked,
                                      const Deck* as = nullptr) {
    BindContext ctx{*c_.game, as ? *as : deck_, &deck_.cards[i], -1};
    // Laid out again after it was let go: its problems were said the first time.
    Diagnostics said_already;
    auto face = std::make_shared<const Face>(lay_out_face(
        tmpl, ctx, subject, *c_.engine, *c_.templates, checked ? said_already : *c_.diags, sizes));
    if (!checked) {
      check_contrast(*face, subject.label);
      const std::vector<TextInk> inks = text_inks(*face);
      check_texts_touch(inks, subject.label);
      check_text_frames(*face, inks, subject.label);
      check_icon_contrast(*face, subject.label);
    }
    return face;
  }

  /// A text element of a face and where its ink lies on the piece.
  struct TextInk {
    const Element* element;
    RectMm ink;
  };

  /// The face's texts that paint something, each with its ink.
  static std::vector<TextInk> text_inks(const Face& f) {
    std::vector<TextInk> inks;
    for (const PlacedElement& p : f.items) {
      if (!p.block || !p.element || p.element->kind != ElementKind::text) continue;
      const RectMm r = text_ink_on_piece(p);
      if (r.width > 0 && r.height > 0) inks.push_back({p.element, r});
    }
    return inks;
  }

  /// A gap in mm as a warning says it: two decimals, never below 0.
  static std::string gap_mm(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", std::max(0.0, v));
    return buf;
  }

  /// Where an element stands in its template, for saying a warning once.
  static std::string element_key(const Element& e) {
    return e.pos.file + ":" + std::to_string(e.pos.line) + ":" + std::to_string(e.pos.column);
  }

  /// Two texts whose ink touches: separate elements set one under the other
  /// (a counter's 定置射撃 over its -1) or side by side, nearer than the gap
  /// lines of one text keep (kMinLineInkGapMm); said once per pair.
  void check_texts_touch(const std::vector<TextInk>& inks, const Text& subject) {
    for (size_t i = 0; i < inks.size(); ++i)
      for (size_t j = i + 1; j < inks.size(); ++j) {
        const double gap = distance(inks[i].ink, inks[j].ink);
        if (gap >= kMinLineInkGapMm) continue;
        const Element &first = *inks[i].element, &second = *inks[j].element;
        if (!c_.touch_said.insert(element_key(first) + "|" + element_key(second)).second) continue;
        const Text one = element_label(first), other = element_label(second);
        c_.diags->warning(first.pos, "layout/texts-touch", per_lang([&](Lang l) {
                            return tr(l, msg::gen::texts_touch, "subject"_a = subject.in(l),
                                      "gap"_a = gap_mm(gap), "min"_a = format_g(kMinLineInkGapMm),
                                      "element"_a = one.in(l), "other"_a = other.in(l));
                          }),
                          both(msg::gen::texts_touch_hint));
      }
  }

  /// A text whose ink comes nearer than kMinFrameGapMm to the stroke of a
  /// rectangle it stands in or beside (a number in a tracker's box, a title
  /// in its frame), or crosses it; said once per pair of elements. A frame
  /// inside the text's ink (a rule under a title) is not one it stands in.
  void check_text_frames(const Face& f, const std::vector<TextInk>& inks, const Text& subject) {
    for (const TextInk& t : inks) {
      const RectMm& a = t.ink;
      for (const PlacedElement& r : f.items) {
        if (!r.element || r.element->kind != ElementKind::rect) continue;
        const Element& e = *r.element;
        if (!e.stroke.set || e.stroke.a <= 0 || e.stroke_width_mm <= 0) continue;
        const RectMm& b = r.box;
        const double half = e.stroke_width_mm / 2;
        const bool inside =
            a.x >= b.x && a.y >= b.y && a.right() <= b.right() && a.bottom() <= b.bottom();
        const bool around =
            b.x >= a.x && b.y >= a.y && b.right() <= a.right() && b.bottom() <= a.bottom();
        if (around) continue;
        const double apart = distance(a, b);
        // Inside the frame: from the ink to the nearest side; across it: 0.
        const double gap =
            inside
                ? std::min({a.x - b.x, b.right() - a.right(), a.y - b.y, b.bottom() - a.bottom()}) -
                      half
            : apart > 0 ? apart - half
                        : 0;
        if (gap >= kMinFrameGapMm) continue;
        if (!c_.touch_said.insert(element_key(*t.element) + "|" + element_key(e)).second) continue;
        const Text one = element_label(*t.element), frame = element_label(e);
        c_.diags->warning(t.element->pos, "layout/text-touches-frame", per_lang([&](Lang l) {
                            return tr(l, msg::gen::text_touches_frame, "subject"_a = subject.in(l),
                                      "gap"_a = gap_mm(gap), "min"_a = format_g(kMinFrameGapMm),
                                      "element"_a = one.in(l), "frame"_a = frame.in(l));
                          }),
                          both(msg::gen::text_touches_frame_hint));
      }
    }
  }

  /// An icon against what lies under it (icon_contrast.h), said once per
  /// element.
  void check_icon_contrast(const Face& f, const Text& subject) {
    for (size_t i = 0; i < f.items.size(); ++i) {
      const PlacedElement& p = f.items[i];
      if (!p.element || p.element->kind != ElementKind::icon || p.icon.empty()) continue;
      const std::filesystem::path svg = c_.templates->icon_path(p.icon);
      if (svg.empty()) continue;
      const IconContrast seen = icon_contrast(f, i, svg, c_.icons, c_.icon_contrast_cache);
      if (seen.share >= kMinIconContrastShare) continue;
      const Element& e = *p.element;
      if (!c_.contrast_said.insert("icon " + element_key(e)).second) continue;
      char share[16];
      std::snprintf(share, sizeof share, "%.0f", std::floor(seen.share * 100));
      const Text label = element_label(e);
      c_.diags->warning(
          e.pos, "layout/low-contrast-icon", per_lang([&](Lang l) {
            return tr(l, msg::gen::low_contrast_icon, "subject"_a = subject.in(l),
                      "icon"_a = p.icon, "share"_a = std::string(share),
                      "under"_a = hex_colour(seen.background),
                      "element"_a = tr(l, msg::gen::element_suffix, "element"_a = label.in(l)));
          }),
          both(msg::gen::low_contrast_icon_hint));
    }
  }

  /// Small text against what lies under it, said once per element.
  void check_contrast(const Face& f, const Text& subject) {
    for (const LowContrast& low : low_contrast_texts(f, c_.contrast_cache)) {
      const Element& e = *f.items[low.item].element;
      if (!c_.contrast_said.insert(element_key(e)).second) continue;
      char ratio[16], size[16];
      std::snprintf(size, sizeof size, "%g", f.items[low.item].block->size_pt);
      // (rounded down: 4.46 is no 4.5)
      std::snprintf(ratio, sizeof ratio, "%.1f", std::floor(low.ratio * 10) / 10);
      const Text label = element_label(e);
      c_.diags->warning(
          e.pos, "layout/low-contrast", per_lang([&](Lang l) {
            return tr(l, msg::gen::low_contrast, "subject"_a = subject.in(l),
                      "ratio"_a = std::string(ratio), "under"_a = hex_colour(low.background),
                      "size"_a = std::string(size),
                      "element"_a = tr(l, msg::gen::element_suffix, "element"_a = label.in(l)));
          }),
          both(msg::gen::low_contrast_hint));
    }
  }

  /// Keeps the last kFaceWindow faces and backs laid out; lets the oldest go.
  void keep(bool back, size_t i) {
    kept_.push_back({back, i});
    if (kept_.size() <= kFaceWindow) return;
    auto [was_back, k] = kept_.front();
    kept_.pop_front();
    (was_back ? backs_ : faces_)[k].reset();
  }

  LayoutContext& c_;
  const Deck& deck_;
  const Template& face_;
  std::map<std::string, const Template*> back_templates_;
  std::map<std::string, bool> shows_card_;  // by back template: uses_card_fields
  DeckSizes face_sizes_;
  std::map<std::string, DeckSizes> back_sizes_;
  std::vector<std::shared_ptr<const Face>> faces_, backs_;
  std::vector<bool> face_checked_, back_checked_;
  std::vector<std::optional<size_t>> first_alike_;
  std::deque<std::pair<bool, size_t>> kept_;
};

std::shared_ptr<const Face> DeckLayout::face(size_t card) const {
  return faces->face(card);
}

std::shared_ptr<const Face> DeckLayout::back(size_t card) const {
  return faces->back(card);
}

std::optional<size_t> DeckLayout::first_alike_back(size_t card) const {
  return faces->first_alike_back(card);
}

GameLayout::GameLayout(GameLayout&& other) noexcept
    : game(std::move(other.game)),
      decks(std::move(other.decks)),
      components_checked(other.components_checked),
      context(std::move(other.context)) {
  if (context) context->game = &game;
}

GameLayout& GameLayout::operator=(GameLayout&& other) noexcept {
  game = std::move(other.game);
  decks = std::move(other.decks);
  components_checked = other.components_checked;
  context = std::move(other.context);
  if (context) context->game = &game;
  return *this;
}

const DeckLayout* GameLayout::deck(const std::string& id) const {
  for (const auto& d : decks)
    if (d.deck->id == id) return &d;
  return nullptr;
}

int GameLayout::cards_checked() const {
  return context ? context->cards_checked : 0;
}

void GameLayout::check_all() const {
  for (const auto& d : decks) d.faces->check_all();
}

namespace {

template <typename GetEngine>
GameLayout lay_out(Game game, TemplateLibrary& templates, GetEngine engine, Diagnostics& diags,
                   FaceTiming timing) {
  GameLayout out;
  out.game = std::move(game);
  out.context = std::make_shared<LayoutContext>();
  LayoutContext& context = *out.context;
  context.game = &out.game;
  context.templates = &templates;
  context.diags = &diags;
  const Game& g = out.game;
  templates.use_game_icons(g.dir);  // data/<game>/icons/ before templates/icons/
  // The data and templates are checked before the engine is asked for (its
  // fonts may still be being read: DeferredTextEngine); the fonts' problems
  // are reported first all the same.
  const size_t fonts_at = diags.size();
  check_symbol_icons(g, templates, diags);

  // (hex maps and boards: checked when a template draws them)
  out.components_checked += static_cast<int>(g.maps.size() + g.boards.size());
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
  context.engine = &engine();

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
    DeckSizes face_sizes = deck_text_sizes(*face, g, deck, all_cards, engine(), templates, diags);
    std::map<std::string, DeckSizes> back_sizes;
    for (const auto& [name, cards] : cards_by_back)
      back_sizes[name] =
          deck_text_sizes(*backs.at(name), g, deck, cards, engine(), templates, diags);
    dl.faces = std::make_shared<DeckFaces>(context, deck, *face, backs, std::move(face_sizes),
                                           std::move(back_sizes));
    if (timing == FaceTiming::now) dl.faces->check_all();
    // How much smaller it may be printed: a map or board not at all; a box
    // that holds pieces no smaller than they are.
    dl.min_scale = kMinFitScale;
    if (!deck.cards.empty()) {
      const std::shared_ptr<const Face> first = dl.face(0);
      for (const PlacedElement& item : first->items) {
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
    std::tie(dl.faces_unlike_edges, dl.backs_unlike_edges) = dl.faces->unlike_edges();
    out.decks.push_back(std::move(dl));
  }
  return out;
}

template <typename GetEngine>
GameLayout load_and_lay_out(const fs::path& data_root, const std::string& game_id,
                            TemplateLibrary& templates, GetEngine engine, Diagnostics& diags,
                            FaceTiming timing) {
  Diagnostics load_diags;
  Game game = load_game(data_root, game_id, load_diags);
  diags.append(load_diags);
  if (game.decks.empty() && load_diags.has_errors()) {
    GameLayout empty;
    empty.game = std::move(game);
    return empty;
  }
  return lay_out(std::move(game), templates, engine, diags, timing);
}

}  // namespace

GameLayout lay_out_game(const fs::path& data_root, const std::string& game_id,
                        TemplateLibrary& templates, const TextEngine& engine, Diagnostics& diags,
                        FaceTiming timing) {
  return load_and_lay_out(
      data_root, game_id, templates, [&]() -> const TextEngine& { return engine; }, diags, timing);
}

GameLayout lay_out_game(const fs::path& data_root, const std::string& game_id,
                        TemplateLibrary& templates, DeferredTextEngine& engine, Diagnostics& diags,
                        FaceTiming timing) {
  return load_and_lay_out(
      data_root, game_id, templates, [&]() -> const TextEngine& { return engine.get(); }, diags,
      timing);
}

GameLayout lay_out_loaded_game(Game game, TemplateLibrary& templates, const TextEngine& engine,
                               Diagnostics& diags) {
  return lay_out(
      std::move(game), templates, [&]() -> const TextEngine& { return engine; }, diags,
      FaceTiming::now);
}

}  // namespace bocage
