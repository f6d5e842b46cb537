// SQUAD's hex-map variant (--option variant=map) played through a session:
// games won each way, in both languages; movement and its refusals; range
// and cover from the printed map; several squads, each with its own hand;
// undo after a roll and resume.
#include <catch2/catch.hpp>

#include "../text_helpers.h"
#include "companion/games/squad/sq_play.h"
#include "sq_play.h"

using namespace bocage;
using namespace bocage::test;

TEST_CASE("squad map: placeholder") {
  SqGame g({"manual-dice", "variant=map", "squads=1"});
  Script s{g};
  s.played(
      "start -- 6 1 radio-artillery sniper-attack bolt-action-rifle knife pistol "
      "bayonet garrote bare-hands rifle-butt entrenching-tool mortar grenade carbine");
}
