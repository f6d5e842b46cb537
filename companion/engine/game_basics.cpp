#include "game_basics.h"

#include <algorithm>

#include "bocage/msg/engine.h"
#include "core/game_loader.h"
#include "core/toml_file.h"

namespace bocage {

std::optional<CompanionData> read_companion_data(const std::filesystem::path& data_root,
                                                 const std::string& game_id, Diagnostics& diags) {
  Game game = load_game(data_root, game_id, diags);
  const std::filesystem::path file = data_root / game_id / "companion.toml";
  auto table = parse_toml_file(file, diags);
  if (diags.has_errors() || !table) return std::nullopt;
  return CompanionData{std::move(game), std::move(*table), file.string()};
}

namespace {

template <typename Map>
void require_ids(const Map& found, std::initializer_list<const char*> ids, const char* kind,
                 const char* code, TomlReader& top) {
  for (const char* id : ids)
    if (!found.count(id))
      top.diags().error(top.pos(), code,
                        both(msg::engine::data_needs_id,
                             "file"_a = top.file().substr(top.file().find_last_of('/') + 1),
                             "kind"_a = std::string(kind), "id"_a = std::string(id)));
}

}  // namespace

void each_table(TomlReader& top, const char* key, const std::function<void(TomlReader&)>& read) {
  const toml::array* items = top.array(key);
  if (!items) return;
  for (const auto& n : *items) {
    if (!n.is_table()) {
      top.diags().error(node_pos(n, top.file()), "data/wrong-type",
                        both(msg::engine::data_not_a_table, "key"_a = std::string(key)));
      continue;
    }
    TomlReader r(*n.as_table(), top.file(), std::string("[[") + key + "]]", top.diags());
    read(r);
    r.finish();
  }
}

GameBasics read_game_basics(TomlReader& top, const BasicsNeeded& need) {
  GameBasics b;
  each_table(top, "phase", [&](TomlReader& r) {
    auto id = r.string("id", Need::required).value_or("");
    PhaseDef p;
    p.rule = r.string("rule", Need::required).value_or("");
    p.name = r.localized("name", Need::required).value_or(Localized{});
    b.phases[id] = p;
  });
  each_table(top, "track", [&](TomlReader& r) {
    auto id = r.string("id", Need::required).value_or("");
    TrackDef t;
    t.rule = r.string("rule", Need::required).value_or("");
    t.name = r.localized("name", Need::required).value_or(Localized{});
    t.min = static_cast<int>(r.integer("min", Need::required).value_or(0));
    t.max = static_cast<int>(r.integer("max", Need::required).value_or(0));
    if (t.max < t.min)
      r.diags().error(r.pos_of("max"), "companion/bad-track",
                      both(msg::engine::data_track_max_below_min, "id"_a = id, "max"_a = t.max,
                           "min"_a = t.min));
    b.tracks[id] = t;
  });
  each_table(top, "action", [&](TomlReader& r) {
    auto id = r.string("id", Need::required).value_or("");
    ActionDef a;
    a.rule = r.string("rule", Need::required).value_or("");
    a.name = r.localized("name", Need::required).value_or(Localized{});
    a.cost = static_cast<int>(r.integer("cost", Need::required).value_or(1));
    a.range = static_cast<int>(r.integer("range").value_or(0));
    b.actions[id] = a;
  });
  require_ids(b.phases, need.phases, "phase", "companion/missing-phase", top);
  require_ids(b.tracks, need.tracks, "track", "companion/missing-track", top);
  require_ids(b.actions, need.actions, "action", "companion/missing-action", top);
  return b;
}

void read_game_words(TomlReader& top, Vocabulary& vocabulary) {
  each_table(top, "word", [&](TomlReader& r) {
    Term t;
    t.id = r.string("id", Need::required).value_or("");
    const Localized name = r.localized("name").value_or(Localized{});
    t.ja = name.ja;
    t.en = name.en;
    t.also = r.strings("also").value_or(std::vector<std::string>{});
    if (!t.id.empty()) vocabulary.add(std::move(t));
  });
}

void read_game_commands(TomlReader& top, Vocabulary& commands,
                        const std::vector<std::string>& names) {
  std::vector<std::string> seen;
  each_table(top, "command", [&](TomlReader& r) {
    Term t;
    t.id = r.string("id", Need::required).value_or("");
    const Localized name = r.localized("name", Need::required).value_or(Localized{});
    t.ja = name.ja;
    t.en = name.en;
    t.also = r.strings("also").value_or(std::vector<std::string>{});
    if (t.id.empty()) return;
    if (std::find(names.begin(), names.end(), t.id) == names.end()) {
      std::string list;
      for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
      r.diags().error(r.pos_of("id"), "companion/unknown-command",
                      both(msg::engine::data_unknown_command, "id"_a = t.id, "commands"_a = list));
      return;
    }
    if (std::find(seen.begin(), seen.end(), t.id) != seen.end()) {
      r.diags().error(r.pos_of("id"), "companion/duplicate-command",
                      both(msg::engine::data_duplicate_command, "id"_a = t.id));
      return;
    }
    seen.push_back(t.id);
    commands.add(std::move(t));
  });
  for (const auto& n : names)
    if (std::find(seen.begin(), seen.end(), n) == seen.end())
      top.diags().error(top.pos(), "companion/missing-command",
                        both(msg::engine::data_needs_id,
                             "file"_a = top.file().substr(top.file().find_last_of('/') + 1),
                             "kind"_a = std::string("command"), "id"_a = n));
}

bool read_roll(TomlReader& r, int& from, int& to) {
  const toml::node* n = r.node("roll");
  if (!n) {
    r.diags().error(r.pos(), "companion/missing-key", per_lang([&](Lang l) {
                      return tr(l, msg::engine::data_needs_roll, "where"_a = r.place().in(l));
                    }));
    return false;
  }
  if (auto v = n->value<int64_t>()) {
    from = to = static_cast<int>(*v);
    return true;
  }
  if (auto* a = n->as_array();
      a && a->size() == 2 && a->get(0)->is_integer() && a->get(1)->is_integer()) {
    from = static_cast<int>(*a->get(0)->value<int64_t>());
    to = static_cast<int>(*a->get(1)->value<int64_t>());
    if (from <= to) return true;
  }
  r.diags().error(node_pos(*n, r.file()), "companion/bad-roll", both(msg::engine::data_bad_roll));
  return false;
}

void check_roll_coverage(const std::vector<std::pair<int, int>>& rows, int lo, int hi,
                         const std::string& table, const SourcePos& pos, Diagnostics& diags) {
  for (int v = lo; v <= hi; ++v) {
    int n = 0;
    for (auto [a, b] : rows) n += v >= a && v <= b;
    if (n != 1)
      diags.error(
          pos, "companion/table-coverage",
          both(msg::engine::data_table_coverage, "table"_a = table, "roll"_a = v, "found"_a = n));
  }
}

}  // namespace bocage
