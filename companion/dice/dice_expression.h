// Dice notation: sums and differences of terms, each a number, NdM (N dice of
// M faces, N defaults to 1), d66 (two d6 read as tens and units), with an
// optional keep-highest or keep-lowest (4d6kh3, 2d20kl1), and an optional
// label in quotes: 2d6 "morale", 1d6-1d6 "attack". At most 1000 dice, 2 to
// 1000 faces.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/lang.h"
#include "rng.h"

namespace bocage {

struct DiceTerm {
  int sign = 1;      // +1 or -1
  int count = 0;     // dice; 0 for a plain number
  int faces = 0;     // 66 with d66
  int constant = 0;  // a plain number
  int keep = 0;      // 0: all; > 0 highest K; < 0 lowest -K
  bool d66 = false;
};

struct DiceExpression {
  std::vector<DiceTerm> terms;
  std::string label;
  std::string text;  // normalised, e.g. "1d6-1d6"

  int min() const;
  int max() const;
};

struct DiceError {
  size_t column = 0;  // 1-based, in characters of `text`; 0 when no one place is wrong
  std::string message;
  std::string text;  // the notation as read (NFKC), safe to print
};

/// Parses dice notation, read in NFKC (full-width "２ｄ６" is 2d6); on
/// failure returns nothing and fills `error`. Control characters (in a label
/// too) and text that is not UTF-8 are refused. `error` is said in `lang`.
std::optional<DiceExpression> parse_dice(const std::string& input, DiceError* error,
                                         Lang lang = Lang::en);

struct DiceRoll {
  std::vector<std::vector<int>> dice;   // per term, the values rolled (kept or not)
  std::vector<std::vector<bool>> kept;  // per term, which dice count
  int total = 0;

  /// "2d6: [3, 5] = 8" style, for the log.
  std::string describe(const DiceExpression& e) const;
};

DiceRoll roll_dice(const DiceExpression& e, Rng& rng);
/// The same with each die from `roll` (a game's PlayContext::roll, which
/// asks the player under --manual-dice): d66 rolls its tens first.
DiceRoll roll_dice(const DiceExpression& e, const std::function<int(int faces)>& roll);

}  // namespace bocage
