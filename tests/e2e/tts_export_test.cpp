// `--export tts`: the saved objects Tabletop Simulator loads from its Saved
// Objects folder, read back as JSON and pictures. The structure checked is
// the one open tools write and read (generator/assemble/tts_export.cpp cites
// them): a save whose ObjectStates hold a DeckCustom with DeckIDs, CustomDeck
// and ContainedObjects, Custom_Board and Custom_Tile with CustomImage, and
// CardCustom cards.
#include "generator/assemble/tts_export.h"

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>

#include "../text_helpers.h"
#include "core/game_loader.h"
#include "pdf_probe.h"

using namespace bocage::test;
namespace fs = std::filesystem;
using Json = nlohmann::json;

namespace {

/// The path of a file:// URL, its percent-escapes decoded; empty when `url`
/// is not one.
fs::path path_of(const std::string& url) {
  if (url.rfind("file:///", 0) != 0) return {};
  std::string path;
  for (size_t i = 7; i < url.size(); ++i) {
    if (url[i] == '%' && i + 2 < url.size()) {
      path += static_cast<char>(std::stoi(url.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      path += url[i];
    }
  }
  return path;
}

struct Png {
  int width = 0, height = 0;
  std::string x_dpi;  // what its pHYs says, as gdk-pixbuf reads it
  explicit Png(const fs::path& path) {
    if (GdkPixbuf* p = gdk_pixbuf_new_from_file(path.c_str(), nullptr)) {
      width = gdk_pixbuf_get_width(p);
      height = gdk_pixbuf_get_height(p);
      if (const char* dpi = gdk_pixbuf_get_option(p, "x-dpi")) x_dpi = dpi;
      g_object_unref(p);
    }
  }
};

Json read_json(const fs::path& path) {
  return Json::parse(slurp(path));
}

/// Checks the outer fields of a saved object, as the game writes one into
/// Saved Objects (empty strings, an empty tab list, the objects).
void check_saved_object(const Json& saved) {
  for (const char* key : {"SaveName", "Date", "VersionNumber", "GameMode", "Table", "Sky", "Note",
                          "Rules", "XmlUI", "LuaScript", "LuaScriptState"}) {
    INFO(key);
    REQUIRE(saved.contains(key));
    CHECK(saved[key].is_string());
  }
  CHECK(saved["TabStates"].is_object());
  REQUIRE(saved["ObjectStates"].is_array());
  CHECK_FALSE(saved["ObjectStates"].empty());
}

/// Checks the fields every object has: its name, a six-hex-digit GUID not
/// seen before in the file, a transform of numbers, a nickname.
void check_object(const Json& o, std::set<std::string>& guids) {
  REQUIRE(o["Name"].is_string());
  REQUIRE(o["GUID"].is_string());
  const std::string guid = o["GUID"];
  CHECK(std::regex_match(guid, std::regex("[0-9a-f]{6}")));
  CHECK(guids.insert(guid).second);
  for (const char* key :
       {"posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ"})
    CHECK(o["Transform"][key].is_number());
  CHECK(o["Nickname"].is_string());
  CHECK(o["Description"].is_string());
  CHECK(o["ColorDiffuse"].is_object());
}

/// Checks a CustomDeck entry: its fields and types, and that its pictures
/// exist as PNGs of NumWidth x NumHeight slots of `card_px` (the back a
/// single slot unless UniqueBack). Returns the slots of the sheet.
int check_custom_deck(const Json& d, std::pair<int, int>* card_px = nullptr) {
  REQUIRE(d["FaceURL"].is_string());
  REQUIRE(d["BackURL"].is_string());
  REQUIRE(d["NumWidth"].is_number_integer());
  REQUIRE(d["NumHeight"].is_number_integer());
  CHECK(d["BackIsHidden"].is_boolean());
  REQUIRE(d["UniqueBack"].is_boolean());
  CHECK(d["Type"].is_number_integer());
  const int columns = d["NumWidth"], rows = d["NumHeight"];
  CHECK(columns >= 1);
  CHECK(columns <= bocage::kTtsColumns);
  CHECK(rows >= 1);
  CHECK(rows <= bocage::kTtsRows);
  const fs::path face = path_of(d["FaceURL"]);
  const fs::path back = path_of(d["BackURL"]);
  INFO(d.dump());
  REQUIRE(fs::exists(face));
  REQUIRE(fs::exists(back));  // a back for every deck
  const Png f(face), b(back);
  REQUIRE(f.width > 0);
  CHECK(f.width % columns == 0);
  CHECK(f.height % rows == 0);
  CHECK(f.width <= bocage::kTtsMaxSheetPx);
  CHECK(f.height <= bocage::kTtsMaxSheetPx);
  const int cw = f.width / columns, ch = f.height / rows;
  if (card_px) *card_px = {cw, ch};
  if (d["UniqueBack"].get<bool>()) {
    CHECK(b.width == f.width);
    CHECK(b.height == f.height);
  } else {
    CHECK(b.width == cw);
    CHECK(b.height == ch);
  }
  return columns * rows;
}

/// Checks a DeckCustom: each DeckID names a CustomDeck key and a slot of its
/// sheet (not the hidden card's), and ContainedObjects hold one card for each,
/// in the same order. Returns DeckIDs' size.
size_t check_deck(const Json& deck, std::set<std::string>& guids) {
  check_object(deck, guids);
  CHECK(deck["Name"] == "DeckCustom");
  REQUIRE(deck["DeckIDs"].is_array());
  REQUIRE(deck["CustomDeck"].is_object());
  REQUIRE(deck["ContainedObjects"].is_array());
  std::map<int, int> slots;  // key: the slots of its sheet
  for (const auto& [key, d] : deck["CustomDeck"].items()) {
    INFO(key);
    REQUIRE(std::regex_match(key, std::regex("[1-9][0-9]*")));
    slots[std::stoi(key)] = check_custom_deck(d);
  }
  const Json& ids = deck["DeckIDs"];
  const Json& cards = deck["ContainedObjects"];
  REQUIRE(cards.size() == ids.size());
  for (size_t i = 0; i < ids.size(); ++i) {
    const int id = ids[i];
    INFO("card " << i << ": " << id);
    REQUIRE(slots.count(id / 100));
    CHECK(id % 100 < slots[id / 100] - 1);
    const Json& card = cards[i];
    check_object(card, guids);
    CHECK(card["Name"] == "Card");
    CHECK(card["CardID"] == id);
    REQUIRE(card["CustomDeck"].contains(std::to_string(id / 100)));
    CHECK(card["CustomDeck"][std::to_string(id / 100)] ==
          deck["CustomDeck"][std::to_string(id / 100)]);
    CHECK_FALSE(card["Nickname"].get<std::string>().empty());
  }
  return ids.size();
}

/// A board, a tile or an aid's card: its picture exists at 300 dpi.
void check_piece(const Json& o, std::set<std::string>& guids) {
  check_object(o, guids);
  const std::string name = o["Name"];
  std::string face;
  if (name == "CardCustom") {
    REQUIRE(o["CardID"].is_number_integer());
    const std::string key = std::to_string(o["CardID"].get<int>() / 100);
    REQUIRE(o["CustomDeck"].contains(key));
    CHECK(check_custom_deck(o["CustomDeck"][key]) == 1);
    face = o["CustomDeck"][key]["FaceURL"];
  } else {
    REQUIRE((name == "Custom_Board" || name == "Custom_Tile"));
    const Json& image = o["CustomImage"];
    REQUIRE(image["ImageURL"].is_string());
    REQUIRE(image["ImageSecondaryURL"].is_string());
    CHECK(image["ImageScalar"].is_number());
    CHECK(image["WidthScale"].is_number());
    face = image["ImageURL"];
    if (name == "Custom_Tile") {
      CHECK(image["CustomTile"]["Type"].is_number_integer());
      CHECK(image["CustomTile"]["Thickness"].is_number());
      CHECK(fs::exists(path_of(image["ImageSecondaryURL"])));
    } else {
      CHECK(image["ImageSecondaryURL"] == "");
    }
  }
  const Png png(path_of(face));
  CHECK(png.width > 0);
  CHECK(png.x_dpi == "300");
}

}  // namespace

TEST_CASE("export tts writes SQUAD as saved objects the game loads with every copy", "[tts]") {
  TempDir out;
  RunResult r =
      run_gen("build squad --export tts " + kRoots + " --out '" + out.path.string() + "'");
  INFO(r.err);
  REQUIRE(r.status == 0);
  const fs::path tts = out.path / "squad" / "tts";
  CHECK(contains(r.out, "wrote the Tabletop Simulator saved object " +
                            (tts / "deck.json").string() + " and 2 pictures"));
  CHECK_FALSE(fs::exists(out.path / "squad" / "deck.pdf"));  // instead of PDFs

  // The data's copies: 121 cards of 58 designs (data/squad/deck.toml).
  bocage::Diagnostics diags;
  const bocage::Game game = bocage::load_game(kRoot + "/data", "squad", diags);
  REQUIRE(game.deck("deck"));
  REQUIRE(game.deck("deck")->total_count() == 121);

  std::set<int> keys;  // CustomDeck keys: unique within the game
  for (const auto& deck : game.decks) {
    INFO(deck.id);
    const Json saved = read_json(tts / (deck.id + ".json"));
    check_saved_object(saved);
    std::set<std::string> guids;
    const Json& objects = saved["ObjectStates"];
    if (deck.id == "deck" || deck.id == "counters" || deck.id == "nations" ||
        deck.id == "variant") {
      // Cards and counters: one DeckCustom with every copy.
      REQUIRE(objects.size() == 1);
      CHECK(check_deck(objects[0], guids) == static_cast<size_t>(deck.total_count()));
      for (const auto& [key, d] : objects[0]["CustomDeck"].items())
        CHECK(keys.insert(std::stoi(key)).second);
    } else if (deck.id == "map" || deck.id == "tracker") {
      // The map and the tracker sheet: boards, at full resolution.
      REQUIRE(objects.size() == static_cast<size_t>(deck.total_count()));
      for (const Json& o : objects) {
        CHECK(o["Name"] == "Custom_Board");
        check_piece(o, guids);
      }
    } else {
      // The player aid: a card a page, each with a back.
      REQUIRE(deck.id == "aid");
      REQUIRE(objects.size() == 4);
      for (const Json& o : objects) {
        CHECK(o["Name"] == "CardCustom");
        check_piece(o, guids);
        for (const auto& [key, d] : o["CustomDeck"].items())
          CHECK(keys.insert(std::stoi(key)).second);
      }
    }
  }

  // The deck: 58 designs on one 10 x 6 sheet, a card's copies each named.
  const Json deck = read_json(tts / "deck.json")["ObjectStates"][0];
  CHECK(deck["Nickname"] == "\xE3\x83\x87\xE3\x83\x83\xE3\x82\xAD");  // デッキ
  REQUIRE(deck["CustomDeck"].size() == 1);
  const Json& sheet = deck["CustomDeck"].begin().value();
  CHECK(sheet["NumWidth"] == 10);
  CHECK(sheet["NumHeight"] == 6);
  CHECK(sheet["UniqueBack"] == false);
  std::map<int, int> copies;
  for (int id : deck["DeckIDs"]) ++copies[id];
  CHECK(copies.size() == 58);
  // The map: 330 x 194 mm at 300 dpi (3898 x 2291 px).
  const Json map = read_json(tts / "map.json")["ObjectStates"][0];
  const Png map_png(path_of(map["CustomImage"]["ImageURL"]));
  CHECK(map_png.width == 3898);
  CHECK(map_png.height == 2291);
  // The counters have a back each: a back sheet in the faces' grid.
  const Json counters = read_json(tts / "counters.json")["ObjectStates"][0];
  CHECK(counters["CustomDeck"].begin().value()["UniqueBack"] == true);
  CHECK(counters["CustomDeck"].begin().value()["Type"] == 0);  // rounded corners
  // The nation cards have no back: a plain one.
  CHECK(fs::exists(tts / "nations-back.png"));
}

TEST_CASE("export tts writes the same bytes each time", "[tts]") {
  TempDir out;
  const std::string args =
      "build squad --export tts " + kRoots + " --out '" + out.path.string() + "'";
  REQUIRE(run_gen(args).status == 0);
  const fs::path tts = out.path / "squad" / "tts";
  const std::string first = slurp(tts / "deck.json");
  const std::string first_counters = slurp(tts / "counters-faces-1.png");
  REQUIRE(run_gen(args, {}, "LC_ALL=C.UTF-8 TZ=Asia/Tokyo").status == 0);
  CHECK(slurp(tts / "deck.json") == first);
  CHECK(slurp(tts / "counters-faces-1.png") == first_counters);
  // No clock, no random number: the date empty, the GUIDs a hash of the ids.
  const Json saved = Json::parse(first);
  CHECK(saved["Date"] == "");
  CHECK(saved["ObjectStates"][0]["GUID"] == bocage::tts_guid("deck"));
}

TEST_CASE("export tts splits a deck of more than 69 designs over sheets of one deck", "[tts]") {
  // Endless Patrol with 45 more GI cards: 75 designs, 81 cards.
  TempDir data;
  fs::copy(kRoot + "/data/endless-patrol", data.path / "endless-patrol",
           fs::copy_options::recursive);
  {
    std::ofstream deck(data.path / "endless-patrol" / "gi-deck.toml", std::ios::app);
    for (int i = 1; i <= 45; ++i)
      deck << "\n[[card]]\nid = \"gi-extra-" << i << "\"\nno = " << 100 + i
           << "\nname = { ja = \"\xE4\xBA\x88\xE5\x82\x99" << i << "\", en = \"Spare " << i
           << "\" }\nammo = 1\n"
           << (i >= 43 ? "count = 3\n" : "");
  }
  TempDir out;
  RunResult r =
      run_gen("build endless-patrol --export tts --data '" + data.path.string() +
              "' --templates '" + kRoot + "/templates' --out '" + out.path.string() + "'");
  INFO(r.err);
  REQUIRE(r.status == 0);
  const fs::path tts = out.path / "endless-patrol" / "tts";
  const Json saved = read_json(tts / "gi.json");
  check_saved_object(saved);
  std::set<std::string> guids;
  const Json& deck = saved["ObjectStates"][0];
  CHECK(check_deck(deck, guids) == 30 + 45 + 2 * 3);
  REQUIRE(deck["CustomDeck"].size() == 2);  // 69 designs on the first sheet, 6 on the second
  CHECK(fs::exists(tts / "gi-faces-1.png"));
  CHECK(fs::exists(tts / "gi-faces-2.png"));
  std::map<int, int> per_key;
  for (int id : deck["DeckIDs"]) ++per_key[id / 100];
  CHECK(per_key.begin()->second == 69);
  CHECK(std::next(per_key.begin())->second == 6 + 2 * 3);
  // The last design's copies: slot 5 of the second sheet.
  CHECK(deck["DeckIDs"].back() == std::next(per_key.begin())->first * 100 + 5);
  CHECK(deck["ContainedObjects"].back()["Nickname"] ==
        "\xE4\xBA\x88\xE5\x82\x99"
        "45");
  CHECK(deck["ContainedObjects"].back()["Description"] == "Spare 45");
}

TEST_CASE("export tts names its pictures by file URLs, spaces and non-ASCII encoded", "[tts]") {
  CHECK(bocage::file_url("/tmp/a b/\xE5\x87\xBA\xE5\x8A\x9B/c.png") ==
        "file:///tmp/a%20b/%E5%87%BA%E5%8A%9B/c.png");
  CHECK(bocage::file_url("/x/100%_#?.png") == "file:///x/100%25_%23%3F.png");
  TempDir out;
  const fs::path where = out.path / "my games" / "\xE5\x87\xBA\xE5\x8A\x9B";  // 出力
  REQUIRE(run_gen("build endless-patrol --export tts " + kRoots + " --out '" + where.string() + "'")
              .status == 0);
  const Json saved = read_json(where / "endless-patrol" / "tts" / "gi.json");
  const std::string url = saved["ObjectStates"][0]["CustomDeck"]["1"]["FaceURL"];
  CHECK(contains(url, "/my%20games/%E5%87%BA%E5%8A%9B/endless-patrol/tts/gi-faces-1.png"));
  CHECK(fs::exists(path_of(url)));
  // A relative --out: the URLs are absolute all the same.
  RunResult rel = run_gen("build endless-patrol --export tts " + kRoots + " --out here", out.path);
  REQUIRE(rel.status == 0);
  const Json relative = read_json(out.path / "here" / "endless-patrol" / "tts" / "gi.json");
  const std::string face = relative["ObjectStates"][0]["CustomDeck"]["1"]["FaceURL"];
  CHECK(path_of(face).is_absolute());
  CHECK(fs::exists(path_of(face)));
  // Endless Patrol's squad tracker holds markers: a board; its aid a card.
  const fs::path tts = where / "endless-patrol" / "tts";
  CHECK(read_json(tts / "tracker.json")["ObjectStates"][0]["Name"] == "Custom_Board");
  CHECK(read_json(tts / "aid.json")["ObjectStates"][0]["Name"] == "CardCustom");
  // Its squad markers: three copies of a counter with square corners.
  const Json marker = read_json(tts / "marker.json")["ObjectStates"][0];
  CHECK(marker["Name"] == "DeckCustom");
  CHECK(marker["DeckIDs"].size() == 3);
  CHECK(marker["CustomDeck"].begin().value()["Type"] == 1);
}

TEST_CASE("export tts into a folder it cannot write writes nothing and says why", "[tts]") {
  TempDir out;
  // <out>/squad/tts is a file: the pictures cannot go there.
  fs::create_directories(out.path / "squad");
  std::ofstream(out.path / "squad" / "tts") << "x";
  RunResult r =
      run_gen("build squad --export tts " + kRoots + " --out '" + out.path.string() + "'");
  CHECK(r.status == 3);
  // Said once, not once per component.
  CHECK(r.err == "error: cannot write into the Tabletop Simulator folder '" +
                     (out.path / "squad" / "tts").string() + "': Not a directory\n");
  CHECK_FALSE(contains(r.out, "wrote"));
  // A read-only folder.
  fs::remove(out.path / "squad" / "tts");
  fs::create_directories(out.path / "squad" / "tts");
  fs::permissions(out.path / "squad" / "tts", fs::perms::owner_read | fs::perms::owner_exec);
  RunResult locked =
      run_gen("build squad --export tts " + kRoots + " --out '" + out.path.string() + "'");
  fs::permissions(out.path / "squad" / "tts", fs::perms::owner_all);
  if (geteuid() != 0) {  // root ignores folder permissions
    CHECK(locked.status == 3);
    CHECK(contains(locked.err, "error: cannot write into the Tabletop Simulator folder"));
    CHECK(fs::is_empty(out.path / "squad" / "tts"));
  }
}

TEST_CASE(
    "export tts: a card with boxes for pieces and a back is a deck, a sheet with a back a "
    "tile, a single card a card",
    "[tts]") {
  // Maquis: the missions hold pieces but have a back (a deck); the board is a board.
  TempDir out;
  RunResult r =
      run_gen("build maquis --export tts " + kRoots + " --out '" + out.path.string() + "'");
  INFO(r.err);
  REQUIRE(r.status == 0);
  const fs::path maquis = out.path / "maquis" / "tts";
  std::set<std::string> guids;
  CHECK(check_deck(read_json(maquis / "mission.json")["ObjectStates"][0], guids) == 11);
  const Json board = read_json(maquis / "board.json")["ObjectStates"][0];
  CHECK(board["Name"] == "Custom_Board");
  check_piece(board, guids);
  // SQUAD with a back on its map sheet and one Flanking Fire card.
  TempDir data;
  fs::copy(kRoot + "/data/squad", data.path / "squad", fs::copy_options::recursive);
  {
    const fs::path sheet = data.path / "squad" / "map-sheet.toml";
    std::string text = slurp(sheet);
    const std::string face = "face = \"squad/map-sheet\"\n";
    REQUIRE(text.find(face) != std::string::npos);
    text.replace(text.find(face), face.size(), face + "back = \"squad/map-sheet\"\n");
    std::ofstream(sheet, std::ios::binary) << text;
    const fs::path variant = data.path / "squad" / "variant-cards.toml";
    text = slurp(variant);
    REQUIRE(text.find("count = 2") != std::string::npos);
    text.replace(text.find("count = 2"), 9, "count = 1");
    std::ofstream(variant, std::ios::binary) << text;
  }
  RunResult own =
      run_gen("build squad --export tts --data '" + data.path.string() + "' --templates '" + kRoot +
              "/templates' --out '" + out.path.string() + "'");
  INFO(own.err);
  REQUIRE(own.status == 0);
  const fs::path squad = out.path / "squad" / "tts";
  const Json tile = read_json(squad / "map.json")["ObjectStates"][0];
  CHECK(tile["Name"] == "Custom_Tile");
  check_piece(tile, guids);
  CHECK(Png(path_of(tile["CustomImage"]["ImageSecondaryURL"])).x_dpi == "300");
  const Json card = read_json(squad / "variant.json")["ObjectStates"][0];
  CHECK(card["Name"] == "CardCustom");
  REQUIRE(card["CustomDeck"].size() == 1);
  CHECK(card["CardID"] == std::stoi(card["CustomDeck"].begin().key()) * 100);
  check_custom_deck(card["CustomDeck"].begin().value());
}

TEST_CASE("export tts removes the temporaries an interrupted export left in tts/", "[tts]") {
  TempDir out;
  const fs::path tts = out.path / "endless-patrol" / "tts";
  fs::create_directories(tts);
  const fs::path stale = tts / "gi-faces-1.png.tmp-Ab12Cd";
  const fs::path stale_json = tts / "gi.json.tmp-xY34zW";
  const fs::path other = tts / "notes.txt.tmp-Qq11Rr";  // not ours: kept
  for (const fs::path& p : {stale, stale_json, other}) std::ofstream(p) << "x";
  RunResult r =
      run_gen("build endless-patrol --export tts " + kRoots + " --out '" + out.path.string() + "'");
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK_FALSE(fs::exists(stale));
  CHECK_FALSE(fs::exists(stale_json));
  CHECK(fs::exists(other));
  CHECK(contains(r.out, "removed " + stale.string() + ", left by an interrupted build"));
}
