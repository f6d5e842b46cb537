#include "game_core.h"

#include <algorithm>
#include <sstream>

#include "bocage/msg/engine.h"

namespace bocage {

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

std::string join_words(const std::vector<std::string>& words, size_t from) {
  std::string s;
  for (size_t i = from; i < words.size(); ++i) {
    if (!s.empty()) s += ' ';
    s += words[i];
  }
  return s;
}

std::string with_answers(std::string line, const std::vector<std::string>& answers) {
  if (!answers.empty()) line += " -- " + join_words(answers);
  return line;
}

GameCore::GameCore(std::shared_ptr<const GameModule> module, uint64_t seed, GameSettings settings)
    : module_(std::move(module)), seed_(seed), settings_(settings), dice_(seed, settings.dice) {
  PlayContext ctx(settings_.lang, dice_, settings_.manual_dice, {}, nullptr, settings_.narrate);
  state_ = module_->setup(ctx);
  setup_lines_ = ctx.lines();
}

namespace {

// Only the refusal: what the command said before it was refused (the first
// steps of a move) never happened.
Played refused(Refusal r) {
  Played played;
  played.status = Played::Status::refused;
  played.lines.push_back(
      {Line::Kind::refusal, r.rule.empty() ? r.message : r.rule + ": " + r.message});
  played.refusal = std::move(r);
  return played;
}

}  // namespace

Played GameCore::try_command(const std::vector<std::string>& typed,
                             const std::vector<std::string>& answers, Asker* asker,
                             int answers_seat) const {
  Move move;
  std::vector<std::string> words = typed;
  if (!outcome()) {
    if (auto refusal = canonical_words(*module_, *state_, typed, words, settings_.lang))
      return refused(std::move(*refusal));
    if (auto refusal = module_->parse(words, settings_.lang, move))
      return refused(std::move(*refusal));
  }
  return run(move, &words, answers, asker, answers_seat);
}

Played GameCore::try_move(const Move& move, const std::vector<std::string>& answers,
                          Asker* asker) const {
  return run(move, nullptr, answers, asker);
}

Played GameCore::run(const Move& move, const std::vector<std::string>* typed,
                     const std::vector<std::string>& answers, Asker* asker,
                     int answers_seat) const {
  GameDice dice = dice_;
  PlayContext ctx(settings_.lang, dice, settings_.manual_dice, answers, asker, settings_.narrate,
                  answers_seat);
  ctx.set_vocabulary(&module_->vocabulary());
  const int seat = module_->seat_to_act(*state_);  // whose command it is
  ctx.set_acting_seat(seat);
  if (auto over = outcome())
    return refused({"", ctx.m(msg::engine::game_over,
                              "outcome"_a = module_->describe(*over, settings_.lang))});
  auto state = state_->clone();
  Played played;
  try {
    if (auto refusal = module_->apply(*state, move, ctx)) return refused(std::move(*refusal));
    if (ctx.answers_left())
      return refused({"", ctx.m(msg::engine::too_many_answers, "answers"_a = join_words(answers))});
  } catch (const CommandCancelled&) {
    played.status = Played::Status::cancelled;
    played.lines.push_back({Line::Kind::warning, ctx.m(msg::engine::cancelled)});
    played.typed_faces = ctx.typed_faces();
    played.record.move = move;
    played.record.answers = ctx.answers_used();
    played.record.secret_answers = ctx.secret_answers();
    played.record.seat = seat;
    played.record.line = with_answers(typed ? join_words(*typed) : join_words(module_->words(move)),
                                      played.record.answers);
    return played;
  } catch (const CommandInterrupted&) {
    played.status = Played::Status::interrupted;
    played.record.move = move;
    played.record.answers = ctx.answers_used();
    played.record.secret_answers = ctx.secret_answers();  // "?" in what is said of it
    played.record.line = with_answers(typed ? join_words(*typed) : join_words(module_->words(move)),
                                      played.record.answers);
    return played;
  } catch (const AnswerMismatch& m) {
    return refused({"", m.message});
  }
  played.record.move = move;
  played.record.seat = seat;
  played.record.answers = ctx.answers_used();
  played.record.secret_answers = ctx.secret_answers();
  played.record.events = ctx.events();
  if (typed)
    played.record.line = with_answers(join_words(*typed), played.record.answers);
  else if (settings_.keep_lines)
    played.record.line = line(played.record);
  played.record.dice = ctx.dice_rolled();
  played.record.manual_dice = settings_.manual_dice;
  played.record.reveals = ctx.reveals();
  played.record.shuffles = ctx.shuffles();
  // Lines already shown with a question are not repeated.
  played.lines = ctx.unshown_lines();
  played.state = std::move(state);
  played.dice = dice;
  return played;
}

std::string GameCore::line(const CommandRecord& record) const {
  if (!record.line.empty()) return record.line;
  return with_answers(join_words(module_->words(record.move)), record.answers);
}

void GameCore::commit(Played& played) {
  if (played.status != Played::Status::done || !played.state) return;
  state_ = std::move(played.state);
  dice_ = played.dice;
  history_.push_back(played.record);
}

Played GameCore::command(const std::vector<std::string>& words,
                         const std::vector<std::string>& answers, Asker* asker) {
  Played played = try_command(words, answers, asker);
  commit(played);
  return played;
}

Played GameCore::play(const Move& move, const std::vector<std::string>& answers, Asker* asker) {
  Played played = try_move(move, answers, asker);
  commit(played);
  return played;
}

bool GameCore::replay(const std::vector<std::string>& commands, std::string* error) {
  // A narrating core replays narrated: each command's events are rebuilt
  // (what it says is not shown again); a simulator's replays say nothing.
  GameCore fresh(module_, seed_, settings_);
  const auto known = module_->command_names();
  for (size_t i = 0; i < commands.size(); ++i) {
    std::vector<std::string> words, answers;
    split_command(commands[i], words, answers);
    std::string why;
    // What typing it would refuse before the game sees it, the log cannot hold.
    if (words.empty() || std::find(known.begin(), known.end(), words[0]) == known.end()) {
      why = tr(settings_.lang, msg::engine::not_a_game_command);
    } else {
      Played played = fresh.try_command(words, answers, nullptr);
      if (played.status == Played::Status::done)
        fresh.commit(played);
      else
        why = played.lines.empty() ? std::string() : played.lines.back().text;
    }
    if (!why.empty()) {
      if (error)
        *error = tr(settings_.lang, msg::engine::command_does_not_replay, "number"_a = i + 1,
                    "command"_a = commands[i], "why"_a = why);
      return false;
    }
    fresh.history_.back().line = commands[i];
  }
  *this = std::move(fresh);
  return true;
}

bool GameCore::undo(size_t n, std::string* error) {
  std::vector<std::string> keep;
  for (size_t i = 0; i + n < history_.size(); ++i) keep.push_back(line(history_[i]));
  return replay(keep, error);
}

}  // namespace bocage
