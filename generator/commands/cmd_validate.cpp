#include <chrono>

#include "bocage/msg/gen.h"
#include "commands.h"
#include "generator/assemble/game_layout.h"

namespace bocage {

int run_validate(const ValidateOptions& o, std::ostream& out, std::ostream& err) {
  Roots roots = resolve_roots(o.roots);
  std::vector<std::string> games;
  if (!select_games(o.games, o.all, roots, games, o.lang, err)) return kExitUsage;
  DeferredTextEngine engine;
  Diagnostics diags;
  TemplateLibrary templates(roots.templates, diags);
  int components = 0, cards = 0;
  for (const auto& id : games) {
    GameLayout g = lay_out_game(roots.data, id, templates, engine, diags);
    components += g.components_checked;
    cards += g.cards_checked;
  }
  err << diags.format_all(o.lang);
  out << tr(o.lang, msg::gen::checked, "games"_a = games.size(), "components"_a = components,
            "cards"_a = cards, "warnings"_a = diags.warning_count(),
            "errors"_a = diags.error_count())
      << "\n";
  return diags.has_errors() ? kExitDataErrors : kExitOk;
}

}  // namespace bocage
