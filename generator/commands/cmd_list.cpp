#include <algorithm>
#include <iomanip>

#include "bocage/msg/gen.h"
#include "commands.h"
#include "core/game_loader.h"

namespace bocage {

namespace fs = std::filesystem;

namespace {

/// The printed copies by kind ("M 43, T 18, A 46, B 4, N 10"): by the
/// deck's first required symbols field, when every card has one symbol
/// there; empty otherwise.
std::string count_by_kind(const Deck& deck) {
  const FieldDef* kind = nullptr;
  for (const auto& f : deck.fields)
    if (f.type == FieldType::symbols && f.required) {
      kind = &f;
      break;
    }
  if (!kind) return {};
  std::vector<std::pair<std::string, int>> counts;  // in the order of first use
  for (const auto& card : deck.cards) {
    const FieldValue* v = card.field(kind->name);
    if (!v || v->symbols.size() != 1) return {};
    auto it = std::find_if(counts.begin(), counts.end(),
                           [&](const auto& c) { return c.first == v->symbols[0]; });
    if (it == counts.end())
      counts.emplace_back(v->symbols[0], card.count);
    else
      it->second += card.count;
  }
  std::string out;
  for (const auto& [k, n] : counts) out += (out.empty() ? "" : ", ") + k + " " + std::to_string(n);
  return out;
}

}  // namespace

int run_list(const ListOptions& o, std::ostream& out, std::ostream& err) {
  Roots roots = resolve_roots(o.roots);
  if (!o.game.empty() && !game_exists(o.game, roots, o.lang, err)) return kExitUsage;
  std::vector<std::string> games =
      o.game.empty() ? roots.game_ids() : std::vector<std::string>{o.game};
  int status = kExitOk;
  for (const auto& id : games) {
    Diagnostics diags;
    const fs::path data = roots.of(id).data;
    Game game = load_game(data, id, diags);
    if (diags.has_errors()) {
      err << diags.format_all(o.lang);
      status = kExitDataErrors;
      if (game.name.empty()) continue;
    }
    out << tr(o.lang, msg::gen::list_game, "id"_a = id, "ja"_a = game.name.ja,
              "en"_a = game.name.en, "players"_a = game.players)
        << "\n"
        << tr(o.lang, msg::gen::list_from, "path"_a = (data / id).string()) << "\n";
    for (const auto& deck : game.decks) {
      out << "  " << std::left << std::setw(14) << deck.id << deck.name.ja << " / " << deck.name.en
          << ": " << tr(o.lang, msg::gen::list_cards, "cards"_a = deck.cards.size());
      if (deck.total_count() != static_cast<int>(deck.cards.size()))
        out << tr(o.lang, msg::gen::list_printed, "count"_a = deck.total_count());
      if (std::string kinds = count_by_kind(deck); !kinds.empty())
        out << tr(o.lang, msg::gen::list_kinds, "kinds"_a = kinds);
      out << ", " << deck.size.width << "x" << deck.size.height << " mm"
          << (deck.back.empty() ? tr(o.lang, msg::gen::list_no_back) : "") << "\n";
      // One game named: its card ids too, what preview and the hints ask for.
      if (o.game.empty()) continue;
      for (const auto& card : deck.cards) {
        out << "    " << std::left << std::setw(28) << card.id
            << card.name.in(o.lang == Lang::en ? "en" : "ja");
        if (card.count != 1) out << "  x" << card.count;
        out << "\n";
      }
    }
    // The hex maps and boards the sheets draw (components as validate counts them).
    for (const auto& m : game.maps)
      out << "  " << std::left << std::setw(14) << m.id << m.name.ja << " / " << m.name.en << ": "
          << tr(o.lang, msg::gen::list_hex_map, "hexes"_a = m.hexes.size(),
                "terrains"_a = m.terrain.size())
          << "\n";
    for (const auto& b : game.boards)
      out << "  " << std::left << std::setw(14) << b.id << b.name.ja << " / " << b.name.en << ": "
          << tr(o.lang, msg::gen::list_board, "locations"_a = b.locations.size(),
                "tracks"_a = b.tracks.size())
          << "\n";
  }
  if (o.game.empty() && !games.empty()) out << tr(o.lang, msg::gen::list_card_ids_hint) << "\n";
  return status;
}

}  // namespace bocage
