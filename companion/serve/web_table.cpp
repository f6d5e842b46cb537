#include "web_table.h"

#include <chrono>
#include <cmath>
#include <sstream>

#include "bocage/msg/serve.h"

namespace bocage {

using nlohmann::json;

namespace {

constexpr size_t kRecentLines = 60;   // the lines a page shows of what just happened
constexpr size_t kLogCommands = 40;   // the commands its log shows
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

/// Asks nothing: gives the answers it holds, then keeps the question for the
/// page and gives none (the session then keeps the command open, or drops it
/// when it has shown nothing yet).
class PageAsker final : public Asker {
 public:
  explicit PageAsker(std::vector<std::string> answers) : answers_(std::move(answers)) {}
  std::optional<std::string> ask(const Question& q, const std::vector<Line>& pending) override {
    for (const auto& l : pending) said.push_back(l);
    if (next_ < answers_.size()) return answers_[next_++];
    asked = q;
    return std::nullopt;
  }
  std::optional<Question> asked;
  std::vector<Line> said;  // lines said before a question

 private:
  std::vector<std::string> answers_;
  size_t next_ = 0;
};

/// A line as the page reads it: its kind, its text and, for a roll, the
/// faces of the dice it tells of.
json line_json(const Line& l) {
  json j{{"kind", kind_name(l.kind)}, {"text", l.text}};
  if (!l.faces.empty()) j["faces"] = l.faces;
  return j;
}

std::string first_word(const std::string& line) {
  std::istringstream in(line);
  std::string w;
  in >> w;
  return w;
}

}  // namespace

// The first version is the time in milliseconds: a server started again on
// the session (killed, restarted) counts on from above any version a page
// still holds, so that page's wait ends at once.
WebTable::WebTable(Session& session, std::string title)
    : session_(session),
      title_(std::move(title)),
      version_(uint64_t(std::chrono::duration_cast<std::chrono::milliseconds>(
                            std::chrono::system_clock::now().time_since_epoch())
                            .count())) {}

json WebTable::visible(const std::vector<Line>& lines, int seat) const {
  json out = json::array();
  for (const auto& l : lines)
    if (l.readable_by(seat)) out.push_back(line_json(l));
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
  json seats = json::array();
  for (const auto& s : M.seats()) seats.push_back(M.vocabulary().shown(s, lang));
  v["seats"] = seats;
  const int to_act = M.seat_to_act(session_.state());
  v["to_act"] = to_act;
  v["brief"] = M.brief(session_.state());
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
  json moves = json::array();
  if (seat != kObserver && to_act == seat && !pending_ && !session_.open_command())
    for (const auto& words : move_words(M, M.legal_moves(session_.state()))) {
      std::string line;
      for (const auto& w : words) line += (line.empty() ? "" : " ") + w;
      // The button's words: the arguments as printed (the group names the
      // command), or the command's printed name when it takes none.
      const std::string shown = shown_line(M, line, lang);
      const std::string title = command_title(M, words.front(), lang);
      const std::string args = words.size() > 1 ? shown.substr(shown.find(' ') + 1) : title;
      moves.push_back(
          {{"command", words.front()}, {"line", line}, {"label", shown}, {"args", args}});
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
    }
  }
  // The seat's own hand, as cards: whoever is to act (an observer has none).
  json hand = json::array();
  if (seat != kObserver)
    for (const auto& c : M.hand(session_.state(), seat, lang))
      hand.push_back({{"name", c.name}, {"note", c.note}});
  v["hand"] = hand;
  if (const auto board = M.board_view(session_.state(), seat, lang)) {
    // Millimetres, rounded to 0.01: the page draws it as SVG.
    auto mm = [](double x) { return std::round(x * 100) / 100; };
    auto point = [&](PointMm p) { return json::array({mm(p.x), mm(p.y)}); };
    json shapes = json::array(), links = json::array(), pieces = json::array();
    for (const auto& sh : board->shapes) {
      json outline = json::array();
      for (const auto& p : sh.outline) outline.push_back(point(p));
      shapes.push_back({{"id", sh.id},
                        {"label", sh.label},
                        {"note", sh.note},
                        {"fill", sh.fill},
                        {"outline", outline},
                        {"centre", point(sh.centre)},
                        {"radius", mm(sh.radius)}});
    }
    for (const auto& l : board->links)
      links.push_back(
          {{"a", point(l.a)}, {"b", point(l.b)}, {"stroke", l.stroke}, {"width", mm(l.width)}});
    for (const auto& p : board->pieces)
      pieces.push_back({{"at", p.at}, {"text", p.text}, {"side", p.side}});
    v["board"] = {{"width", mm(board->size.width)},
                  {"height", mm(board->size.height)},
                  {"shapes", shapes},
                  {"links", links},
                  {"pieces", pieces}};
  }
  json recent = json::array();
  for (const auto& s : recent_)
    if (s.line.readable_by(seat)) {
      json l = line_json(s.line);
      l["version"] = s.version;
      recent.push_back(std::move(l));
    }
  v["recent"] = recent;
  json log = json::array();
  const auto& done = session_.game().history();
  for (size_t i = done.size() - std::min(kLogCommands, done.size()); i < done.size(); ++i) {
    const CommandRecord& r = done[i];
    json events = json::array();
    for (const auto& e : r.events)
      if (e.readable_by(seat)) events.push_back(line_json(e));
    log.push_back({{"n", i + 1},
                   {"line", shown_line(M, r.line, lang, r.secret_answers)},
                   {"seat", r.seat},
                   {"events", events}});
  }
  v["log"] = log;
  v["can_undo"] = seat != kObserver && !done.empty() && !pending_;
  return v;
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
  }
  // The terminal's echo after the lock: a terminal whose output is held
  // (Ctrl-S, a pipe nobody reads) stalls no page.
  if (echo && !said.empty()) echo(said);
  return out;
}

json WebTable::act_locked(int seat, const json& body, std::vector<Line>& said) {
  const Lang lang = session_.lang();
  const GameModule& M = session_.module();
  auto refuse = [&](std::string why) {
    return json{{"status", "refused"},
                {"lines", json::array({{{"kind", "refusal"}, {"text", std::move(why)}}})}};
  };
  auto text = [&](const char* key) -> std::optional<std::string> {
    if (!body.is_object() || !body.contains(key) || !body[key].is_string()) return std::nullopt;
    std::string s = body[key].get<std::string>();
    if (s.size() > kFieldLimit) return std::nullopt;
    return s;
  };
  if (seat < 0) return refuse(tr(lang, msg::serve::not_your_turn));  // an observer
  std::string line;
  std::vector<std::string> answers;
  if (auto l = text("line")) {
    if (pending_ || session_.open_command()) return refuse(tr(lang, msg::serve::answer_first));
    const std::string word = first_word(*l);
    if (word == "undo") {
      // Undo: the seat to act, or anyone once the game is over (the engine
      // forces an undo that hands the turn to another seat).
      const int to_act = M.seat_to_act(session_.state());
      if (to_act >= 0 && to_act != seat) return refuse(tr(lang, msg::serve::not_your_turn));
    } else {
      const auto names = M.command_names();
      if (std::find(names.begin(), names.end(), word) == names.end())
        return refuse(tr(lang, msg::serve::not_a_move, "command"_a = word));
      if (M.seat_to_act(session_.state()) != seat)
        return refuse(tr(lang, msg::serve::not_your_turn));
    }
    line = *l;
  } else if (auto a = text("answer")) {
    if (!pending_ || pending_->seat != seat) return refuse(tr(lang, msg::serve::no_question));
    if (a->find_first_of(" \t") != std::string::npos)
      return refuse(tr(lang, msg::serve::no_question));
    if (const auto& open = session_.open_command()) {
      line = *open;  // the log keeps the answers given so far
      answers = {*a};
    } else {
      line = pending_->line + " --";
      for (const auto& x : pending_->answers) line += " " + x;
      line += " " + *a;
    }
  } else if (body.is_object() && body.contains("cancel")) {
    if (!pending_ || pending_->seat != seat) return refuse(tr(lang, msg::serve::no_question));
    if (session_.open_command()) return refuse(tr(lang, msg::serve::cannot_cancel));
    pending_.reset();
    record({});
    return json{{"status", "done"}, {"lines", json::array()}};
  } else {
    return refuse(tr(lang, msg::serve::bad_request));
  }
  PageAsker asker(answers);
  Reply reply = session_.execute(line, &asker);
  // The session's word that the command was dropped or kept open is not the
  // page's: the page asks on.
  if (asker.asked && reply.status == Reply::Status::cancelled && !reply.lines.empty())
    reply.lines.pop_back();
  said = asker.said;
  said.insert(said.end(), reply.lines.begin(), reply.lines.end());
  json out;
  if (asker.asked && reply.status != Reply::Status::failed) {
    Pending p;
    p.seat = asker.asked->seat;
    p.question = *asker.asked;
    if (!session_.open_command()) {
      // Dropped before it showed anything: asked again with the answers so far.
      const size_t dash = line.find(" --");
      p.line = dash == std::string::npos ? line : line.substr(0, dash);
      if (dash != std::string::npos) {
        std::istringstream in(line.substr(dash + 3));
        for (std::string w; in >> w;) p.answers.push_back(w);
      }
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
