#include "session.h"

#include <algorithm>
#include <sstream>

#include "companion/text/input_text.h"
#include "core/did_you_mean.h"

namespace bocage {

namespace {

/// The engine's commands that run here (quit is the shell's).
bool is_engine_command(const std::string& w) {
  return w == "undo" || w == "history" || w == "status" || w == "help";
}

std::string join(const std::vector<std::string>& words, size_t from = 0) {
  std::string s;
  for (size_t i = from; i < words.size(); ++i) s += (s.empty() ? "" : " ") + words[i];
  return s;
}

}  // namespace

const std::vector<std::string>& engine_commands() {
  static const std::vector<std::string> names{"status", "history", "undo", "help", "quit"};
  return names;
}

void split_command(const std::string& line, std::vector<std::string>& words,
                   std::vector<std::string>& answers) {
  words.clear();
  answers.clear();
  std::istringstream in(line);
  bool after = false;
  for (std::string w; in >> w;) {
    if (w == "--" && !after) {
      after = true;
      continue;
    }
    (after ? answers : words).push_back(w);
  }
}

Session::Session(SessionLog log, std::unique_ptr<GameModule> module)
    : log_(std::move(log)),
      module_(std::move(module)),
      lang_(lang_from(log_.header().lang)),
      rng_(log_.header().seed) {
  const auto& o = log_.header().options;
  manual_dice_ = std::find(o.begin(), o.end(), "manual-dice") != o.end();
}

std::optional<Session> Session::open(SessionLog log, std::unique_ptr<GameModule> module,
                                     std::string* error) {
  Session s(std::move(log), std::move(module));
  // A last line without its newline counts when it is a whole command that
  // replays; otherwise the next command written drops it (and says so).
  if (auto tail = s.log_.tail_command()) {
    auto with_tail = s.log_.commands();
    with_tail.push_back(*tail);
    if (s.rebuild(effective_commands(with_tail), nullptr)) {
      s.log_.keep_tail();
      return s;
    }
  }
  if (!s.rebuild(effective_commands(s.log_.commands()), error)) return std::nullopt;
  return s;
}

bool Session::rebuild(const std::vector<std::string>& commands, std::string* error) {
  Rng rng(log_.header().seed);
  std::unique_ptr<GameState> state;
  std::vector<Line> setup_lines;
  {
    PlayContext ctx(lang_, rng, manual_dice_, {}, nullptr);
    state = module_->setup(ctx);
    setup_lines = ctx.lines();
  }
  std::vector<int> dice;
  for (size_t i = 0; i < commands.size(); ++i) {
    std::vector<std::string> words, answers;
    split_command(commands[i], words, answers);
    PlayContext ctx(lang_, rng, manual_dice_, answers, nullptr);
    std::string why;
    const auto known = module_->command_names();
    try {
      // What typing it would refuse before the game sees it, the log cannot hold.
      if (words.empty() || std::find(known.begin(), known.end(), words[0]) == known.end())
        why = ctx.t("ゲームのコマンドではありません", "not a command of the game");
      else if (auto refusal = module_->apply(*state, words, ctx))
        why = refusal->rule + ": " + refusal->message;
      else if (ctx.answers_left())
        why = ctx.t("答えが余っています", "more answers than the command asks for");
    } catch (const AnswerMismatch& m) {
      why = m.message;
    }
    if (!why.empty()) {
      if (error)
        *error = ctx.t("記録されたコマンド ", "logged command ") + std::to_string(i + 1) + " '" +
                 commands[i] + ctx.t("' を再現できません: ", "' does not replay: ") + why +
                 ctx.t("（セッション開始後にゲームのデータが変わりましたか?）",
                       " (did the game's data change since the session started?)");
      return false;
    }
    dice.push_back(ctx.dice_rolled());
  }
  rng_ = rng;
  dice_ = std::move(dice);
  state_ = std::move(state);
  effective_ = commands;
  setup_lines_ = std::move(setup_lines);
  return true;
}

Reply Session::execute(const std::string& raw, Asker* asker) {
  Reply reply;
  const InputLine input = normalize_input(raw);
  if (!input.error.empty()) {
    reply.status = Reply::Status::refused;
    reply.lines.push_back(
        {Line::Kind::refusal, t("この行は読めません: ", "Cannot read this line: ") + input.error});
    return reply;
  }
  const std::string& line = input.text;
  std::vector<std::string> words, answers;
  split_command(line, words, answers);
  if (words.empty()) return reply;
  if (is_engine_command(words[0])) {
    if (words[0] == "undo") return undo(words);
    if (words[0] == "history") return show_history();
    if (words[0] == "status") return status();
    return help();
  }
  const auto known = module_->command_names();
  if (std::find(known.begin(), known.end(), words[0]) == known.end()) {
    std::vector<std::string> all = known;
    all.insert(all.end(), engine_commands().begin(), engine_commands().end());
    std::string hint = closest_name(words[0], all);
    reply.status = Reply::Status::refused;
    reply.lines.push_back(
        {Line::Kind::refusal,
         t("「", "unknown command '") + words[0] + t("」というコマンドはありません", "'") +
             (hint.empty() ? "" : t("。もしかして: ", "; did you mean ") + hint + "?") +
             t("（help で一覧）", " (help lists them)")});
    return reply;
  }
  if (auto over = outcome()) {
    reply.status = Reply::Status::refused;
    reply.lines.push_back(
        {Line::Kind::refusal, t("ゲームは終了しています（", "The game is over (") + over->message +
                                  t("）。undo で戻れます。", "); undo takes moves back.")});
    return reply;
  }
  Rng rng = rng_;
  auto state = state_->clone();
  PlayContext ctx(lang_, rng, manual_dice_, answers, asker);
  try {
    if (auto refusal = module_->apply(*state, words, ctx)) {
      reply.status = Reply::Status::refused;
      reply.lines = ctx.unshown_lines();
      reply.lines.push_back({Line::Kind::refusal, refusal->rule.empty()
                                                      ? refusal->message
                                                      : refusal->rule + ": " + refusal->message});
      return reply;
    }
    if (ctx.answers_left()) {
      reply.status = Reply::Status::refused;
      reply.lines.push_back(
          {Line::Kind::refusal, t("答えが多すぎます: ", "Too many answers: ") + join(answers)});
      return reply;
    }
  } catch (const CommandCancelled&) {
    reply.status = Reply::Status::cancelled;
    reply.lines.push_back({Line::Kind::warning,
                           t("取り消しました（記録していません）", "Cancelled (nothing logged)")});
    return reply;
  } catch (const AnswerMismatch& m) {
    reply.status = Reply::Status::refused;
    reply.lines.push_back({Line::Kind::refusal, m.message});
    return reply;
  }
  std::string logged = join(words);
  if (!ctx.answers_used().empty()) logged += " -- " + join(ctx.answers_used());
  SessionError error;
  if (!log_.append(logged, &error)) {
    reply.status = Reply::Status::failed;
    reply.lines.push_back({Line::Kind::refusal, error.message});
    return reply;
  }
  rng_ = rng;
  state_ = std::move(state);
  effective_.push_back(logged);
  dice_.push_back(ctx.dice_rolled());
  // Lines already shown with a question are not repeated.
  reply.lines = ctx.unshown_lines();
  report_dropped_tail(reply);
  if (auto line = outcome_line()) reply.lines.push_back(*line);
  return reply;
}

Reply Session::undo(const std::vector<std::string>& words) {
  Reply reply;
  long n = 1;
  if (words.size() > 2 || (words.size() == 2 && (n = std::strtol(words[1].c_str(), nullptr, 10),
                                                 n < 1 || std::to_string(n) != words[1]))) {
    reply.status = Reply::Status::refused;
    reply.lines.push_back({Line::Kind::refusal,
                           t("使い方: undo [N]（N は 1 以上）", "usage: undo [N] (N at least 1)")});
    return reply;
  }
  if (effective_.empty() || static_cast<size_t>(n) > effective_.size()) {
    reply.status = Reply::Status::refused;
    reply.lines.push_back({Line::Kind::refusal, t("取り消せるコマンドは ", "There are ") +
                                                    std::to_string(effective_.size()) +
                                                    t(" 個です", " commands to undo")});
    return reply;
  }
  std::vector<std::string> keep(effective_.begin(), effective_.end() - n);
  std::vector<std::string> undone(effective_.end() - n, effective_.end());
  int rolled = 0;
  for (auto d = dice_.end() - n; d != dice_.end(); ++d) rolled += *d;
  SessionError error;
  std::string why;
  if (!log_.append(n == 1 ? "undo" : "undo " + std::to_string(n), &error)) {
    reply.status = Reply::Status::failed;
    reply.lines.push_back({Line::Kind::refusal, error.message});
    return reply;
  }
  if (!rebuild(keep, &why)) {
    reply.status = Reply::Status::failed;
    reply.lines.push_back({Line::Kind::refusal, why});
    return reply;
  }
  report_dropped_tail(reply);
  for (const auto& c : undone)
    reply.lines.push_back({Line::Kind::result, t("取り消し: ", "Undone: ") + c});
  if (!manual_dice_ && rolled > 0)
    reply.lines.push_back(
        {Line::Kind::warning,
         t("ダイスは記録の種から振られるため、同じ行動を繰り返すと同じ目が出ます（undo "
           "で振り直しはできません）",
           "The dice come from the session's seed: the same moves roll the same numbers again "
           "(undo cannot re-roll)")});
  return reply;
}

void Session::report_dropped_tail(Reply& reply) {
  const std::string dropped = log_.take_dropped_tail();
  if (dropped.empty()) return;
  reply.lines.insert(
      reply.lines.begin(),
      {Line::Kind::warning,
       t("記録の最後の行は途中で切れていたので削除しました（確定していない行です）: ",
         "Dropped the log's last line, cut short before its newline (it was never "
         "acknowledged): ") +
           printable(dropped)});
}

Reply Session::help() const {
  Reply reply;
  auto legal = outcome() ? std::vector<CommandHelp>{} : module_->legal_commands(*state_, lang_);
  reply.lines.push_back({Line::Kind::info, t("今できること:", "What you can do now:")});
  for (const auto& c : legal)
    reply.lines.push_back({Line::Kind::info, "  " + c.usage + "  — " + c.help});
  reply.lines.push_back({Line::Kind::info, "  status  — " + t("状況", "where things stand")});
  reply.lines.push_back(
      {Line::Kind::info, "  history  — " + t("これまでのコマンド", "the commands so far")});
  reply.lines.push_back({Line::Kind::info, "  undo [N]  — " + t("最後の N 個のコマンドを取り消す",
                                                                "take back the last N commands")});
  reply.lines.push_back({Line::Kind::info, "  quit  — " + t("終了（ゲームは保存済み）",
                                                            "leave (the game is saved)")});
  reply.lines.push_back({Line::Kind::info, t("答えを先に書くこともできます: shoot 3 -- zombie3",
                                             "Answers can be given ahead: shoot 3 -- zombie3")});
  return reply;
}

Reply Session::show_history() const {
  Reply reply;
  for (size_t i = 0; i < effective_.size(); ++i)
    reply.lines.push_back({Line::Kind::info, std::to_string(i + 1) + "  " + effective_[i]});
  if (effective_.empty())
    reply.lines.push_back({Line::Kind::info, lang_ == Lang::en ? "(no commands yet)"
                                                               : "（まだコマンドはありません）"});
  return reply;
}

Reply Session::status() const {
  Rng rng = rng_;
  PlayContext ctx(lang_, rng, false, {}, nullptr);
  module_->status(*state_, ctx);
  Reply reply;
  reply.lines = ctx.lines();
  if (auto line = outcome_line()) reply.lines.push_back(*line);
  return reply;
}

std::optional<Line> Session::outcome_line() const {
  auto over = outcome();
  if (!over) return std::nullopt;
  return Line{Line::Kind::result,
              (over->victory ? t("勝利: ", "Victory: ") : t("敗北: ", "Defeat: ")) + over->message};
}

std::vector<std::string> Session::complete(const std::vector<std::string>& words) const {
  if (words.empty()) {
    std::vector<std::string> names;
    if (!outcome())
      for (const auto& c : module_->legal_commands(*state_, lang_)) names.push_back(c.name);
    names.insert(names.end(), engine_commands().begin(), engine_commands().end());
    return names;
  }
  if (is_engine_command(words[0])) return {};
  return module_->complete(*state_, words);
}

}  // namespace bocage
