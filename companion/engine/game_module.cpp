#include "game_module.h"

#include <algorithm>
#include <sstream>

#include "bocage/msg/engine.h"
#include "core/did_you_mean.h"
#include "game_core.h"

namespace bocage {

std::optional<Refusal> GameModule::apply_words(GameState& state,
                                               const std::vector<std::string>& words,
                                               PlayContext& ctx) const {
  Move move;
  if (auto refusal = parse(words, ctx.lang(), move)) return refusal;
  return apply(state, move, ctx);
}

std::vector<std::vector<std::string>> move_words(const GameModule& module,
                                                 const std::vector<Move>& moves) {
  std::vector<std::vector<std::string>> out;
  out.reserve(moves.size());
  for (const auto& m : moves) out.push_back(module.words(m));
  return out;
}

Refusal too_many_arguments(const std::string& command, Lang lang) {
  return {"", tr(lang, msg::engine::too_many_arguments, "command"_a = command,
                 "max"_a = int(Move::kMaxArgs))};
}

std::vector<CommandHelp> legal_commands(const GameModule& module, const GameState& state,
                                        Lang lang) {
  std::vector<uint8_t> commands;
  for (const auto& m : module.legal_moves(state))
    if (std::find(commands.begin(), commands.end(), m.command) == commands.end())
      commands.push_back(m.command);
  const auto names = module.command_names();
  std::vector<CommandHelp> out;
  for (uint8_t c : commands) out.push_back(titled_help(module, names[c], lang));
  return out;
}

namespace {

/// `usage` ("act LOCATION [CHOICE] [shoot LOCATION]") as a player of `lang`
/// reads it: each placeholder by the engine catalog's word (場所), each
/// command and each word of the game by its printed name (射殺); the
/// brackets and bars as they are.
std::string shown_usage(const GameModule& module, const std::string& usage, Lang lang) {
  std::vector<std::pair<std::string, std::string>> placeholders;
  {
    std::istringstream in(tr(lang, msg::engine::usage_words));
    for (std::string pair; std::getline(in, pair, ';');)
      if (const size_t eq = pair.find('='); eq != std::string::npos)
        placeholders.emplace_back(pair.substr(0, eq), pair.substr(eq + 1));
  }
  const auto commands = module.command_names();
  auto word = [&](const std::string& w) -> std::string {
    for (const auto& [from, to] : placeholders)
      if (w == from) return to;
    if (std::find(commands.begin(), commands.end(), w) != commands.end())
      return command_title(module, w, lang);
    if (module.vocabulary().find(w)) return module.vocabulary().shown(w, lang);
    return w;
  };
  std::string out, w;
  for (char c : usage) {
    if (c == ' ' || c == '[' || c == ']' || c == '|' || c == '.') {
      out += word(w) + c;
      w.clear();
    } else {
      w += c;
    }
  }
  return out + word(w);
}

}  // namespace

CommandHelp titled_help(const GameModule& module, const std::string& name, Lang lang) {
  CommandHelp h = module.command_help(name, lang);
  h.title = command_title(module, name, lang);
  if (h.usage.compare(0, name.size(), name) == 0) h.usage = h.title + h.usage.substr(name.size());
  if (lang == Lang::ja) h.usage = shown_usage(module, h.usage, lang);
  return h;
}

const Vocabulary& GameModule::vocabulary() const {
  static const Vocabulary none;
  return none;
}

const Vocabulary& GameModule::command_words() const {
  static const Vocabulary none;
  return none;
}

std::string turn_brief(int turn, Lang lang, bool over) {
  const std::string t = tr(lang, msg::engine::brief_turn, "turn"_a = turn);
  return over ? tr(lang, msg::engine::brief_over, "turn"_a = t) : t;
}

std::string command_id(const GameModule& module, const std::string& typed) {
  const Vocabulary& v = module.command_words();
  if (v.find(typed)) return typed;
  const Vocabulary::Match m = v.resolve(typed);
  return m.id ? *m.id : typed;
}

std::string command_title(const GameModule& module, const std::string& id, Lang lang) {
  return module.command_words().shown(id, lang);
}

namespace {

/// Characters of UTF-8 text (a single one is never taken for a misspelt name).
size_t characters(const std::string& s) {
  return size_t(std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

Refusal ambiguous_name(const Vocabulary& vocabulary, const std::string& typed,
                       const std::vector<std::string>& candidates, Lang lang,
                       const std::string& kind) {
  return {"", tr(lang, msg::engine::ambiguous_name, "typed"_a = typed,
                 "candidates"_a = vocabulary.shown_list(candidates, lang, kind))};
}

}  // namespace

std::optional<Refusal> canonical_words(const GameModule& module, const GameState& state,
                                       const std::vector<std::string>& typed,
                                       std::vector<std::string>& out, Lang lang) {
  out = typed;
  if (!out.empty()) out[0] = command_id(module, out[0]);
  const Vocabulary& v = module.vocabulary();
  if (v.empty()) return std::nullopt;
  std::optional<std::vector<std::vector<std::string>>> legal;  // made when first needed
  for (size_t i = 1; i < out.size(); ++i) {
    const std::string& word = out[i];
    const std::string kind = module.argument_kind(out, i);
    if (v.find(word, kind)) continue;  // an id already (what logs hold)
    if (!legal) legal = move_words(module, module.legal_moves(state));
    std::vector<std::string> here;  // what the legal moves take at this place
    for (const auto& w : *legal)
      if (w.size() > i && std::equal(out.begin(), out.begin() + static_cast<long>(i), w.begin()) &&
          std::find(here.begin(), here.end(), w[i]) == here.end())
        here.push_back(w[i]);
    if (std::find(here.begin(), here.end(), word) != here.end()) continue;
    Vocabulary::Match m = v.choose(word, here, kind);
    // Not a legal move's: the one thing of the game it names, for the rules
    // to refuse with their reason; a number names only what it is legal for
    // (a "2" typed where a hex is illegal may be an AP count elsewhere).
    if (!m.id && m.candidates.empty() && !is_number(word)) m = v.resolve(word, kind);
    if (m.id) {
      out[i] = *m.id;
    } else if (!m.candidates.empty()) {
      return ambiguous_name(v, word, m.candidates, lang, kind);
    } else if (!is_number(word) && characters(word) > 1) {
      // Close to a printed name (医師 for 医者, カランタ for カランタン): a
      // misspelt name, said so with the name, before the game calls it unknown.
      const std::string hint = closest_name(word, v.forms(lang));
      if (!hint.empty())
        return Refusal{"", tr(lang, msg::engine::unknown_name, "typed"_a = word, "name"_a = hint)};
    }
  }
  return std::nullopt;
}

std::string shown_line(const GameModule& module, const std::string& line, Lang lang) {
  return shown_line(module, line, lang, {});
}

std::string shown_line(const GameModule& module, const std::string& line, Lang lang,
                       const std::vector<bool>& secret) {
  const Vocabulary& v = module.vocabulary();
  const bool masks = std::find(secret.begin(), secret.end(), true) != secret.end();
  if (v.empty() && module.command_words().empty() && !masks) return line;
  std::vector<std::string> words, answers;
  split_command(line, words, answers);
  if (words.empty()) return line;
  std::string out = command_title(module, words.front(), lang);
  for (size_t i = 1; i < words.size(); ++i)
    out += " " + v.shown(words[i], lang, module.argument_kind(words, i));
  if (!answers.empty()) out += " --";
  for (size_t i = 0; i < answers.size(); ++i)
    out += " " + (i < secret.size() && secret[i] ? std::string("?") : v.shown(answers[i], lang));
  return out;
}

std::string told_line(const GameModule& module, const std::string& line, Lang lang,
                      const std::vector<bool>& secret) {
  std::vector<std::string> words, answers;
  split_command(line, words, answers);
  if (words.empty()) return line;
  std::string command = command_title(module, words.front(), lang);
  for (size_t i = 1; i < words.size(); ++i)
    command += " " + module.vocabulary().shown(words[i], lang, module.argument_kind(words, i));
  if (answers.empty()) return command;
  std::string said;
  for (size_t i = 0; i < answers.size(); ++i) {
    if (i) said += tr(lang, msg::engine::answers_separator);
    said += i < secret.size() && secret[i] ? tr(lang, msg::engine::answer_hidden)
                                           : module.vocabulary().shown(answers[i], lang);
  }
  return tr(lang, msg::engine::told_with_answers, "command"_a = command, "answers"_a = said);
}

std::string shown_line_answers_hidden(const GameModule& module, const std::string& line,
                                      Lang lang) {
  std::vector<std::string> words, answers;
  split_command(line, words, answers);
  return shown_line(module, line, lang, std::vector<bool>(answers.size(), true));
}

namespace {

/// The next words of the legal moves that begin with `words`.
void next_words(const GameModule& module, const std::vector<Move>& moves,
                const std::vector<std::string>& words, std::vector<std::string>& out) {
  const size_t n = words.size();
  for (const auto& w : move_words(module, moves)) {
    if (w.size() <= n || !std::equal(words.begin(), words.end(), w.begin())) continue;
    const std::string& next = w[n];
    if (std::find(out.begin(), out.end(), next) == out.end()) out.push_back(next);
  }
}

}  // namespace

std::vector<std::string> complete_move(const GameModule& module, const GameState& state,
                                       const std::vector<std::string>& words) {
  std::vector<std::string> out;
  next_words(module, module.legal_moves(state), words, out);
  if (!out.empty() || words.size() < 2) return out;
  // A command that takes several steps ("move 0306 0405"): the words so far
  // as a move of their own, then the same command's next step from there.
  // Nothing is said, rolled or asked: a step that would is not completed.
  auto after = state.clone();
  GameDice dice(0);
  PlayContext ctx(Lang::en, dice, false, {}, nullptr, false);
  try {
    if (module.apply_words(*after, words, ctx) || ctx.dice_rolled() || ctx.reveals()) return out;
  } catch (const AnswerMismatch&) {
    return out;
  }
  next_words(module, module.legal_moves(*after), {words[0]}, out);
  return out;
}

}  // namespace bocage
