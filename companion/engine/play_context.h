// What a command can do while it runs: say things, roll dice (from the
// session's seeded generator, or asked of the player with --manual-dice) and
// ask the player questions (what a revealed counter is, which item a damage
// takes). Every answer is recorded, so the logged line replays the command
// exactly; in a replay the answers come from the log and nobody is asked.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "companion/dice/game_dice.h"
#include "core/lang.h"
#include "core/message_catalog.h"
#include "vocabulary.h"

namespace bocage {

/// "ja" or "en"; anything else is Japanese unless it starts with "en".
Lang lang_from(std::string_view name);
std::string_view lang_name(Lang lang);

struct Line {
  enum class Kind { info, dice, result, warning, refusal, question };
  Kind kind = Kind::info;
  std::string text;
  /// Who may read it: -1 every seat; else that seat alone (the cards a
  /// Scout looked at). A screen others look at (a log) shows only seat -1.
  int seat = -1;
  /// A dice line's faces: the dice rolled (or typed) since the last dice
  /// line, as a page draws them beside what the roll meant.
  std::vector<int> faces = {};
  /// A drawing of the board in text (Omaha Beach's grid of cards): a screen
  /// that draws the board itself (the page) leaves it out.
  bool drawing = false;
  /// Whether `reader` may read it (-1: a screen every seat may see).
  bool readable_by(int reader) const { return seat < 0 || seat == reader; }
};

/// A question addressed to one seat. Its kind says what is asked, so an
/// automatic player can answer without reading the text; `values` type the
/// choices by that kind.
struct Question {
  enum class Kind {
    die,     // a die the player rolled: values are the faces
    reveal,  // what a hidden counter or card is: values are indices in the game's pieces
    hex,     // which hex: values are dense hex indices
    loss,    // what to lose to damage: values are the game's own codes
    other,
  };
  std::string text;                  // in the session's language
  std::vector<std::string> choices;  // the accepted answers (ids); a unique prefix also counts
  Kind kind = Kind::other;
  int seat = 0;             // who answers
  std::vector<int> values;  // empty, or what each choice names (see Kind)
  /// The kind of term (Term::kind) the choices are, where the game's
  /// vocabulary has kinds: "gi" for Endless Patrol's GI deck.
  std::string term_kind = {};
  /// The answer is known to `seat` alone (a card drawn into a hand): a log,
  /// history or undo message others may read does not show it.
  bool secret = false;
  /// A table-mode draw (Kind::reveal): for each choice, whether a copy of it
  /// is really left in the deck (the others are offered because the one
  /// answering cannot know they are not). What the companion knows of the
  /// whole table, for an automatic player who draws from it (simulate):
  /// never shown by a front end. Empty: every choice is.
  std::vector<bool> in_deck = {};
  /// What each choice is called in the session's language (its printed name,
  /// Vocabulary::shown): filled by PlayContext::ask() for the asker to show.
  std::vector<std::string> shown = {};
  /// Empty, or for each choice the printed group it belongs to (a card's
  /// type): a page offers a long list a group at a time.
  std::vector<std::string> groups = {};
};

/// Asks the player: the shell (a prompt, or the next line of a script).
/// "cancel" drops the command unless it has already shown a roll of the
/// companion's dice or something revealed: then the question is asked again.
class Asker {
 public:
  virtual ~Asker() = default;
  /// `pending` are the lines said so far that the player has not seen yet.
  /// No answer (end of input, "cancel") drops the whole command.
  virtual std::optional<std::string> ask(const Question& q, const std::vector<Line>& pending) = 0;
  /// Called before a question once the command has shown a roll of the
  /// companion's dice or something revealed, with the answers given so far:
  /// a session keeps the command open in its log then, so that neither a
  /// kill nor the end of the input can make the result vanish.
  virtual void result_shown(const std::vector<std::string>& /*answers*/) {}
};

/// The command was dropped while a question was open; nothing is logged.
struct CommandCancelled {};
/// The input ended at a question after the command had shown a result (a
/// roll, a reveal): the command cannot vanish, so it is kept open (the
/// session logs it as open and a resume asks the question again).
struct CommandInterrupted {};
/// A logged command needs answers the log does not hold (or holds wrong ones).
struct AnswerMismatch {
  std::string message;
};

class PlayContext {
 public:
  /// `answers` are given in advance (from the log, or typed after " -- ");
  /// when they run out, `asker` is asked, or AnswerMismatch is thrown if null.
  /// `narrate` off: say() and BOCAGE_SAY keep nothing (and the latter builds nothing).
  /// `answers_seat`: the seat that typed `answers` (-1: the log's, good for
  /// any seat). A seat's answers answer only questions asked of that seat:
  /// another seat's question goes to `asker` (who asks that seat), or, with
  /// no asker, refuses the command (AnswerMismatch).
  PlayContext(Lang lang, GameDice& dice, bool manual_dice, std::vector<std::string> answers,
              Asker* asker, bool narrate = true, int answers_seat = -1);

  Lang lang() const { return lang_; }
  /// A message of a catalog in the session's language (core/message_catalog.h).
  template <typename... Args>
  std::string m(CheckedMessage<std::type_identity_t<Args>...> msg, const Args&... args) const {
    return bocage::tr(lang_, msg, args...);
  }

  /// Whether what is said is kept; BOCAGE_SAY builds its text only then.
  bool narrating() const { return narrate_; }
  void say(std::string text, Line::Kind kind = Line::Kind::info);
  /// Says a drawing of the board in text (Line::drawing).
  void say_drawing(std::string text);
  /// Says what `seat` alone may read (Line::seat).
  void say_to(int seat, std::string text, Line::Kind kind = Line::Kind::info);
  /// Records that something hidden became known (a counter turned over, a
  /// card drawn): an undo past this command must be forced.
  void revealed() { ++reveals_; }
  int reveals() const { return reveals_; }
  int shuffles() const { return shuffles_; }
  /// One die of `faces` faces; `what` names the roll in the manual-dice question.
  int roll(int faces, const std::string& what);
  /// The answer, one of `q.choices`: exact, a unique prefix, or a name of
  /// the game's vocabulary that names one choice only.
  std::string ask(const Question& q);
  /// The game's names (GameModule::vocabulary()) answers are resolved with.
  void set_vocabulary(const Vocabulary* vocabulary) { vocabulary_ = vocabulary; }
  /// Shuffles `items` with the game's next shuffle stream (never asked of the player).
  template <typename T>
  void shuffle(std::vector<T>& items) {
    ++shuffles_;
    Rng& rng = dice_.next_shuffle();
    for (size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[rng.roll(int(i)) - 1]);
  }

  const std::vector<Line>& lines() const { return lines_; }
  /// What the command did: its lines without what ask() said about the
  /// answers typed (not an answer, cannot cancel): CommandRecord::events.
  std::vector<Line> events() const;
  /// The lines not yet shown with a question.
  std::vector<Line> unshown_lines() const {
    return {lines_.begin() + static_cast<long>(shown_), lines_.end()};
  }
  /// The answers used, in order: what the log keeps after " -- ".
  const std::vector<std::string>& answers_used() const { return used_; }
  /// For each answer used, whether it was secret (Question::secret).
  const std::vector<bool>& secret_answers() const { return used_secret_; }
  int dice_rolled() const { return dice_rolled_; }
  bool answers_left() const { return next_ < given_.size(); }
  /// The seat whose command this is: a die typed by hand (--manual-dice) is
  /// asked of it.
  void set_acting_seat(int seat) { acting_seat_ = seat < 0 ? 0 : seat; }
  /// The faces typed by hand so far (--manual-dice): what a cancel leaves
  /// in the log.
  const std::vector<int>& typed_faces() const { return typed_faces_; }

 private:
  Lang lang_;
  GameDice& dice_;
  bool manual_dice_;
  std::vector<std::string> given_;
  size_t next_ = 0;
  int answers_seat_ = -1;
  int acting_seat_ = 0;
  std::vector<int> typed_faces_;
  /// Whether the command has shown a roll of the companion's dice or
  /// something revealed or mixed (CommandRecord::draws()): a cancel is then
  /// refused.
  bool result_shown() const;

  Asker* asker_;
  const Vocabulary* vocabulary_ = nullptr;
  std::vector<Line> lines_;
  std::vector<size_t> feedback_;  // positions in lines_ of what ask() said about answers
  /// Says a warning about the answer just typed (not an event).
  void feedback(std::string text, int seat = -1);
  size_t shown_ = 0;
  std::vector<int> faces_;  // rolled since the last dice line
  std::vector<std::string> used_;
  std::vector<bool> used_secret_;
  int dice_rolled_ = 0;
  int reveals_ = 0;
  int shuffles_ = 0;
  bool narrate_ = true;
};

/// Says `...` through `ctx` (text, then an optional Line::Kind), building the
/// text only when the context narrates: narration off costs nothing.
#define BOCAGE_SAY(ctx, ...)                       \
  do {                                             \
    if ((ctx).narrating()) (ctx).say(__VA_ARGS__); \
  } while (0)

/// `q` as an automatic player at a simulated table answers it: a table-mode
/// draw (Question::in_deck) offers only the names a copy of which is left in
/// the deck; any other question as it is.
Question drawable(const Question& q);

/// The choice `answer` names: an exact match, or the only choice it begins;
/// nullopt when it names none or several.
std::optional<std::string> match_choice(const std::string& answer,
                                        const std::vector<std::string>& choices);

}  // namespace bocage
