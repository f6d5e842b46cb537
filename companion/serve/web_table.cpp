#include "web_table.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <sstream>

#include "bocage/msg/engine.h"
#include "bocage/msg/serve.h"
#include "companion/text/input_text.h"

namespace bocage {

using nlohmann::json;

using WebTableAnswer = WebTable::Answer;

namespace {

constexpr size_t kRecentLines = 60;   // the lines a page shows of what just happened
constexpr size_t kLogCommands = 40;   // the commands of the view's log (then /api/log, a page each)
constexpr size_t kLogPage = 100;      // the most commands one /api/log answer holds
constexpr size_t kChanges = 12;       // the changes the page lists under 起きたこと
constexpr size_t kFieldLimit = 1000;  // bytes of a line or an answer a page may send

const char* kind_name(Line::Kind k) {
  switch (k) {
    case Line::Kind::info:
      return "info";
    case Line::Kind::dice:
      return "dice";
    case Line::Kind::result:
      return "result";
    case Line::Kind::warning:
      return "warning";
    case Line::Kind::refusal:
      return "refusal";
    case Line::Kind::question:
      return "question";
  }
  return "info";
}

/// Asks nothing: gives the answers it holds, each to a question asked of
/// the seat that gave it, then keeps the next question for the page and
/// gives none (the session then keeps the command open, or drops it when it
/// has shown nothing yet). An answer held for another seat's question is
/// never given: that question is the page's.
class PageAsker final : public Asker {
 public:
  explicit PageAsker(std::vector<WebTableAnswer> answers) : answers_(std::move(answers)) {}
  std::optional<std::string> ask(const Question& q, const std::vector<Line>& pending) override {
    for (const auto& l : pending) said.push_back(l);
    if (next_ < answers_.size() && answers_[next_].seat == q.seat) return answers_[next_++].text;
    asked = q;
    return std::nullopt;
  }
  bool all_given() const { return next_ == answers_.size(); }
  std::optional<Question> asked;
  std::vector<Line> said;  // lines said before a question

 private:
  std::vector<WebTableAnswer> answers_;
  size_t next_ = 0;
};

/// A line as the page reads it: its kind, its text and, for a roll, the
/// faces of the dice it tells of.
json line_json(const Line& l) {
  json j{{"kind", kind_name(l.kind)}, {"text", l.text}};
  if (!l.faces.empty()) j["faces"] = l.faces;
  return j;
}

/// Why `card` of the seat's hand can do nothing now, as the rules say it to
/// a player who types it: the first refusal with a rule section of one of
/// the game's commands played with that card, tried on a copy of the game
/// (the same refusal the terminal gives that typist; nothing is kept, rolled
/// or asked). Empty when no command says one.
std::string card_refusal(const GameModule& M, const GameState& state, const HandCard& card,
                         Lang lang) {
  if (card.id.empty()) return {};
  for (const auto& command : M.command_names()) {
    const std::vector<std::string> words{command, card.id};
    if (!card.kind.empty() && M.argument_kind(words, 1) != card.kind) continue;
    auto copy = state.clone();
    GameDice dice(0);
    PlayContext quiet(lang, dice, false, {}, nullptr, false);
    try {
      const auto r = M.apply_words(*copy, words, quiet);
      if (r && !r->rule.empty()) return r->rule + ": " + r->message;
    } catch (const AnswerMismatch&) {  // it would ask: not refused
    } catch (const CommandCancelled&) {
    } catch (const CommandInterrupted&) {
    }
  }
  return {};
}

std::string first_word(const std::string& line) {
  std::istringstream in(line);
  std::string w;
  in >> w;
  return w;
}

}  // namespace

std::vector<std::string> seat_names(const GameModule& module, Lang lang) {
  const auto& seats = module.seats();
  std::vector<std::string> names;
  for (const auto& s : seats) names.push_back(module.vocabulary().shown(s, lang));
  if (seats.size() == 1 && names[0] == seats[0]) names[0] = tr(lang, msg::serve::one_seat);
  return names;
}

// The first version is the time in milliseconds: a server started again on
// the session (killed, restarted) counts on from above any version a page
// still holds, so that page's wait ends at once.
WebTable::WebTable(Session& session, std::string title)
    : session_(session),
      title_(std::move(title)),
      version_(uint64_t(std::chrono::duration_cast<std::chrono::milliseconds>(
                            std::chrono::system_clock::now().time_since_epoch())
                            .count())),
      history_seen_(session.game().history().size()),
      board_(session.module().board_view(session.state(), 0, session.lang()).has_value()),
      pass_windows_(session.module().seats().size(), 0) {}

json WebTable::visible(const std::vector<Line>& lines, int seat) const {
  json out = json::array();
  for (const auto& l : lines)
    if (shows(l, seat)) out.push_back(line_json(l));
  return out;
}

uint64_t WebTable::version() {
  std::lock_guard g(mu_);
  return version_;
}

uint64_t WebTable::wait_change(uint64_t since, int ms) {
  std::unique_lock g(mu_);
  // A version the page holds beyond this server's: another run's; at once.
  cv_.wait_for(g, std::chrono::milliseconds(ms), [&] { return closed_ || version_ != since; });
  return version_;
}

void WebTable::close() {
  std::lock_guard g(mu_);
  closed_ = true;
  cv_.notify_all();
}

void WebTable::record(const std::vector<Line>& lines) {
  ++version_;
  // A command that counts was added: the change is headed by it, by its seat
  // (an undo or a request says itself in its lines).
  const auto& done = session_.game().history();
  std::string headline;
  if (done.size() > history_seen_) headline = session_.told_by_seat(done.back());
  history_seen_ = done.size();
  if (!headline.empty() || !lines.empty()) {
    changes_.push_back({version_, std::move(headline)});
    if (changes_.size() > kRecentLines) changes_.pop_front();
  }
  for (const auto& l : lines) {
    if (l.kind == Line::Kind::question) continue;
    recent_.push_back({version_, l});
    if (recent_.size() > kRecentLines) recent_.pop_front();
  }
  cv_.notify_all();
}

json WebTable::view(int seat) {
  std::lock_guard g(mu_);
  const GameModule& M = session_.module();
  const Lang lang = session_.lang();
  json v;
  v["version"] = version_;
  v["game"] = M.id();
  v["title"] = title_;
  v["lang"] = std::string(lang_name(lang));
  v["seat"] = seat;
  v["seats"] = seat_names(M, lang);
  const int to_act = M.seat_to_act(session_.state());
  v["to_act"] = to_act;
  v["brief"] = M.brief(session_.state(), lang);
  v["turn"] = M.turn(session_.state());  // 0: a game without turns
  // The status as this seat may read it (a hand is said to its own seat).
  {
    GameDice dice(0);  // status rolls nothing
    PlayContext ctx(lang, dice, false, {}, nullptr);
    M.status(session_.state(), ctx);
    v["status"] = visible(ctx.lines(), seat);
    // Every game's status opens with the turn and the phase: the page's
    // header shows it, large (the prompt's brief is for the terminal).
    for (const auto& l : ctx.lines())
      if (l.readable_by(-1)) {
        v["phase"] = l.text;
        break;
      }
  }
  if (const auto o = session_.outcome()) v["over"] = M.describe(*o, lang);
  // The seat's own hand (an observer has none) and the board: a move that
  // names a card of the hand or a place of the board is offered when that
  // card or place is tapped.
  const std::vector<HandCard> held =
      seat != kObserver ? M.hand(session_.state(), seat, lang) : std::vector<HandCard>{};
  const std::optional<BoardView> board = M.board_view(session_.state(), seat, lang);
  json moves = json::array();
  if (seat != kObserver && to_act == seat && !pending_ && !session_.open_command())
    for (const auto& words : move_words(M, M.legal_moves(session_.state()))) {
      const std::string line = join_words(words);
      // The button's words: the arguments as printed (the group names the
      // command), or the command's printed name when it takes none.
      const std::string shown = shown_line(M, line, lang);
      const std::string title = command_title(M, words.front(), lang);
      const std::string args = words.size() > 1 ? shown.substr(shown.find(' ') + 1) : title;
      json each = json::array(), cards = json::array(), places = json::array();
      for (size_t i = 1; i < words.size(); ++i) {
        const std::string kind = M.argument_kind(words, i);
        // A card shown by its number (Endless Patrol's): its number and name,
        // so that a button says which card it is ("17 トンプソン").
        std::string word = M.vocabulary().shown(words[i], lang, kind);
        if (const Term* term = M.vocabulary().term_of(words[i], kind); term && term->shown_as_id) {
          const std::string& name = lang == Lang::ja && !term->ja.empty() ? term->ja : term->en;
          if (!name.empty()) word += " " + name;
        }
        each.push_back(word);
        for (size_t c = 0; c < held.size(); ++c)
          if (held[c].id == words[i] && (held[c].kind.empty() || held[c].kind == kind) &&
              std::find(cards.begin(), cards.end(), c) == cards.end())
            cards.push_back(c);
        if (board)
          for (const auto& sh : board->shapes)
            if (sh.id == words[i] && std::find(places.begin(), places.end(), sh.id) == places.end())
              places.push_back(sh.id);
      }
      moves.push_back({{"command", words.front()},
                       {"line", line},
                       {"label", shown},
                       {"args", args},
                       {"words", each},
                       {"cards", cards},
                       {"places", places}});
    }
  v["moves"] = moves;
  // What each command of those moves does, in the session's language: the
  // page heads its buttons with it (the command's own word is an id).
  json commands = json::object();
  for (const auto& m : moves) {
    const std::string name = m["command"];
    if (!commands.contains(name)) {
      const CommandHelp h = titled_help(M, name, lang);
      commands[name] = {{"title", h.title}, {"help", h.help}};
    }
  }
  v["commands"] = commands;
  if (pending_) {
    v["question_for"] = pending_->seat;
    if (seat != kObserver && pending_->seat == seat) {
      const Question& q = pending_->question;
      v["question"] = {{"text", q.text},
                       {"choices", q.choices},
                       {"shown", q.shown.empty() ? q.choices : q.shown}};
      if (q.groups.size() == q.choices.size()) v["question"]["groups"] = q.groups;
    }
  }
  // The seat's own hand, as cards: whoever is to act (an observer has none).
  json hand = json::array();
  for (size_t i = 0; i < held.size(); ++i) {
    const HandCard& c = held[i];
    json card{{"name", c.name}, {"note", c.note}};
    if (!c.group.empty()) card["group"] = c.group;
    // The seat to act taps a card no move names: why, as the rules say it.
    if (!moves.empty()) {
      bool named = false;
      for (const auto& m : moves)
        for (const auto& x : m["cards"]) named = named || x.get<size_t>() == i;
      if (!named)
        if (const std::string why = card_refusal(M, session_.state(), c, lang); !why.empty())
          card["why"] = why;
    }
    hand.push_back(std::move(card));
  }
  v["hand"] = hand;
  json table = json::array();
  for (const auto& c : M.table_cards(session_.state(), lang))
    table.push_back({{"name", c.name}, {"note", c.note}});
  if (!table.empty()) v["table_cards"] = table;
  json tracks = json::array();
  for (const auto& t : M.tracks(session_.state(), lang))
    tracks.push_back({{"name", t.name},
                      {"min", t.min},
                      {"max", t.max},
                      {"value", t.value},
                      {"labels", t.labels}});
  if (!tracks.empty()) v["tracks"] = tracks;
  if (board) {
    // Millimetres, rounded to 0.01: the page draws it as SVG.
    auto mm = [](double x) { return std::round(x * 100) / 100; };
    auto point = [&](PointMm p) { return json::array({mm(p.x), mm(p.y)}); };
    json shapes = json::array(), links = json::array(), pieces = json::array();
    for (const auto& sh : board->shapes) {
      json outline = json::array();
      for (const auto& p : sh.outline) outline.push_back(point(p));
      json shape = {{"id", sh.id},
                    {"label", sh.label},
                    {"note", sh.note},
                    {"fill", sh.fill},
                    {"outline", outline},
                    {"centre", point(sh.centre)},
                    {"radius", mm(sh.radius)}};
      if (!sh.icon.empty()) shape["icon"] = sh.icon;
      if (!sh.action.empty()) {
        json action = json::array();
        for (const auto& part : sh.action)
          action.push_back(part.icon.empty() ? json{{"text", part.text}}
                                             : json{{"icon", part.icon}, {"text", part.text}});
        shape["action"] = std::move(action);
      }
      shapes.push_back(std::move(shape));
    }
    for (const auto& l : board->links)
      links.push_back(
          {{"a", point(l.a)}, {"b", point(l.b)}, {"stroke", l.stroke}, {"width", mm(l.width)}});
    for (const auto& p : board->pieces)
      pieces.push_back({{"at", p.at}, {"text", p.text}, {"side", p.side}});
    json legend = json::array();
    for (const auto& l : board->legend) {
      json entry = {{"fill", l.fill}, {"name", l.name}};
      if (!l.icon.empty()) entry["icon"] = l.icon;
      legend.push_back(std::move(entry));
    }
    v["board"] = {{"legend", legend},
                  {"width", mm(board->size.width)},
                  {"height", mm(board->size.height)},
                  {"shapes", shapes},
                  {"links", links},
                  {"pieces", pieces}};
  }
  v["recent"] = recent_json(seat);
  const auto& done = session_.game().history();
  v["log"] = log_locked(seat, done.size() - std::min(kLogCommands, done.size()), done.size());
  v["log_total"] = done.size();
  if (const auto over = session_.outcome_line()) v["outcome"] = over->text;
  if (!v.contains("over")) {
    const std::string w = waiting(seat, to_act);
    if (!w.empty()) v["waiting"] = w;
  }
  v["can_undo"] = seat != kObserver && !done.empty() && !pending_;
  // Passing the windows of another seat's turn until this seat's own.
  if (seat != kObserver && M.has_windows()) v["pass_windows"] = pass_windows_[size_t(seat)] != 0;
  if (const UndoRequest* u = undo_request(); u && seat != kObserver) {
    const auto names = [&](const std::vector<int>& seats) {
      std::vector<std::string> ids;
      for (int x : seats) ids.push_back(M.seats()[size_t(x)]);
      return M.vocabulary().shown_list(ids, lang);
    };
    const std::string from = session_.seat_name(u->from);
    if (std::find(u->to.begin(), u->to.end(), seat) != u->to.end()) {
      json commands = json::array();
      for (size_t i = done.size() - u->count; i < done.size(); ++i)
        commands.push_back(told_line(M, done[i].line, lang, done[i].secret_answers));
      v["undo_request"] = {
          {"text", tr(lang, msg::serve::undo_asked, "seat"_a = from, "count"_a = int(u->count))},
          {"commands", commands}};
    } else if (u->from == seat) {
      v["undo_waiting"] = tr(lang, msg::serve::undo_waiting, "seats"_a = names(u->to));
    }
  }
  return v;
}

json WebTable::log_locked(int seat, size_t from, size_t to) const {
  const GameModule& M = session_.module();
  const auto& done = session_.game().history();
  json log = json::array();
  for (size_t i = from; i < to && i < done.size(); ++i) {
    const CommandRecord& r = done[i];
    json events = json::array();
    for (const auto& e : r.events)
      if (shows(e, seat)) events.push_back(line_json(e));
    log.push_back({{"n", i + 1},
                   {"line", told_line(M, r.line, session_.lang(), r.secret_answers)},
                   {"seat", r.seat},
                   {"by", session_.seat_name(r.seat)},
                   {"events", events}});
  }
  return log;
}

json WebTable::log(int seat, size_t before, size_t count) {
  std::lock_guard g(mu_);
  const size_t total = session_.game().history().size();
  const size_t to = std::min(before == 0 ? total : before - 1, total);
  count = std::min(count, kLogPage);
  return json{{"log", log_locked(seat, to - std::min(count, to), to)}, {"log_total", total}};
}

json WebTable::recent_json(int seat) const {
  json out = json::array();
  size_t next = recent_.size();
  for (auto c = changes_.rbegin(); c != changes_.rend() && out.size() < kChanges; ++c) {
    // The lines of this change: those of its version, in the order said.
    size_t first = next;
    while (first > 0 && recent_[first - 1].version > c->version) --first;
    size_t end = first;
    while (first > 0 && recent_[first - 1].version == c->version) --first;
    next = first;
    json lines = json::array();
    for (size_t i = first; i < end; ++i)
      if (shows(recent_[i].line, seat)) lines.push_back(line_json(recent_[i].line));
    if (lines.empty() && c->headline.empty()) continue;
    out.push_back({{"version", c->version}, {"headline", c->headline}, {"lines", lines}});
  }
  return out;
}

std::string WebTable::waiting(int seat, int to_act) const {
  // A game of one seat waits for no other (seat_name: none).
  const Lang lang = session_.lang();
  if (pending_ && pending_->seat != seat)
    if (const std::string name = session_.seat_name(pending_->seat); !name.empty())
      return tr(lang, msg::serve::waiting_answer, "seat"_a = name);
  if (!pending_ && to_act != seat)
    if (const std::string name = session_.seat_name(to_act); !name.empty())
      return tr(lang, msg::serve::waiting_turn, "seat"_a = name);
  return {};
}

void WebTable::pass_windows_locked(std::vector<Line>& said) {
  const GameModule& M = session_.module();
  // Each pass may open the next window (or the seat's own turn): at most
  // as many as a turn has.
  for (int i = 0; i < 64; ++i) {
    if (pending_ || session_.open_command() || session_.outcome()) return;
    const int seat = M.seat_to_act(session_.state());
    if (seat < 0 || size_t(seat) >= pass_windows_.size() || !pass_windows_[size_t(seat)]) return;
    const std::optional<std::string> pass = M.window_pass(session_.state());
    if (!pass) {
      if (pass_windows_[size_t(seat)] == 1) {
        pass_windows_[size_t(seat)] = 0;  // its own turn: asked until now
        record({});
      }
      return;
    }
    pass_windows_[size_t(seat)] = 1;
    bool legal = false;
    for (const auto& words : move_words(M, M.legal_moves(session_.state())))
      legal = legal || join_words(words) == *pass;
    if (!legal) return;
    std::vector<Line> lines;
    const json out = run_locked(seat, *pass, {}, lines);
    said.insert(said.end(), lines.begin(), lines.end());
    if (out["status"] != "done") return;
  }
}

void WebTable::adopt_open() {
  const auto& open = session_.open_command();
  if (!open || pending_) return;
  // Run again with the answers the log holds, up to its next question (what
  // it says again was seen already: not recorded twice).
  PageAsker asker({});
  Reply reply = session_.execute(*open, &asker);
  if (asker.asked && session_.open_command()) {
    pending_ = Pending{asker.asked->seat, {}, {}, *asker.asked};
    record({});
  } else if (reply.status == Reply::Status::done) {
    record(reply.lines);
  }
}

json WebTable::act(int seat, const json& body) {
  std::vector<Line> said;
  json out;
  {
    std::lock_guard g(mu_);
    out = act_locked(seat, body, said);
    pass_windows_locked(said);
  }
  // The terminal's echo after the lock: a terminal whose output is held
  // (Ctrl-S, a pipe nobody reads) stalls no page.
  if (echo && !said.empty()) echo(said);
  return out;
}

const WebTable::UndoRequest* WebTable::undo_request() {
  if (undo_request_ && undo_request_->history != session_.game().history().size())
    undo_request_.reset();
  return undo_request_ ? &*undo_request_ : nullptr;
}

namespace {

json refusal(std::string why) {
  return json{{"status", "refused"},
              {"lines", json::array({{{"kind", "refusal"}, {"text", std::move(why)}}})}};
}

/// Words joined by one space: how a page's line is compared with a move's.
std::string collapse(const std::string& text) {
  std::istringstream in(text);
  std::string out;
  for (std::string w; in >> w;) out += (out.empty() ? "" : " ") + w;
  return out;
}

}  // namespace

json WebTable::act_locked(int seat, const json& body, std::vector<Line>& said) {
  const Lang lang = session_.lang();
  const GameModule& M = session_.module();
  auto text = [&](const char* key) -> std::optional<std::string> {
    if (!body.is_object() || !body.contains(key) || !body[key].is_string()) return std::nullopt;
    std::string s = body[key].get<std::string>();
    if (s.size() > kFieldLimit) return std::nullopt;
    // What the engine reads: checked and in NFKC (an ideographic space is a
    // space), before anything is decided on it.
    const InputLine input = normalize_input(s, lang);
    if (!input.error.empty()) return std::nullopt;
    return collapse(input.text);
  };
  if (seat < 0) return refusal(tr(lang, msg::serve::not_your_turn));  // an observer
  if (body.is_object() && body.contains("pass_windows")) {
    if (!body["pass_windows"].is_boolean() || !M.has_windows())
      return refusal(tr(lang, msg::serve::bad_request));
    const bool own_turn =
        M.seat_to_act(session_.state()) == seat && !M.window_pass(session_.state());
    pass_windows_[size_t(seat)] = !body["pass_windows"].get<bool>() ? 0 : own_turn ? 2 : 1;
    record({});
    return json{{"status", "done"}, {"lines", json::array()}};
  }
  if (body.is_object() && body.contains("undo_consent")) {
    if (!body["undo_consent"].is_boolean()) return refusal(tr(lang, msg::serve::bad_request));
    return consent_locked(seat, body["undo_consent"].get<bool>(), said);
  }
  if (auto l = text("line")) {
    if (pending_ || session_.open_command()) return refusal(tr(lang, msg::serve::answer_first));
    if (first_word(*l) == "undo") return undo_locked(seat, *l, said);
    if (session_.outcome()) return refusal(tr(lang, msg::serve::game_over));
    if (M.seat_to_act(session_.state()) != seat)
      return refusal(tr(lang, msg::serve::not_your_turn));
    // A move of this seat's legal moves, as the page lists them: no answer
    // written ahead, no command of the terminal's.
    bool legal = false;
    for (const auto& words : move_words(M, M.legal_moves(session_.state())))
      if (join_words(words) == *l) legal = true;
    if (!legal) return refusal(tr(lang, msg::serve::not_a_move, "command"_a = *l));
    return run_locked(seat, *l, {}, said);
  }
  if (auto a = text("answer")) {
    if (!pending_ || pending_->seat != seat) return refusal(tr(lang, msg::serve::no_question));
    // One choice of the question this seat is shown, named by its id or its
    // printed name: never words for questions to come.
    const Question& q = pending_->question;
    std::optional<std::string> choice = match_choice(*a, q.choices);
    if (!choice) choice = M.vocabulary().choose(*a, q.choices, q.term_kind).id;
    if (!choice || choice->empty())
      return refusal(tr(lang, msg::engine::not_an_answer, "answer"_a = *a,
                        "expected"_a = M.vocabulary().shown_list(q.choices, lang, q.term_kind)));
    Answer given{seat, *choice, q.secret,
                 q.kind == Question::Kind::die ? std::atoi(choice->c_str()) : 0};
    if (const auto& open = session_.open_command()) return run_locked(seat, *open, {given}, said);
    std::vector<Answer> answers = pending_->answers;
    answers.push_back(given);
    return run_locked(seat, pending_->line, std::move(answers), said);
  }
  if (body.is_object() && body.contains("cancel")) {
    if (!pending_ || pending_->seat != seat) return refusal(tr(lang, msg::serve::no_question));
    if (session_.open_command()) return refusal(tr(lang, msg::serve::cannot_cancel));
    // Dice typed by hand stay in the log, as at the terminal.
    std::vector<int> faces;
    std::vector<std::string> words;
    std::vector<bool> secret;
    for (const auto& x : pending_->answers) {
      if (x.face) faces.push_back(x.face);
      words.push_back(x.text);
      secret.push_back(x.secret);
    }
    json out{{"status", "done"}, {"lines", json::array()}};
    if (!faces.empty())
      if (auto l = session_.log_cancel(with_answers(pending_->line, words), secret, faces)) {
        said.push_back(*l);
        out["lines"] = visible(said, seat);
      }
    pending_.reset();
    record(said);
    return out;
  }
  return refusal(tr(lang, msg::serve::bad_request));
}

json WebTable::undo_locked(int seat, const std::string& line, std::vector<Line>& said) {
  const Lang lang = session_.lang();
  const GameModule& M = session_.module();
  const auto undo = parse_undo(line);
  if (!undo) return refusal(tr(lang, msg::engine::undo_usage));
  // Undo: the seat to act, or anyone once the game is over (the engine
  // forces an undo that hands the turn to another seat).
  const int to_act = M.seat_to_act(session_.state());
  if (!undo->force && to_act >= 0 && to_act != seat)
    return refusal(tr(lang, msg::serve::not_your_turn));
  if (undo->force) {
    // Another seat's command is taken back only with that seat's consent,
    // asked on its page.
    std::vector<int> others;
    for (int x : session_.undo_seats(size_t(undo->count)))
      if (x != seat) others.push_back(x);
    if (!others.empty() && size_t(undo->count) <= session_.game().history().size()) {
      undo_request_ =
          UndoRequest{seat, size_t(undo->count), others, session_.game().history().size()};
      std::vector<std::string> ids;
      for (int x : others) ids.push_back(M.seats()[size_t(x)]);
      said.push_back(
          {Line::Kind::info,
           tr(lang, msg::serve::undo_requested, "seat"_a = session_.seat_name(seat),
              "count"_a = int(undo->count), "seats"_a = M.vocabulary().shown_list(ids, lang))});
      record(said);
      return json{{"status", "requested"}, {"lines", visible(said, seat)}};
    }
  }
  return run_locked(seat, line, {}, said);
}

json WebTable::consent_locked(int seat, bool yes, std::vector<Line>& said) {
  const Lang lang = session_.lang();
  const UndoRequest* u = undo_request();
  if (!u) return refusal(tr(lang, msg::serve::no_undo_request));
  const std::string name = session_.seat_name(seat);
  // The asker may withdraw it; a seat asked may accept or refuse.
  const bool asked = std::find(u->to.begin(), u->to.end(), seat) != u->to.end();
  if (!asked && !(u->from == seat && !yes)) return refusal(tr(lang, msg::serve::no_undo_request));
  if (!yes) {
    said.push_back({Line::Kind::warning,
                    u->from == seat ? tr(lang, msg::serve::undo_withdrawn, "seat"_a = name)
                                    : tr(lang, msg::serve::undo_refused, "seat"_a = name)});
    undo_request_.reset();
    record(said);
    return json{{"status", "done"}, {"lines", visible(said, seat)}};
  }
  UndoRequest r = *u;
  r.to.erase(std::find(r.to.begin(), r.to.end(), seat));
  said.push_back({Line::Kind::info, tr(lang, msg::serve::undo_agreed, "seat"_a = name)});
  if (!r.to.empty()) {
    undo_request_ = r;
    record(said);
    return json{{"status", "done"}, {"lines", visible(said, seat)}};
  }
  undo_request_.reset();
  return run_locked(seat, "undo --force " + std::to_string(r.count), {}, said);
}

json WebTable::run_locked(int seat, const std::string& line, std::vector<Answer> answers,
                          std::vector<Line>& said) {
  PageAsker asker(answers);
  Reply reply = session_.execute(line, &asker);
  // The session's word that the command was dropped or kept open is not the
  // page's: the page asks on.
  if (asker.asked && reply.status == Reply::Status::cancelled && !reply.lines.empty())
    reply.lines.pop_back();
  said.insert(said.end(), asker.said.begin(), asker.said.end());
  said.insert(said.end(), reply.lines.begin(), reply.lines.end());
  json out;
  if (asker.asked && asker.all_given() && reply.status != Reply::Status::failed) {
    Pending p;
    p.seat = asker.asked->seat;
    p.question = *asker.asked;
    if (!session_.open_command()) {
      // Dropped before it showed anything: asked again with the answers so far.
      p.line = line;
      p.answers = std::move(answers);
    }
    pending_ = p;
    out["status"] = "question";
  } else {
    pending_.reset();
    out["status"] = reply.status == Reply::Status::done ? "done" : "refused";
  }
  record(said);
  out["lines"] = visible(said, seat);
  return out;
}

}  // namespace bocage
