// SQUAD's data for the companion, read from data/squad/: every card's
// numbers from deck.toml (the file the deck is printed from), each nation's
// from nations.toml, and from companion.toml the nations' option words, the
// National Trait effects, the fortifications and the options.
#pragma once

#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "companion/engine/vocabulary.h"
#include "companion/pieces/game_options.h"
#include "core/diagnostic.h"
#include "core/hex_board.h"
#include "core/hex_map.h"
#include "core/localized.h"

namespace bocage {

class TomlReader;
struct Game;

/// The range track PB - S - M - L (全ての射撃フェイズ).
constexpr int kSqRanges = 4;
constexpr int kSqLong = 3;

/// What a card does, as its fields say (deck.toml); a National Trait
/// effect is one of these too.
struct SqCard {
  std::string id;
  Localized name;
  char type = 'M';      // M, T, A, B, N
  Localized type_name;  // as printed (game.toml's [symbols.M]: 修正)
  int count = 1;
  std::array<std::optional<int>, kSqRanges> range{};  // pb, s, m, l: the modifier at that range
  int cover = 0, morale = 0, rally = 0, all_attacks = 0, opportunity = 0, ambush = 0, covering = 0,
      mg_bonus = 0, max_kill = 0, fortification = 0, peek = 0, hand = 0, mine = 0;
  int draw = 0, soldiers = 0;  // trait effects only
  bool machine_gun = false, ignore_cover = false, no_move = false, pinned_only = false,
       obstacle = false, cancels_obstacle = false, mission = false, set_aside = false;
  std::string phase;   // "", "covering", "fixed"
  std::string attach;  // "", "own", "enemy"

  bool attack() const {
    for (const auto& r : range)
      if (r) return true;
    return false;
  }
};

/// The vocabulary's kind (Term::kind) of a National Trait's effects: some
/// share a name and an id with a card (待伏せ, 隠蔽).
inline constexpr const char* kSqTraitKind = "trait";

struct SqTrait {
  std::string id;  // "bar"
  Localized name;  // as the nation card prints it: 創意工夫 / Ingenuity
  int as = -1;     // a card of the deck it acts as; -1: `effect`
  SqCard effect;
};

struct SqNation {
  std::string id;    // "us"
  std::string word;  // "us", "germany": the option's word
  Localized name, flag;
  int soldiers = 10, draw = 3, hand = 5, morale = 0, rally = 0, moving_fire = -2;
  std::vector<SqTrait> traits;
};

/// The hex-map variant (マップのバリエーション): the map bocage-gen prints
/// and, by dense hex index (hex_index), what the companion needs of it.
struct SqMapVariant {
  HexMap map;
  HexBoard hexes;                         // the map's hexes (a missing one is impassable)
  std::array<std::vector<int>, 2> start;  // each seat's starting hexes, squad A first
  std::vector<int> card;                  // by hex: the T card of its terrain; -1 open ground

  bool open(int hex) const { return card[size_t(hex)] < 0; }
};

struct SqRules {
  /// What a player may type: the cards by their printed names, the nations
  /// by name, flag and option word, and companion.toml's [[word]]s
  /// (directions, declarations).
  Vocabulary vocabulary;
  Vocabulary commands;        // the commands by their printed names ([[command]])
  std::vector<SqCard> cards;  // the deck's designs; a card is its index here
  std::vector<int> deck;      // every copy, by design index (121)
  std::vector<SqNation> nations;
  std::vector<int> fortifications;  // terrain cards the bazooka's `fortification` counts against
  std::vector<OptionDef> options;   // mode, nations
  int start_hand = 5;
  int objectives = 3;
  int max_soldiers = 36;       // the tracker's last box (USSR Reinforcements stop there)
  int flanking_card = -1;      // 側面のバリエーション: the card that stays in play
  int flanking_replaces = -1;  // ... and the card whose copies it replaces in the deck
  int trait_card = -1;         // the National Trait card (N)
  std::vector<int> map_deck;   // the hex-map variant's deck: `deck` without the T cards
  SqMapVariant board;

  /// The card a play stands for: `card` itself, or the National Trait's
  /// effect of trait code `code` (-1: none).
  /// A trait's code in a Move: nation * kTraitsPerNation + its index.
  static constexpr int kTraitsPerNation = 16;
  const SqCard& effect(int card, int code) const {
    if (code < 0) return cards[size_t(card)];
    const SqTrait& t =
        nations[size_t(code / kTraitsPerNation)].traits[size_t(code % kTraitsPerNation)];
    return t.as >= 0 ? cards[size_t(t.as)] : t.effect;
  }
  /// The National Trait of trait code `code` (>= 0).
  const SqTrait& trait(int code) const {
    return nations[size_t(code / kTraitsPerNation)].traits[size_t(code % kTraitsPerNation)];
  }
  /// A play as the player reads it: the card's printed name, with a trait's
  /// printed name after it (「国の特性（創意工夫）」).
  std::string play_name(int card, int code, Lang lang) const;
  /// Whether `c` is the flanking variant's card (or an effect that is it).
  bool is_flanking(const SqCard& c) const {
    return flanking_card >= 0 && c.id == cards[size_t(flanking_card)].id;
  }
  int card_index(const std::string& id) const;
  int nation_index(const std::string& word) const;  // by the option's word
};

/// Reads companion.toml's [map_variant] (the map, by its id, of `game`);
/// problems to `diags`.
void read_sq_map_variant(TomlReader& top, const Game& game, SqRules& rules, Diagnostics& diags);

/// Reads deck.toml, nations.toml and companion.toml; nullopt with the
/// problems (file:line:col) in `diags`.
std::optional<SqRules> load_sq_rules(const std::filesystem::path& data_root,
                                     const std::string& game_id, Diagnostics& diags);

}  // namespace bocage
