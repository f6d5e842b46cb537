#include "dice_expression.h"

#include <algorithm>
#include <cctype>
#include <numeric>

#include "bocage/msg/play.h"
#include "companion/text/input_text.h"
#include "core/message_catalog.h"

namespace bocage {

namespace {

constexpr int kMaxDice = 1000;
constexpr int kMaxFaces = 1000;
constexpr long long kMaxNumber = 1000000;

class Parser {
 public:
  Parser(const std::string& s, DiceError* error, Lang lang) : s_(s), error_(error), lang_(lang) {}

  std::optional<DiceExpression> parse() {
    DiceExpression e;
    skip_space();
    int sign = 1;
    if (peek() == '-' || peek() == '+') {
      sign = peek() == '-' ? -1 : 1;
      ++i_;
    }
    int dice = 0;
    while (true) {
      skip_space();
      auto term = parse_term(sign);
      if (!term) return std::nullopt;
      dice += term->d66 ? 2 : term->count;
      if (dice > kMaxDice)
        return fail(term_start_, tr(lang_, msg::play::too_many_dice, "max"_a = kMaxDice));
      e.terms.push_back(*term);
      skip_space();
      if (peek() == '+' || peek() == '-') {
        sign = peek() == '-' ? -1 : 1;
        ++i_;
        continue;
      }
      break;
    }
    skip_space();
    if (peek() == '"') {
      size_t close = s_.find('"', i_ + 1);
      if (close == std::string::npos) return fail(i_, tr(lang_, msg::play::unclosed_label));
      e.label = s_.substr(i_ + 1, close - i_ - 1);
      i_ = close + 1;
      skip_space();
    }
    if (i_ < s_.size())
      return fail(i_, tr(lang_, msg::play::expected_sign_or_label, "found"_a = char_at(i_)));
    for (size_t k = 0; k < e.terms.size(); ++k) {
      const auto& t = e.terms[k];
      if (k > 0 || t.sign < 0) e.text += t.sign < 0 ? "-" : "+";
      if (t.d66)
        e.text += "d66";
      else if (t.count == 0)
        e.text += std::to_string(t.constant);
      else {
        e.text += std::to_string(t.count) + "d" + std::to_string(t.faces);
        if (t.keep > 0) e.text += "kh" + std::to_string(t.keep);
        if (t.keep < 0) e.text += "kl" + std::to_string(-t.keep);
      }
    }
    return e;
  }

 private:
  char peek() const { return i_ < s_.size() ? s_[i_] : '\0'; }
  void skip_space() {
    while (i_ < s_.size() && s_[i_] == ' ') ++i_;
  }
  std::optional<DiceExpression> fail(size_t at, std::string message) {
    failed_ = true;
    if (error_) {
      // The column counts characters, not bytes (the text is UTF-8).
      size_t column = 1;
      for (size_t k = 0; k < at && k < s_.size(); ++k)
        if ((static_cast<unsigned char>(s_[k]) & 0xC0) != 0x80) ++column;
      *error_ = {column, std::move(message), s_};
    }
    return std::nullopt;
  }
  /// The whole character (UTF-8 sequence) at byte `at`.
  std::string char_at(size_t at) const {
    size_t end = at + 1;
    while (end < s_.size() && (static_cast<unsigned char>(s_[end]) & 0xC0) == 0x80) ++end;
    return s_.substr(at, end - at);
  }
  std::optional<int> number() {
    size_t start = i_;
    long long v = 0;
    while (std::isdigit(static_cast<unsigned char>(peek()))) {
      v = v * 10 + (peek() - '0');
      if (v > kMaxNumber) {
        fail(start, tr(lang_, msg::play::number_too_large, "max"_a = kMaxNumber));
        return std::nullopt;
      }
      ++i_;
    }
    if (i_ == start) return std::nullopt;
    return static_cast<int>(v);
  }
  std::optional<DiceTerm> parse_term(int sign) {
    DiceTerm t;
    t.sign = sign;
    size_t start = i_;
    term_start_ = start;
    auto n = number();
    if (failed_) return std::nullopt;
    if (peek() != 'd' && peek() != 'D') {
      if (!n) {
        fail(i_, i_ < s_.size() ? tr(lang_, msg::play::expected_dice, "found"_a = char_at(i_))
                                : tr(lang_, msg::play::expected_dice_at_end));
        return std::nullopt;
      }
      t.constant = *n;
      return t;
    }
    ++i_;  // 'd'
    const bool is_d66 =
        s_.compare(i_, 2, "66") == 0 &&
        (i_ + 2 >= s_.size() || !std::isdigit(static_cast<unsigned char>(s_[i_ + 2])));
    if (is_d66) {
      if (n && *n != 1) {
        fail(start, tr(lang_, msg::play::d66_one_at_a_time, "count"_a = *n));
        return std::nullopt;
      }
      i_ += 2;
      t.d66 = true;
      t.count = 1;
      t.faces = 66;
      return t;
    }
    size_t faces_at = i_;
    auto faces = number();
    if (failed_) return std::nullopt;
    if (!faces) {
      fail(i_, tr(lang_, msg::play::expected_faces));
      return std::nullopt;
    }
    t.count = n.value_or(1);
    t.faces = *faces;
    if (t.count < 1) {
      fail(start, tr(lang_, msg::play::at_least_one_die));
      return std::nullopt;
    }
    if (t.count > kMaxDice) {
      fail(start, tr(lang_, msg::play::too_many_dice, "max"_a = kMaxDice));
      return std::nullopt;
    }
    if (t.faces < 2 || t.faces > kMaxFaces) {
      fail(faces_at, tr(lang_, msg::play::faces_range, "max"_a = kMaxFaces));
      return std::nullopt;
    }
    if (s_.compare(i_, 2, "kh") == 0 || s_.compare(i_, 2, "kl") == 0) {
      bool high = s_[i_ + 1] == 'h';
      i_ += 2;
      size_t keep_at = i_;
      auto k = number();
      if (failed_) return std::nullopt;
      if (!k || *k < 1 || *k > t.count) {
        fail(keep_at, tr(lang_, msg::play::keep_range, "count"_a = t.count));
        return std::nullopt;
      }
      t.keep = high ? *k : -*k;
    }
    return t;
  }

  const std::string& s_;
  DiceError* error_;
  Lang lang_;
  size_t i_ = 0;
  size_t term_start_ = 0;
  bool failed_ = false;
};

int term_min(const DiceTerm& t) {
  if (t.count == 0) return t.constant;
  if (t.d66) return 11;
  return t.keep == 0 ? t.count : std::abs(t.keep);
}
int term_max(const DiceTerm& t) {
  if (t.count == 0) return t.constant;
  if (t.d66) return 66;
  return (t.keep == 0 ? t.count : std::abs(t.keep)) * t.faces;
}

}  // namespace

int DiceExpression::min() const {
  int v = 0;
  for (const auto& t : terms) v += t.sign > 0 ? term_min(t) : -term_max(t);
  return v;
}

int DiceExpression::max() const {
  int v = 0;
  for (const auto& t : terms) v += t.sign > 0 ? term_max(t) : -term_min(t);
  return v;
}

std::optional<DiceExpression> parse_dice(const std::string& input, DiceError* error, Lang lang) {
  const InputLine line = normalize_input(input, lang);
  if (!line.error.empty()) {
    if (error) *error = {0, line.error, printable(input)};
    return std::nullopt;
  }
  return Parser(line.text, error, lang).parse();
}

DiceRoll roll_dice(const DiceExpression& e, Rng& rng) {
  return roll_dice(e, [&rng](int faces) { return rng.roll(faces); });
}

DiceRoll roll_dice(const DiceExpression& e, const std::function<int(int faces)>& roll) {
  DiceRoll r;
  for (const auto& t : e.terms) {
    std::vector<int> values;
    std::vector<bool> kept;
    int value = 0;
    if (t.count == 0) {
      value = t.constant;
    } else if (t.d66) {
      const int tens = roll(6);
      const int units = roll(6);
      values = {tens, units};
      kept = {true, true};
      value = tens * 10 + units;
    } else {
      for (int k = 0; k < t.count; ++k) values.push_back(roll(t.faces));
      kept.assign(values.size(), t.keep == 0);
      if (t.keep != 0) {
        std::vector<size_t> order(values.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
          return t.keep > 0 ? values[a] > values[b] : values[a] < values[b];
        });
        for (int k = 0; k < std::abs(t.keep); ++k) kept[order[static_cast<size_t>(k)]] = true;
      }
      for (size_t k = 0; k < values.size(); ++k)
        if (kept[k]) value += values[k];
    }
    r.total += t.sign * value;
    r.dice.push_back(std::move(values));
    r.kept.push_back(std::move(kept));
  }
  return r;
}

std::string DiceRoll::describe(const DiceExpression& e) const {
  std::string out = e.text;
  if (!e.label.empty()) out += " \"" + e.label + "\"";
  out += ":";
  for (size_t k = 0; k < dice.size(); ++k) {
    if (dice[k].empty()) continue;
    out += " [";
    for (size_t j = 0; j < dice[k].size(); ++j) {
      if (j) out += ", ";
      out += kept[k][j] ? std::to_string(dice[k][j]) : "(" + std::to_string(dice[k][j]) + ")";
    }
    out += "]";
  }
  out += " = " + std::to_string(total);
  return out;
}

}  // namespace bocage
