// Fuzzes what bocage-play serve makes of a request, after the HTTP server has
// split it: the seat's token (X-Bocage-Token), then the JSON body of
// /api/act, played against a fresh table-mode game of SQUAD whose first seat
// has started it (a question is open: a card drawn into a hand). The first
// byte picks the seat (0, 1 or an observer) and whether the rest is a token
// or a body. Nothing a request holds crashes the table or shows a view that
// is not JSON; and, asserted: no seat acts or answers for another (an answer
// is taken only from the seat its question is asked of, a move only from the
// seat to act).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <sstream>
#include <string>

#include "companion/engine/session.h"
#include "companion/games/registry.h"
#include "companion/serve/seat_tokens.h"
#include "companion/serve/web_table.h"
#include "companion/text/input_text.h"
#include "fuzz_scratch.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace bocage;
  if (size < 1) return 0;
  const std::string rest(reinterpret_cast<const char*>(data + 1), size - 1);
  static const std::vector<std::string> tokens = {"5af4b8c12eb9b2c2dca82403710480c8",
                                                  "aaad1bbe0c4dfa7ee1d9fa8f0c6a1eec",
                                                  "0123456789abcdef0123456789abcdef"};
  if (data[0] & 0x80) {
    // A token: one of the seats' exactly, or none.
    const int seat = seat_of_token(tokens, rest);
    bool known = false;
    for (const auto& t : tokens) known = known || t == rest;
    if ((seat >= 0) != known) __builtin_trap();
    return 0;
  }
  static int game = 0;
  const auto file = fuzz::scratch_root() / ("g" + std::to_string(game++) + ".session");
  SessionHeader header{"squad", "fuzz", 7, "en", {"mode=table"}};
  SessionError e;
  auto log = SessionLog::create(file, header, &e);
  if (!log) __builtin_trap();
  std::string why;
  auto module = load_game_module(fuzz::source_root() / "data", "squad", {"mode=table"}, &why);
  if (!module) __builtin_trap();
  auto session = Session::open(std::move(*log), std::move(module), &why);
  if (!session) __builtin_trap();
  {
    WebTable table(*session, "fuzz");
    // The first seat starts the game: the companion rolls, then asks the
    // first seat to draw (data[0]'s bit 6 leaves it unstarted).
    if (!(data[0] & 0x40) && table.act(0, {{"line", "start"}})["status"] == "refused")
      __builtin_trap();
    const int seat = data[0] % 3 == 2 ? WebTable::kObserver : data[0] % 3;
    nlohmann::json body = nlohmann::json::parse(rest, nullptr, false);
    if (body.is_discarded()) body = nlohmann::json();
    const nlohmann::json before = table.view(0);
    const size_t done = session->game().history().size();
    const auto open = session->open_command();
    const nlohmann::json reply = table.act(seat, body);
    if (!reply.is_object()) __builtin_trap();
    // No seat acts or answers for another: whatever did not come from the
    // seat asked (or to act) changed nothing.
    const bool asked = before.contains("question_for") && before["question_for"] == seat;
    const bool to_act = before["to_act"] == seat;
    const bool changed =
        session->game().history().size() != done || session->open_command() != open;
    if (body.is_object() && body.contains("answer") && !asked && changed) __builtin_trap();
    if (body.is_object() && body.contains("line") && body["line"].is_string() && changed) {
      // A move: only from the seat to act, and only one of its legal moves
      // as the view lists them (no answers written ahead), or undo.
      std::istringstream words(normalize_input(body["line"].get<std::string>()).text);
      std::string line;
      for (std::string w; words >> w;) line += (line.empty() ? "" : " ") + w;
      bool listed = false;
      for (const auto& m : before["moves"]) listed = listed || m["line"] == line;
      if (line.rfind("undo", 0) != 0 && (!to_act || !listed)) __builtin_trap();
    }
    if (seat == WebTable::kObserver && changed) __builtin_trap();
    // One answer answers one question: the command (kept open in the log
    // since the companion's roll) holds at most one answer more.
    auto answers_in = [](const std::optional<std::string>& line) {
      std::vector<std::string> words, answers;
      if (line) split_command(*line, words, answers);
      return answers.size();
    };
    const size_t after = session->game().history().size() > done
                             ? session->game().history().back().answers.size()
                             : answers_in(session->open_command());
    if (body.is_object() && body.contains("answer") && changed && after > answers_in(open) + 1)
      __builtin_trap();
    // A move is the seat's own (an answer may complete another's command).
    if (body.is_object() && body.contains("line"))
      for (size_t i = done; i < session->game().history().size(); ++i)
        if (session->game().history()[i].seat != seat) __builtin_trap();
    (void)table.view(0).dump();
    (void)table.view(WebTable::kObserver).dump();
  }
  std::error_code ec;
  std::filesystem::remove(file, ec);
  return 0;
}
