// One command's work on a Maquis state. The words of a command are read in
// one place (parse_mq_action) into an MqAction; the escape route, where an
// agent may go and what an action costs are free functions over (rules,
// state) that the legal moves and the heuristic player share; MqPlay holds
// the commands (mq_actions.cpp) and the game's side (mq_patrols.cpp: drawing
// and placing patrols, the upkeep, the end). Rulings: data/maquis/README.md.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "mq_rules.h"
#include "mq_state.h"

namespace bocage {

/// A command, typed.
struct MqAction {
  enum class Kind { missions, place, act, home, shoot, end };
  Kind kind = Kind::end;
  int location = -1;  // place, act, home, shoot
  int choice = -1;    // act: the choice's word (MqRules::choice_words), -1: the only one
  int resource = -1;  // act drop: what is dropped
  int field = -1;     // act drop: where
  int tile = -1;      // act on a spare room: the tile laid
  int shoot = -1;     // act: the milice shot after the action (B-06), -1 none
};

/// The commands, in the order of GameModule::command_names().
inline constexpr const char* kMqCommands[] = {"missions", "place", "act", "home", "shoot", "end"};

/// The command's words as an action; false with `usage` set to the usage of
/// the command at fault ("" for an unknown command) or `bad` to a word that
/// names nothing of this game.
bool parse_mq_action(const MqRules& R, const std::vector<std::string>& words, MqAction& out,
                     std::string& usage, std::string& bad);
std::vector<std::string> mq_words(const MqRules& R, const MqAction& action);
Move mq_move(const MqAction& action);
MqAction mq_action(const Move& move);

/// The level chosen by the session's options.
struct MqSetup {
  const MqLevel* level = nullptr;
  bool virtual_mode = false;
  bool grouped = false;  // 05
};

/// Whether an agent may be placed on `loc` now (A-02, B-02, B-03).
bool mq_can_place(const MqRules& R, const MqState& s, int loc);
/// The choices of the action at `loc` now: the location's, a spare room's
/// tile once laid, empty for a mission exit (its box is the action).
const std::vector<MqChoice>& mq_choices(const MqRules& R, const MqState& s, int loc);
/// A path along the white roads from `loc` to the safe house or an activated
/// spare room through free or agent-held locations (B-04); empty if none.
/// `ignore` is a location treated as free (a milice about to be shot).
std::vector<std::string> mq_escape_route(const MqRules& R, const MqState& s, int loc,
                                         int ignore = -1);
/// Whether the hand holds `pay`.
bool mq_can_pay(const MqState& s, const std::vector<int>& pay);
/// The resources of kind `k` left in the supply.
int mq_supply_left(const MqRules& R, const MqState& s, int k);
/// The next box of the mission on `exit`, or null once it is complete.
const MqBox* mq_next_box(const MqRules& R, const MqState& s, int exit);
/// Whether the box can be done on this day (its days, very easy's cycles).
bool mq_box_day_ok(const MqBox& box, int day);
int mq_missions_done(const MqRules& R, const MqState& s);
/// Whether `mission` may go onto `exit` (01-8): not the one already on exit
/// 1; 05 (grouped): exit 1 takes either group, exit 2 the other one.
bool mq_mission_fits(const MqRules& R, const MqSetup& U, const MqState& s, int exit, int mission);
/// The spare-room tiles not laid yet (B-02), each kind once, by id.
std::vector<std::string> mq_free_tiles(const MqRules& R, const MqState& s);

class MqPlay {
 public:
  MqPlay(const MqRules& rules, const MqSetup& setup, MqState& state, PlayContext& ctx)
      : R(rules), U(setup), S(state), ctx(ctx) {}

  std::optional<Refusal> act(const MqAction& a);

  // The player's commands (mq_actions.cpp).
  std::optional<Refusal> draw_missions();
  std::optional<Refusal> place(int loc);
  std::optional<Refusal> activate(const MqAction& a);
  /// The action and the shot of `act`, without the escape route.
  std::optional<Refusal> perform(const MqAction& a);
  std::optional<Refusal> go_home(int loc);
  std::optional<Refusal> shoot(int loc);
  std::optional<Refusal> end_day();

  // The game's side (mq_patrols.cpp).
  /// Setup (01): the tracks, the pieces, the decks; virtual draws the missions.
  void setup();
  /// The start of a day's placement: the agents home, the patrols due.
  void start_day();
  /// Draws and places the next patrol of the day.
  void place_patrol();
  /// After an agent is placed: one patrol; once the agents are out, the rest
  /// then the action phase.
  void after_placement();
  /// Removes the agent at `loc` (B-05), with Very Hard's morale, and the end.
  void arrest(int loc);
  /// Moves morale by `delta`; Fail ends the game.
  void morale(int delta);
  /// The escape route for the agent at `loc` (B-04): home, or arrested.
  /// True when it got home.
  bool escape(int loc, int ignore = -1);
  /// The upkeep (C) and the next day, or the end by days.
  void upkeep();
  /// Wins once two missions are complete (03).
  void check_win();

  // Names.
  std::string loc_name(int loc) const;
  std::string res_name(int k) const;
  std::string res_list(const std::vector<int>& amounts) const;  // "情報1・食料2"
  std::string mission_name(int m) const;
  std::string rule(const char* section) const;
  std::string card_text(int card) const;

  const MqRules& R;
  const MqSetup& U;
  MqState& S;
  PlayContext& ctx;
};

}  // namespace bocage
