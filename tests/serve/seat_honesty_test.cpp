// Seats by construction (issue 45): no page answers, sets or learns another
// seat's hand. A page sends only a legal move of its own seat and one answer
// to the question it is shown; answers written ahead answer only their
// typist's questions; a draw offers what the drawing seat could have drawn as
// far as it knows; and a noninterference test: the same public play with the
// other seat's hidden cards changed shows a seat byte-identical screens.
#include <catch2/catch.hpp>
#include <functional>
#include <random>
#include <sstream>

#include "../companion/game_data.h"
#include "../play_core/random_player.h"
#include "../scratch_dir.h"
#include "../starter_game.h"
#include "../text_helpers.h"
#include "companion/games/registry.h"
#include "companion/games/squad/sq_state.h"
#include "companion/games/table_helper/th_state.h"
#include "served_table.h"

using namespace bocage;
using bocage::test::contains;
using nlohmann::json;

namespace {

using Table = test::ServedTable;

bool offers(const std::vector<std::string>& choices, const std::string& id) {
  return std::find(choices.begin(), choices.end(), id) != choices.end();
}

/// A view without what differs from run to run of the same game: the
/// version numbers (the server's clock).
json without_versions(json v) {
  if (v.is_object()) {
    v.erase("version");
    for (auto& [k, x] : v.items()) x = without_versions(x);
  } else if (v.is_array()) {
    for (auto& x : v) x = without_versions(x);
  }
  return v;
}

}  // namespace

TEST_CASE("seats: a page's line with answers written ahead sets no hand, and is refused") {
  // Issue 45, 1: the US page posted start -- and ten cards; the German hand
  // became the last five.
  Table t("squad", {"mode=table"}, 33);
  const json r = t.act(0, {{"line",
                            "start -- leadership fatalism patriotism camaraderie determination "
                            "shell-shock confusion exhaustion hesitation encircled"}});
  CHECK(r["status"] == "refused");
  CHECK(t.session->game().history().empty());
  CHECK_FALSE(t.session->open_command());
  // Nor a move another seat may make, nor one not among the seat's moves.
  CHECK(t.act(1, {{"line", "start"}})["status"] == "refused");
  CHECK(t.act(0, {{"line", "status"}})["status"] == "refused");
  CHECK(t.act(0, {{"line", "undo --force 1"}})["status"] == "refused");
  CHECK(t.session->game().history().empty());
}

TEST_CASE("seats: an answer of several words, whatever the space, answers one question or none") {
  // Issue 45, 2: U+3000, U+00A0 or U+2000-200A between words made one answer
  // eleven, reaching the other seat's questions.
  for (const std::string space : {"\u3000", "\u00a0", "\u2002", "\u200a", " "}) {
    INFO("space U+" << space);
    Table t("squad", {"mode=table", "manual-dice"}, 33);
    REQUIRE(t.act(0, {{"line", "start"}})["status"] == "question");
    REQUIRE(t.asked() == 0);  // the dice for the first turn: the typist's
    std::string many = "2";
    for (const char* c : {"leadership", "fatalism", "patriotism", "camaraderie", "determination",
                          "shell-shock", "confusion", "exhaustion", "hesitation", "encircled"})
      many += space + c;
    const json r = t.act(0, {{"answer", many}});
    CHECK(r["status"] == "refused");
    CHECK(t.session->game().history().empty());
    CHECK(t.asked() == 0);
    // The other seat may not answer it either.
    CHECK(t.act(1, {{"answer", "2"}})["status"] == "refused");
  }
}

TEST_CASE("seats: answers typed ahead at the terminal answer only the typist's questions") {
  // Table mode, hot seat or not: the US types start with both hands'
  // answers; the German questions are asked of the German player (here a
  // script's next lines), and answers left over refuse the command.
  Table t("squad", {"manual-dice"}, 1);
  auto& session = t.session;
  // No one to ask (exec, a page): a question of another seat refuses.
  const Reply r = session->execute(
      "start -- 6 1 knife bayonet garrote bare-hands rifle-butt leadership fatalism patriotism "
      "camaraderie determination",
      nullptr);
  CHECK(r.status == Reply::Status::refused);
  CHECK(contains(r.lines.back().text, "is asked of another seat"));
  CHECK(session->game().history().empty());
}

TEST_CASE("seats: a table-mode draw offers what the drawing seat could have drawn") {
  // Issue 45, 3: after Japan named ナイフ 銃剣 国の特性 丘 煙幕, Britain's
  // buttons no longer offered 丘, ナイフ and 銃剣 (one copy each).
  Table t("squad", {"mode=table", "manual-dice", "nations=japan-vs-britain"}, 33, "ja");
  REQUIRE(t.act(0, {{"line", "start"}})["status"] == "question");
  REQUIRE(t.act(0, {{"answer", "6"}})["status"] == "question");
  REQUIRE(t.act(0, {{"answer", "1"}})["status"] == "question");  // seat 0 first
  REQUIRE(t.asked() == 0);
  const auto before = t.choices(0);
  for (const char* card : {"knife", "bayonet", "national-trait", "hill", "smoke"}) {
    REQUIRE(t.asked() == 0);
    CHECK(t.act(0, {{"answer", card}})["status"] == "question");
  }
  REQUIRE(t.asked() == 1);
  const auto after = t.choices(1);
  CHECK(after == before);  // the same buttons, in the same order
  for (const char* card : {"hill", "knife", "bayonet"}) CHECK(offers(after, card));
}

TEST_CASE("seats: the table helper's draw offers a card the other seat holds") {
  test::StarterGame game;
  game.two_seats();
  Table t("my-game", {"mode=table"}, 1, "ja", game.dir.root);
  const json v = t.table->view(0);
  // Deal: each seat names its own cards; the second seat's choices are the
  // first's, whatever the first was dealt.
  std::string deal;
  for (const auto& m : v["moves"])
    if (m["command"] == "deal") deal = m["line"];
  REQUIRE_FALSE(deal.empty());
  REQUIRE(t.act(0, {{"line", deal}})["status"] == "question");
  REQUIRE(t.asked() == 0);
  const auto first = t.choices(0);
  while (t.asked() == 0) {
    const auto c = t.choices(0);
    // The last of the choices: a one-copy card if the deck has one.
    t.act(0, {{"answer", c.back()}});
  }
  REQUIRE(t.asked() == 1);
  CHECK(t.choices(1) == first);
}

TEST_CASE("seats: a forced undo of another seat's command waits for that seat's consent") {
  // Issue 45, 4: the German page's forced undo took back the US's card.
  Table t("squad", {"virtual", "windows=always"}, 5);
  REQUIRE(t.act(0, {{"line", "start"}})["status"] == "done");
  // Play until a seat's command is followed by the other seat's turn.
  std::mt19937 rng(7);
  int guard = 0;
  int mover = -1, other = -1;
  while (guard++ < 200) {
    const int to_act = t.table->view(0)["to_act"];
    REQUIRE(to_act >= 0);
    const json moves = t.table->view(to_act)["moves"];
    REQUIRE_FALSE(moves.empty());
    REQUIRE(t.act(to_act, {{"line", moves[rng() % moves.size()]["line"]}})["status"] == "done");
    const int next = t.table->view(0)["to_act"];
    if (next >= 0 && next != to_act) {
      mover = to_act;
      other = next;
      break;
    }
  }
  REQUIRE(mover >= 0);
  const size_t done = t.session->game().history().size();
  // The other seat asks: nothing is taken back; the mover's page is asked.
  const json r = t.act(other, {{"line", "undo --force 1"}});
  CHECK(r["status"] == "requested");
  CHECK(t.session->game().history().size() == done);
  const json asked = t.table->view(mover);
  REQUIRE(asked.contains("undo_request"));
  CHECK(contains(asked["undo_request"]["text"].get<std::string>(), "(yours among them)"));
  CHECK(t.table->view(other).contains("undo_waiting"));
  CHECK_FALSE(t.table->view(other).contains("undo_request"));
  // The asker cannot agree for the mover; the mover refuses: nothing changes.
  CHECK(t.act(other, {{"undo_consent", true}})["status"] == "refused");
  CHECK(t.act(mover, {{"undo_consent", false}})["status"] == "done");
  CHECK(t.session->game().history().size() == done);
  CHECK_FALSE(t.table->view(mover).contains("undo_request"));
  // Asked again and accepted: taken back, and every page reads whose it was.
  REQUIRE(t.act(other, {{"line", "undo --force 1"}})["status"] == "requested");
  const json yes = t.act(mover, {{"undo_consent", true}});
  CHECK(yes["status"] == "done");
  CHECK(t.session->game().history().size() == done - 1);
  const std::string seen = t.table->view(other).dump();
  const std::string name = t.table->view(0)["seats"][mover];
  CHECK(contains(seen, "Took back the " + name + "'s command"));
}

TEST_CASE("seats: dice typed by hand and then cancelled stay in the log") {
  // Issue 45, 5: Stuart vs Zombies, the AP die typed, the counter-attack die
  // typed, cancel: no trace, so a bad roll could be typed again.
  Table t("stuart-vs-zombies", {"manual-dice"}, 3);
  auto& session = t.session;
  const auto& dir = t.dir;
  struct Typist final : Asker {
    std::vector<std::string> answers{"5", "6", "cancel"};
    size_t next = 0;
    std::optional<std::string> ask(const Question&, const std::vector<Line>&) override {
      if (next < answers.size()) return answers[next++];
      return std::nullopt;
    }
  } typist;
  const Reply r = session->execute("roll", &typist);
  REQUIRE(typist.next == 3);
  CHECK(r.status == Reply::Status::cancelled);
  bool said = false;
  for (const auto& l : r.lines) said |= contains(l.text, "dice typed by hand (5, 6)");
  CHECK(said);
  CHECK(session->game().history().empty());
  REQUIRE(session->log().cancelled().size() == 1);
  CHECK(session->log().cancelled()[0].second == "roll -- 5 6");
  // On disk, and read back.
  SessionError e2;
  auto again = SessionLog::read(dir.root / "g.session", &e2);
  REQUIRE(again);
  REQUIRE(again->cancelled().size() == 1);
  CHECK(again->cancelled()[0].first == 0);
  CHECK(again->commands().empty());
}

namespace {

/// One game of random legal moves, table mode, its draws from the deck on
/// the table: the logged lines, and for each answer the seat it was asked
/// of and whether it was secret.
struct RandomGame {
  std::vector<std::string> lines;
  std::vector<std::vector<std::pair<int, bool>>> asked;  // per line, per answer
};

RandomGame random_game(const std::shared_ptr<const GameModule>& module, uint64_t seed,
                       int commands) {
  GameSettings settings;
  settings.lang = Lang::en;
  GameCore game(module, seed, settings);
  struct Asking final : Asker {
    test::RandomAsker random;
    std::vector<std::pair<int, bool>> asked;
    explicit Asking(uint64_t s) : random(s) {}
    std::optional<std::string> ask(const Question& q, const std::vector<Line>& p) override {
      asked.emplace_back(q.seat, q.secret);
      return random.ask(q, p);
    }
  } asker(seed * 7919);
  RandomGame out;
  for (int i = 0; i < commands && !game.outcome(); ++i) {
    const auto moves = game.legal_moves();
    if (moves.empty()) break;
    const Move m = moves[size_t(asker.random.rng().roll(int(moves.size())) - 1)];
    asker.asked.clear();
    bocage::Played p = game.play(m, {}, &asker);
    if (p.status != bocage::Played::Status::done) continue;
    out.lines.push_back(game.line(game.history().back()));
    out.asked.push_back(asker.asked);
  }
  return out;
}

/// Plays `lines` on the pages, each command from the page of its seat and
/// each answer from the page of the seat asked; what `watcher`'s page shows
/// after every step (its view, and its own replies), or nothing when a step
/// is refused.
std::optional<std::vector<std::string>> screens(Table& t, const std::vector<std::string>& lines,
                                                int watcher) {
  std::vector<std::string> seen;
  for (const auto& line : lines) {
    std::vector<std::string> words, answers;
    split_command(line, words, answers);
    const int seat = t.table->view(0)["to_act"];
    if (seat < 0) return std::nullopt;
    json r = t.act(seat, {{"line", join_words(words)}});
    if (r["status"] == "refused") return std::nullopt;
    if (seat == watcher) seen.push_back(without_versions(r).dump());
    seen.push_back(without_versions(t.table->view(watcher)).dump());
    for (const auto& a : answers) {
      const int asked = t.asked();
      if (asked < 0) return std::nullopt;
      r = t.act(asked, {{"answer", a}});
      if (r["status"] == "refused") return std::nullopt;
      if (asked == watcher) seen.push_back(without_versions(r).dump());
      seen.push_back(without_versions(t.table->view(watcher)).dump());
    }
    if (t.asked() >= 0) return std::nullopt;
  }
  return seen;
}

/// For each game: a card the `hider` drew and still holds at the end,
/// changed for a card no one drew; the other seat's screens must not change.
void noninterference(const std::string& game, const std::vector<std::string>& options,
                     const std::filesystem::path& data, int games, int commands) {
  std::string why;
  std::shared_ptr<const GameModule> module = load_game_module(data, game, options, &why);
  REQUIRE(module);
  int compared = 0;
  for (uint64_t seed = 1; seed <= uint64_t(games); ++seed)
    for (int hider : {0, 1}) {
      const int watcher = 1 - hider;
      const RandomGame p = random_game(module, seed, commands);
      // Every card named anywhere (drawn or played), and the hider's secret draws.
      std::string all;
      for (const auto& l : p.lines) all += " " + l + " ";
      struct Draw {
        size_t line, answer;
        std::string card;
      };
      std::vector<Draw> draws;
      for (size_t i = 0; i < p.lines.size(); ++i) {
        std::vector<std::string> w, a;
        split_command(p.lines[i], w, a);
        for (size_t k = 0; k < a.size() && k < p.asked[i].size(); ++k)
          if (p.asked[i][k].first == hider && p.asked[i][k].second) draws.push_back({i, k, a[k]});
      }
      // A card named once in the whole game (its one draw: never played,
      // never seen), and one never named (still in the deck).
      auto count = [&](const std::string& id) {
        size_t n = 0;
        for (size_t at = all.find(" " + id + " "); at != std::string::npos;
             at = all.find(" " + id + " ", at + 1))
          ++n;
        return n;
      };
      std::optional<Draw> kept;
      for (const auto& d : draws)
        if (count(d.card) == 1) kept = d;
      if (!kept) continue;
      Table first(game, options, seed, "en", data);
      const auto a = screens(first, p.lines, watcher);
      REQUIRE(a);
      // The cards the hider could have drawn there: its question's choices.
      std::vector<std::string> before(p.lines.begin(), p.lines.begin() + long(kept->line));
      std::optional<std::vector<std::string>> b;
      std::vector<std::string> candidates;
      {
        Table probe(game, options, seed, "en", data);
        REQUIRE(screens(probe, before, watcher));
        std::vector<std::string> w, ans;
        split_command(p.lines[kept->line], w, ans);
        const int seat = probe.table->view(0)["to_act"];
        probe.act(seat, {{"line", join_words(w)}});
        for (size_t k = 0; k < kept->answer; ++k) probe.act(probe.asked(), {{"answer", ans[k]}});
        REQUIRE(probe.asked() == hider);
        candidates = probe.choices(hider);
      }
      for (const auto& other : candidates) {
        if (other == kept->card || count(other) != 0) continue;
        std::vector<std::string> changed = p.lines;
        std::vector<std::string> w, ans;
        split_command(changed[kept->line], w, ans);
        ans[kept->answer] = other;
        changed[kept->line] = with_answers(join_words(w), ans);
        Table second(game, options, seed, "en", data);
        b = screens(second, changed, watcher);
        if (b) break;
      }
      if (!b) continue;
      INFO(game << " " << join_words(options) << " seed " << seed << ": the " << hider
                << " seat holds another card than " << kept->card);
      REQUIRE(a->size() == b->size());
      for (size_t i = 0; i < a->size(); ++i) {
        INFO("screen " << i);
        REQUIRE((*a)[i] == (*b)[i]);
      }
      ++compared;
    }
  CHECK(compared >= games / 2);
}

}  // namespace

TEST_CASE("noninterference: SQUAD's card game, the other hand changed, the same screens") {
  noninterference("squad", {"mode=table", "windows=always"}, test::data_root(), 4, 30);
}

TEST_CASE("noninterference: SQUAD's map variant and flanking, the other hand changed") {
  noninterference("squad", {"mode=table", "windows=always", "variant=map"}, test::data_root(), 2,
                  30);
  noninterference("squad", {"mode=table", "windows=always", "flanking=on"}, test::data_root(), 2,
                  30);
}

TEST_CASE("noninterference: a designer's two-seat game, the other hand changed") {
  test::StarterGame game;
  game.two_seats();
  noninterference("my-game", {"mode=table"}, game.dir.root, 4, 30);
}

TEST_CASE("seats: a finished game says so, not whose turn it is") {
  test::StarterGame game;
  game.two_seats();
  Table t("my-game", {"mode=virtual"}, 1, "ja", game.dir.root);
  // Play on until `end` (a winner named) is among the moves.
  std::string end;
  for (int step = 0; step < 20 && end.empty(); ++step) {
    const int to_act = t.table->view(0)["to_act"];
    const json v = t.table->view(to_act);
    for (const auto& m : v["moves"])
      if (m["command"] == "end") end = m["line"];
    if (!end.empty()) break;
    json r = t.act(to_act, {{"line", v["moves"][0]["line"]}});
    for (int i = 0; i < 20 && r["status"] == "question"; ++i)
      r = t.act(t.asked(), {{"answer", t.choices(t.asked()).front()}});
  }
  REQUIRE_FALSE(end.empty());
  json r = t.act(0, {{"line", end}});
  for (int i = 0; i < 5 && r["status"] == "question"; ++i)
    r = t.act(t.asked(), {{"answer", t.choices(t.asked()).front()}});
  REQUIRE(t.session->outcome());
  for (int seat : {0, 1}) {
    const json refused = t.act(seat, {{"line", "deal"}});
    CHECK(refused["status"] == "refused");
    CHECK(refused.dump().find("ゲームは終わっています") != std::string::npos);
  }
}

namespace {

/// What `seat` is told of `state` at a moment: the status as it may read
/// it, its hand, its moves when it is to act, the board as it sees it.
std::string observed(const GameModule& M, const GameState& state, int seat) {
  std::string out = M.brief(state, Lang::en) + "\n";
  GameDice none(0);
  PlayContext ctx(Lang::en, none, false, {}, nullptr);
  M.status(state, ctx);
  for (const auto& l : ctx.lines())
    if (l.readable_by(seat)) out += l.text + "\n";
  for (const auto& c : M.hand(state, seat, Lang::en)) out += "hand " + c.name + " " + c.note + "\n";
  if (M.seat_to_act(state) == seat)
    for (const auto& w : move_words(M, M.legal_moves(state))) out += "move " + join_words(w) + "\n";
  if (const auto b = M.board_view(state, seat, Lang::en))
    for (const auto& p : b->pieces) out += "piece " + p.at + " " + p.text + "\n";
  return out;
}

/// Swaps the `which`-th card of `hand` with the bottom card of `deck` (its
/// only copy there: take() takes a card's first copy); false when it cannot.
bool swap_with_bottom(CardPile& hand, CardDeck& deck, int which) {
  if (which < 0 || size_t(which) >= hand.size() || deck.empty()) return false;
  const int c = hand.cards[size_t(which)], bottom = deck.cards().back();
  if (c == bottom || std::count(deck.cards().begin(), deck.cards().end(), bottom) != 1)
    return false;
  hand.take(c);
  deck.take(bottom);
  deck.put(c);
  hand.add(bottom);
  return true;
}

/// Virtual mode deals from the seed: the other seat's hidden cards are
/// changed in the state itself. A random game is played; before a command,
/// a card the hidden seat holds (one it never plays: else the game does not
/// replay) is swapped with the deck's bottom card, which nobody draws before
/// the game's end. The same commands then play on both states, with the same
/// dice: everything the watching seat is told (each command's lines, the
/// status, its hand, its moves, the board) must be the same. `swap` makes
/// the change in a game's state (hidden seat, which card); `left` is the
/// deck's count, which must never reach 0.
int virtual_noninterference(const std::string& game, const std::vector<std::string>& options,
                            const std::filesystem::path& data, int games,
                            const std::function<bool(GameState&, int, int)>& swap,
                            const std::function<size_t(const GameState&)>& left) {
  std::string why;
  std::shared_ptr<const GameModule> M = load_game_module(data, game, options, &why);
  REQUIRE(M);
  int compared = 0;
  for (uint64_t seed = 1; seed <= uint64_t(games); ++seed) {
    const RandomGame p = random_game(M, seed, 40);
    auto play = [&](size_t k, int hider, int which, std::vector<std::string>& seen) {
      GameDice dice(seed);
      PlayContext setup(Lang::en, dice, false, {}, nullptr);
      std::unique_ptr<GameState> state = M->setup(setup);
      for (size_t i = 0; i < p.lines.size(); ++i) {
        if (i == k && which >= 0 && !swap(*state, hider, which)) return false;
        std::vector<std::string> words, answers;
        split_command(p.lines[i], words, answers);
        Move move;
        if (M->parse(words, Lang::en, move)) return false;
        PlayContext ctx(Lang::en, dice, false, answers, nullptr);
        ctx.set_acting_seat(M->seat_to_act(*state));
        try {
          if (M->apply(*state, move, ctx)) return false;
        } catch (...) {
          return false;  // a question the log does not answer: this change does not replay
        }
        std::string said;
        for (const auto& l : ctx.lines())
          if (l.readable_by(1 - hider)) said += l.text + "\n";
        seen.push_back(said + observed(*M, *state, 1 - hider));
        if (i >= k && left(*state) == 0) return false;
      }
      return true;
    };
    for (int hider : {0, 1}) {
      const size_t k = p.lines.size() / 3;
      std::vector<std::string> a;
      if (!play(k, hider, -1, a)) continue;
      for (int which = 0; which < 8; ++which) {
        std::vector<std::string> b;
        if (!play(k, hider, which, b)) continue;  // it plays that card later
        INFO(game << " " << join_words(options) << " seed " << seed << ", the hidden seat " << hider
                  << ", its card " << which << " changed before command " << k + 1);
        REQUIRE(a.size() == b.size());
        for (size_t i = 0; i < a.size(); ++i) {
          INFO("after command " << i + 1 << ": " << p.lines[i]);
          REQUIRE(a[i] == b[i]);
        }
        ++compared;
        break;
      }
    }
  }
  return compared;
}

}  // namespace

TEST_CASE("noninterference: SQUAD in virtual mode, the other hand changed, the same screens") {
  auto swap = [](GameState& state, int hider, int which) {
    auto& S = static_cast<SqState&>(state);
    for (auto& q : S.squads)
      if (q.side == hider && !q.hand.empty()) return swap_with_bottom(q.hand, S.deck, which);
    return false;
  };
  auto left = [](const GameState& state) { return static_cast<const SqState&>(state).deck.size(); };
  int compared = 0;
  for (const std::vector<std::string>& options :
       {std::vector<std::string>{"virtual", "windows=always"},
        std::vector<std::string>{"virtual", "windows=always", "variant=map"},
        std::vector<std::string>{"virtual", "windows=always", "flanking=on"}})
    compared += virtual_noninterference("squad", options, test::data_root(), 4, swap, left);
  CHECK(compared >= 8);
}

TEST_CASE("noninterference: a designer's two-seat game in virtual mode, the other hand changed") {
  test::StarterGame game;
  game.two_seats();
  auto swap = [](GameState& state, int hider, int which) {
    auto& S = static_cast<ThState&>(state);
    return !S.decks.empty() && swap_with_bottom(S.hands[size_t(hider)], S.decks[0].deck, which);
  };
  auto left = [](const GameState& state) {
    const auto& S = static_cast<const ThState&>(state);
    return S.decks.empty() ? size_t(0) : S.decks[0].deck.size();
  };
  CHECK(virtual_noninterference("my-game", {"mode=virtual"}, game.dir.root, 6, swap, left) >= 4);
}
