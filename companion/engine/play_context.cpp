#include "play_context.h"

#include <algorithm>
#include <utility>

#include "bocage/msg/engine.h"
#include "engine_words.h"

namespace bocage {

Lang lang_from(std::string_view name) {
  return name.rfind("en", 0) == 0 ? Lang::en : Lang::ja;
}

std::string_view lang_name(Lang lang) {
  switch (lang) {
    case Lang::en:
      return "en";
    case Lang::ja:
      break;
  }
  return "ja";
}

PlayContext::PlayContext(Lang lang, GameDice& dice, bool manual_dice,
                         std::vector<std::string> answers, Asker* asker, bool narrate,
                         int answers_seat)
    : lang_(lang),
      dice_(dice),
      manual_dice_(manual_dice),
      given_(std::move(answers)),
      answers_seat_(answers_seat),
      asker_(asker),
      narrate_(narrate) {}

void PlayContext::say(std::string text, Line::Kind kind) {
  if (!narrate_) return;
  lines_.push_back({kind, std::move(text)});
  if (kind == Line::Kind::dice) lines_.back().faces = std::exchange(faces_, {});
}

void PlayContext::say_drawing(std::string text) {
  if (!narrate_) return;
  lines_.push_back({Line::Kind::info, std::move(text)});
  lines_.back().drawing = true;
}

void PlayContext::feedback(std::string text, int seat) {
  if (!narrate_) return;
  feedback_.push_back(lines_.size());
  lines_.push_back({Line::Kind::warning, std::move(text), seat});
}

std::vector<Line> PlayContext::events() const {
  std::vector<Line> out;
  for (size_t i = 0; i < lines_.size(); ++i)
    if (std::find(feedback_.begin(), feedback_.end(), i) == feedback_.end())
      out.push_back(lines_[i]);
  return out;
}

void PlayContext::say_to(int seat, std::string text, Line::Kind kind) {
  if (narrate_) lines_.push_back({kind, std::move(text), seat});
}

int PlayContext::roll(int faces, const std::string& what) {
  ++dice_rolled_;
  if (!manual_dice_) {
    faces_.push_back(dice_.roll(faces));
    return faces_.back();
  }
  Question q;
  q.text = m(msg::engine::roll_a_die, "what"_a = what, "faces"_a = faces);
  q.kind = Question::Kind::die;
  q.seat = acting_seat_;
  for (int v = 1; v <= faces; ++v) {
    q.choices.push_back(std::to_string(v));
    q.values.push_back(v);
  }
  faces_.push_back(std::stoi(ask(q)));
  typed_faces_.push_back(faces_.back());
  return faces_.back();
}

Question drawable(const Question& q) {
  if (q.in_deck.empty()) return q;
  Question drawn = q;
  drawn.choices.clear();
  drawn.values.clear();
  drawn.shown.clear();
  drawn.in_deck.clear();
  for (size_t i = 0; i < q.choices.size() && i < q.in_deck.size(); ++i)
    if (q.in_deck[i]) {
      drawn.choices.push_back(q.choices[i]);
      if (i < q.values.size()) drawn.values.push_back(q.values[i]);
    }
  return drawn.choices.empty() ? q : drawn;
}

std::optional<std::string> match_choice(const std::string& answer,
                                        const std::vector<std::string>& choices) {
  std::optional<std::string> found;
  // A number names itself only: "3" must not pick card 30 once card 3 is gone.
  const bool number = is_number(answer);
  for (const auto& c : choices) {
    if (c == answer) return c;
    if (!answer.empty() && !number && c.rfind(answer, 0) == 0) {
      if (found) return std::nullopt;  // ambiguous unless exact
      found = c;
    }
  }
  return found;
}

bool PlayContext::result_shown() const {
  return (dice_rolled_ > 0 && !manual_dice_) || reveals_ > 0 || shuffles_ > 0;
}

std::string PlayContext::ask(const Question& q) {
  const bool named = vocabulary_ && !vocabulary_->empty();
  // The question as a person reads it: its choices as printed. Made only for
  // a narrating context (a simulator's players read the ids).
  std::optional<Question> printed;
  auto as_read = [&]() -> const Question& {
    if (!narrate_ || !named || q.shown.size() == q.choices.size()) return q;
    if (!printed) {
      printed = q;
      printed->shown.clear();
      for (const auto& c : q.choices)
        printed->shown.push_back(vocabulary_->shown(c, lang_, q.term_kind));
    }
    return *printed;
  };
  auto expected = [&](const std::vector<std::string>& ids) {
    return named ? vocabulary_->shown_list(ids, lang_, q.term_kind) : join_choices(ids);
  };
  while (true) {
    std::optional<std::string> answer;
    // An answer typed ahead by a seat answers that seat's questions only:
    // another seat's question is asked of that seat (or refused).
    const bool addressed = answers_seat_ < 0 || q.seat == answers_seat_;
    bool from_log = next_ < given_.size() && addressed;
    if (next_ < given_.size() && !addressed && !asker_)
      throw AnswerMismatch{m(msg::engine::answer_for_another_seat, "question"_a = q.text)};
    if (from_log) {
      answer = given_[next_++];
    } else if (asker_) {
      std::vector<Line> pending(lines_.begin() + static_cast<long>(shown_), lines_.end());
      shown_ = lines_.size();
      if (result_shown()) asker_->result_shown(used_);
      answer = asker_->ask(as_read(), pending);
      if (!answer) {
        if (result_shown()) throw CommandInterrupted{};
        throw CommandCancelled{};
      }
      if (*answer == "cancel" || is_cancel(*answer)) {
        // A roll of the companion's dice or something revealed has been
        // shown: it is part of the game now, so the command cannot vanish
        // (the next command would get the same die). The question is asked
        // again; undo --force (logged) takes the command back once done.
        if (result_shown()) {
          feedback(m(msg::engine::cancel_after_result));
          continue;
        }
        throw CommandCancelled{};
      }
    } else {
      throw AnswerMismatch{m(msg::engine::answer_missing, "question"_a = q.text,
                             "expected"_a = expected(q.choices))};
    }
    auto choice = match_choice(*answer, q.choices);
    std::vector<std::string> several;
    if (!choice && named) {
      Vocabulary::Match found = vocabulary_->choose(*answer, q.choices, q.term_kind);
      choice = found.id;
      several = std::move(found.candidates);
    }
    if (choice) {
      used_.push_back(*choice);
      used_secret_.push_back(q.secret);
      return *choice;
    }
    std::string why = several.empty() ? m(msg::engine::not_an_answer, "answer"_a = *answer,
                                          "expected"_a = expected(q.choices))
                                      : m(msg::engine::ambiguous_name, "typed"_a = *answer,
                                          "candidates"_a = expected(several));
    if (from_log || !asker_) throw AnswerMismatch{why};
    // What was typed for a card drawn into a hand is its seat's alone.
    feedback(result_shown() ? why : why + m(msg::engine::cancel_drops_the_command),
             q.secret ? q.seat : -1);
  }
}

}  // namespace bocage
