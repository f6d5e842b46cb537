// SQUAD's names as the players read them: cards, nations, ranges; and the
// words of a command (parse and back).
#include "bocage/msg/sq.h"
#include "sq_play.h"

namespace bocage {

std::string sq_plain(const std::string& s) {
  std::string out;
  bool tag = false;
  for (char ch : s) {
    if (ch == '<')
      tag = true;
    else if (ch == '>')
      tag = false;
    else if (!tag)
      out += ch;
  }
  return out;
}

std::string SqPlay::card_name(int card) const {
  return sq_plain(R.cards[size_t(card)].name.in(lang_name(ctx.lang())));
}

std::string SqPlay::nation_name(int squad) const {
  const SqSquad& q = S.squads[size_t(squad)];
  const std::string name = R.nations[size_t(q.nation)].name.in(lang_name(ctx.lang()));
  return S.map ? name + (ctx.lang() == Lang::en ? " " : "") + char('A' + q.letter) : name;
}

std::string SqPlay::side_name(int side) const {
  return R.nations[size_t(S.squads[size_t(S.squad_of(side, 0))].nation)].name.in(
      lang_name(ctx.lang()));
}

std::string SqPlay::hex_name(int hex) const {
  return R.board.hexes.coordinate(hex);
}

std::string SqPlay::hex_terrain(int hex) const {
  const int card = R.board.card[size_t(hex)];
  return card >= 0 ? card_name(card) : ctx.m(msg::sq::open_ground);
}

std::string sq_range_text(int range, Lang lang) {
  switch (range) {
    case 0:
      return tr(lang, msg::sq::range_pb);
    case 1:
      return tr(lang, msg::sq::range_s);
    case 2:
      return tr(lang, msg::sq::range_m);
    default:
      return tr(lang, msg::sq::range_l);
  }
}

std::string SqPlay::range_name(int range) const {
  return sq_range_text(range, ctx.lang());
}

}  // namespace bocage
