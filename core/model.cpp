#include "model.h"

namespace bocage {

std::string_view field_type_name(FieldType t) {
  switch (t) {
    case FieldType::number:
      return "number";
    case FieldType::text:
      return "text";
    case FieldType::symbols:
      return "symbols";
    case FieldType::flag:
      return "flag";
  }
  return "text";
}

const HexMap* Game::map(const std::string& id) const {
  for (const auto& m : maps)
    if (m.id == id) return &m;
  return nullptr;
}

const Board* Game::board(const std::string& id) const {
  for (const auto& b : boards)
    if (b.id == id) return &b;
  return nullptr;
}

const std::map<std::string, std::string>& default_font_families() {
  static const std::map<std::string, std::string> families = {
      {"gothic", "BIZ UDGothic"},
      {"mincho", "BIZ UDMincho"},
      {"latin", "BIZ UDPGothic"},
  };
  return families;
}

}  // namespace bocage
