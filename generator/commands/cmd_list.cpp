#include <iomanip>

#include "commands.h"
#include "core/game_loader.h"

namespace bocage {

int run_list(const ListOptions& o, std::ostream& out, std::ostream& err) {
  Roots roots = resolve_roots(o.roots);
  std::vector<std::string> games =
      o.game.empty() ? list_games(roots.data) : std::vector<std::string>{o.game};
  int status = kExitOk;
  for (const auto& id : games) {
    Diagnostics diags;
    Game game = load_game(roots.data, id, diags);
    if (diags.has_errors()) {
      err << diags.format_all();
      status = kExitDataErrors;
      if (game.name.empty()) continue;
    }
    out << id << "  " << game.name.ja << " / " << game.name.en << "  (" << game.players
        << (game.players == 1 ? " player)\n" : " players)\n");
    for (const auto& deck : game.decks) {
      out << "  " << std::left << std::setw(14) << deck.id << deck.name.ja << " / " << deck.name.en
          << ": " << deck.cards.size() << (deck.cards.size() == 1 ? " card" : " cards");
      if (deck.total_count() != static_cast<int>(deck.cards.size()))
        out << ", " << deck.total_count() << " printed";
      out << ", " << deck.size.width << "x" << deck.size.height << " mm"
          << (deck.back.empty() ? ", no back" : "") << "\n";
    }
  }
  return status;
}

}  // namespace bocage
