// End to end: bocage-gen run as a user runs it, its PDFs opened with poppler.
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

#include "../text_helpers.h"
#include "core/game_loader.h"
#include "pdf_probe.h"

using namespace bocage;
using namespace bocage::test;
namespace fs = std::filesystem;

namespace {

std::string all_text(const PdfProbe& p) {
  std::string s;
  for (const auto& t : p.page_texts) s += t;
  return s;
}

}  // namespace

TEST_CASE("building Endless Patrol writes printable A4 PDFs with every card") {
  TempDir out;
  RunResult r = run_gen("build endless-patrol " + kRoots + " --out '" + out.path.string() + "'");
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK(contains(r.out, "gi.pdf (30 cards, 8 pages)"));

  Diagnostics diags;
  Game game = load_game(kRoot + "/data", "endless-patrol", diags);
  REQUIRE_FALSE(diags.has_errors());
  const std::map<std::string, int> expected_pages = {
      {"gi", 8}, {"patrol", 10}, {"tracker", 1}, {"marker", 1}, {"aid", 1}};
  for (const auto& deck : game.decks) {
    fs::path pdf = out.path / "endless-patrol" / (deck.id + ".pdf");
    INFO(pdf);
    PdfProbe p = probe_pdf(pdf);
    REQUIRE(p.opened);
    CHECK(p.pages == expected_pages.at(deck.id));
    for (const auto& [w, h] : p.page_sizes_pt) {
      CHECK(w == Approx(595).margin(1));
      CHECK(h == Approx(842).margin(1));
    }
    if (deck.size == SizeMm{63, 88}) {
      // Each card's names are in its own trim box (3 x 3 from (10.5, 16.5) mm,
      // every face page followed by its back page): the Japanese name in the
      // header, the English name under it.
      for (size_t k = 0; k < deck.cards.size(); ++k) {
        INFO(deck.cards[k].id);
        int page = static_cast<int>(k / 9) * 2, slot = static_cast<int>(k % 9);
        double x = 10.5 + 63 * (slot % 3), y = 16.5 + 88 * (slot / 3);
        CHECK(text_in(pdf, page, x + 4, y + 7, 42, 16) == strip_spaces(deck.cards[k].name.ja));
        CHECK(text_in(pdf, page, x + 4, y + 25, 55, 6) == strip_spaces(deck.cards[k].name.en));
      }
    } else {
      const std::string text = all_text(p);
      for (const auto& card : deck.cards) {
        CHECK(contains(text, strip_spaces(card.name.ja)));
        CHECK(contains(text, strip_spaces(card.name.en)));
      }
    }
    for (const auto& page : p.page_texts) CHECK(contains(page, "実際のサイズ(100%)で印刷"));
    REQUIRE_FALSE(p.fonts.empty());
    for (const auto& f : p.fonts) {
      INFO(f.name);
      CHECK(f.embedded);
      CHECK(f.subset);
    }
    CHECK(p.creator == "Bocage");
    CHECK(contains(p.title, deck.name.ja));
    CHECK(contains(p.title, "Endless Patrol"));
  }
  // Spot checks against the rules' card list.
  PdfProbe gi = probe_pdf(out.path / "endless-patrol" / "gi.pdf");
  CHECK(contains(gi.page_texts[0], "携帯火炎放射器M1"));
  CHECK(contains(gi.page_texts[0], "PortableFlamethrowerM1"));
  CHECK(contains(gi.page_texts[0], "表face1/4"));
  CHECK(contains(gi.page_texts[1], "裏back1/4"));
  CHECK(contains(gi.page_texts[1], "GIデッキ"));
  PdfProbe patrol = probe_pdf(out.path / "endless-patrol" / "patrol.pdf");
  CHECK(contains(all_text(patrol), "撃破できず"));
  // The squad tracker: each box 15 to 1 once, and 0 once, in the defeat box
  // (no white box with its 0 hidden under it).
  std::map<std::string, int> numbers;
  for (const PdfWord& w : words_on(out.path / "endless-patrol" / "tracker.pdf", 0))
    if (w.h_mm > 4.5) ++numbers[w.text];  // the boxes' 15 pt numerals, not the notes'
  CHECK(numbers.size() == 16);
  for (int n = 0; n <= 15; ++n) {
    INFO(n);
    CHECK(numbers[std::to_string(n)] == 1);
  }
}

TEST_CASE("two builds are byte-identical, and SOURCE_DATE_EPOCH sets the date") {
  TempDir a, b;
  REQUIRE(run_gen("build endless-patrol " + kRoots + " --out '" + a.path.string() + "'").status ==
          0);
  REQUIRE(run_gen("build endless-patrol " + kRoots + " --out '" + b.path.string() + "'").status ==
          0);
  for (const char* name : {"gi.pdf", "patrol.pdf", "tracker.pdf", "marker.pdf", "aid.pdf"}) {
    INFO(name);
    std::string first = slurp(a.path / "endless-patrol" / name);
    REQUIRE_FALSE(first.empty());
    CHECK(first == slurp(b.path / "endless-patrol" / name));
  }
  CHECK(probe_pdf(a.path / "endless-patrol" / "gi.pdf").creation_time == 946684800);  // 2000-01-01
  setenv("SOURCE_DATE_EPOCH", "1700000000", 1);
  TempDir d;
  RunResult r = run_gen("build endless-patrol " + kRoots + " --out '" + d.path.string() + "'");
  unsetenv("SOURCE_DATE_EPOCH");
  REQUIRE(r.status == 0);
  CHECK(probe_pdf(d.path / "endless-patrol" / "gi.pdf").creation_time == 1700000000);
}

TEST_CASE("Letter paper gives Letter pages") {
  TempDir out;
  REQUIRE(run_gen("build endless-patrol --paper letter " + kRoots + " --out '" + out.path.string() +
                  "'")
              .status == 0);
  PdfProbe p = probe_pdf(out.path / "endless-patrol" / "gi.pdf");
  // 8 cards a page, laid across: upright a third row would leave no room for
  // crop marks within the printer's margin (6 a page; see
  // print_fidelity_test.cpp). 30 cards: 4 sheets, faces and backs.
  REQUIRE(p.pages == 8);
  const double small = std::min(p.page_sizes_pt[0].first, p.page_sizes_pt[0].second);
  const double large = std::max(p.page_sizes_pt[0].first, p.page_sizes_pt[0].second);
  CHECK(small == Approx(612).margin(1));
  CHECK(large == Approx(792).margin(1));
}

TEST_CASE("duplex none puts the backs on their own pages after the faces") {
  TempDir out;
  REQUIRE(
      run_gen("build endless-patrol --duplex none " + kRoots + " --out '" + out.path.string() + "'")
          .status == 0);
  PdfProbe p = probe_pdf(out.path / "endless-patrol" / "gi.pdf");
  REQUIRE(p.pages == 8);
  for (int i = 0; i < 4; ++i)
    CHECK(contains(p.page_texts[i], "表face" + std::to_string(i + 1) + "/4"));
  for (int i = 4; i < 8; ++i)
    CHECK(contains(p.page_texts[i], "裏back" + std::to_string(i - 3) + "/4"));
}

TEST_CASE("preview renders one card as a PNG of the right pixel size") {
  TempDir out;
  fs::path png = out.path / "card.png";
  RunResult r = run_gen("preview endless-patrol gi-m1-garand-rifles --dpi 300 -o '" + png.string() +
                        "' " + kRoots);
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK(png_size(png) == std::pair<int, int>{744, 1039});  // 63 x 88 mm at 300 dpi
  RunResult back = run_gen("preview endless-patrol gi-m1-garand-rifles --back --dpi 100 -o '" +
                           (out.path / "back.png").string() + "' " + kRoots);
  REQUIRE(back.status == 0);
  CHECK(png_size(out.path / "back.png") == std::pair<int, int>{248, 346});
  RunResult missing = run_gen("preview endless-patrol no-such-card " + kRoots);
  CHECK(missing.status == 2);
  CHECK(contains(missing.err, "no card 'no-such-card'"));
}

TEST_CASE("preview takes the name printed on a card, and suggests one for a typo") {
  // A player types what the sheet shows: 地雷原, Ｍｉｎｅｆｉｅｌｄ (full
  // width), LEADERSHIP; the PNG is named by the card's id.
  TempDir out;
  const std::string to = " --out '" + out.path.string() + "' ";
  RunResult ja = run_gen_as_given("preview squad 地雷原 --lang ja" + to + kRoots);
  INFO(ja.err);
  REQUIRE(ja.status == 0);
  CHECK(contains(ja.out, "squad/minefield.png を書きました"));
  CHECK(fs::exists(out.path / "squad" / "minefield.png"));
  RunResult wide = run_gen("preview squad ＭＩＮＥＦＩＥＬＤ" + to + kRoots);
  CHECK(wide.status == 0);
  RunResult upper = run_gen("preview squad LEADERSHIP" + to + kRoots);
  CHECK(upper.status == 0);
  CHECK(fs::exists(out.path / "squad" / "leadership.png"));
  // A name several cards bear: named by their ids, nothing written.
  RunResult both = run_gen("preview squad 'Flanking Fire'" + to + kRoots);
  CHECK(both.status == 2);
  CHECK(contains(both.err,
                 "'Flanking Fire' is the name of several cards in game 'squad': "
                 "flanking-fire, flanking-fire-variant; name one by its id"));
  CHECK_FALSE(fs::exists(out.path / "squad" / "flanking-fire.png"));
  // A typo: the nearest id or name.
  RunResult typo = run_gen("preview squad leadrship" + to + kRoots);
  CHECK(typo.status == 2);
  CHECK(contains(typo.err, "no card 'leadrship' in game 'squad'"));
  CHECK(contains(typo.err, "hint: did you mean 'leadership'?"));
  RunResult kanji = run_gen_as_given("preview squad 地雷 --lang ja" + to + kRoots);
  CHECK(kanji.status == 2);
  CHECK(contains(kanji.err, "地雷原"));
}

TEST_CASE("bad data exits 1 with positioned errors and writes nothing") {
  TempDir out;
  std::string fixtures = BOCAGE_FIXTURES;
  RunResult r = run_gen("build many-errors --data '" + fixtures + "/bad' --templates '" + fixtures +
                        "/templates' --out '" + out.path.string() + "'");
  CHECK(r.status == 1);
  CHECK(contains(r.err,
                 "bad/many-errors/deck.toml:16:8: error: 'ammo' in card 'a' must be a number"));
  CHECK(contains(r.err, "deck.toml:21:9: error: count of [[card]] #2 is -1"));
  CHECK(fs::is_empty(out.path));
}

TEST_CASE("a build that cannot write leaves no partial file and keeps the old one") {
  TempDir out;
  REQUIRE(run_gen("build endless-patrol " + kRoots + " --out '" + out.path.string() + "'").status ==
          0);
  fs::path folder = out.path / "endless-patrol";
  std::string before = slurp(folder / "gi.pdf");
  // A read-only folder: the temporary file cannot be created.
  fs::permissions(folder, fs::perms::owner_read | fs::perms::owner_exec);
  RunResult r = run_gen("build endless-patrol --paper letter " + kRoots + " --out '" +
                        out.path.string() + "'");
  fs::permissions(folder, fs::perms::owner_all);
  if (geteuid() != 0) {  // root ignores folder permissions
    CHECK(r.status == 3);
    CHECK(contains(r.err, "error: cannot write"));
    CHECK(slurp(folder / "gi.pdf") == before);
  }
  // An output path that is a file cannot become a folder.
  fs::path file = out.path / "not-a-folder";
  std::ofstream(file) << "x";
  RunResult blocked = run_gen("build endless-patrol " + kRoots + " --out '" + file.string() + "'");
  CHECK(blocked.status == 3);
  CHECK(contains(blocked.err, "error: cannot"));
  for (const auto& entry : fs::recursive_directory_iterator(out.path))
    CHECK_FALSE(contains(entry.path().filename().string(), ".tmp-"));
}

TEST_CASE("validate runs the real layout and summarises") {
  RunResult ok = run_gen("validate --all " + kRoots);
  INFO(ok.err);
  CHECK(ok.status == 0);
  CHECK(contains(ok.out, "checked 5 games, 30 components, 259 cards: 0 warnings, 0 errors"));
  std::string fixtures = BOCAGE_FIXTURES;
  RunResult bad = run_gen("validate overflow missing-glyph --data '" + fixtures +
                          "/bad' --templates '" + fixtures + "/templates'");
  CHECK(bad.status == 1);
  // The overflowing fixture is also set solid: a layout/lines-touch warning.
  CHECK(contains(bad.out, "checked 2 games, 2 components, 2 cards: 1 warnings, 3 errors"));
  CHECK(contains(bad.err, "[layout/text-overflow]"));
  CHECK(contains(bad.err, "U+20BB7"));
}

TEST_CASE("list and validate count a game's components as its game.toml lists them") {
  // Decks, hex maps and boards alike: Maquis' board.toml is one (issue 49).
  for (const std::string game :
       {"endless-patrol", "maquis", "omaha-beach", "squad", "stuart-vs-zombies"}) {
    const std::string toml = slurp(fs::path(kRoot) / "data" / game / "game.toml");
    const size_t at = toml.find("components = [");
    REQUIRE(at != std::string::npos);
    const std::string list_of = toml.substr(at, toml.find(']', at) - at);
    const long files = std::count(list_of.begin(), list_of.end(), '"') / 2;
    const std::string data = " --data '" + kRoot + "/data'";
    RunResult list = run_gen("list " + game + data);
    long lines = 0;
    std::istringstream in(list.out);
    for (std::string line; std::getline(in, line);)
      lines += line.rfind("  ", 0) == 0 && line.size() > 2 && line[2] != ' ' &&
               line.rfind("  from: ", 0) != 0;
    RunResult validate = run_gen("validate " + game + " " + kRoots);
    INFO(game << "\n" << list.out << validate.out);
    CHECK(lines == files);
    CHECK(contains(validate.out, ", " + std::to_string(files) + " components, "));
  }
  const std::string data = " --data '" + kRoot + "/data'";
  RunResult maquis = run_gen("list maquis" + data);
  CHECK(contains(maquis.out,
                 "town          占領下の町 / The occupied town: board (19 locations, 3 "
                 "tracks)"));
  RunResult squad = run_gen("list squad" + data);
  CHECK(contains(squad.out, ": hex map ("));
}

TEST_CASE("list, help, version and usage errors") {
  RunResult list = run_gen("list " + std::string("--data '") + kRoot + "/data'");
  CHECK(list.status == 0);
  CHECK(contains(list.out, "endless-patrol"));
  CHECK(contains(list.out, "gi            GIデッキ / GI deck: 30 cards"));
  CHECK(contains(list.out, "patrol        パトロールデッキ / Patrol deck: 43 cards"));
  for (const char* cmd : {"--help", "build --help", "validate --help", "preview --help",
                          "list --help", "specimen --help"}) {
    INFO(cmd);
    RunResult h = run_gen(cmd);
    CHECK(h.status == 0);
    CHECK(contains(h.out, "Usage"));
  }
  RunResult v = run_gen("--version");
  CHECK(v.status == 0);
  CHECK(contains(v.out, "bocage-gen "));
  CHECK(run_gen("build").status == 2);
  RunResult unknown = run_gen("build endles-patrol " + kRoots);
  CHECK(unknown.status == 2);  // an unknown game is a usage error (docs/command-line.md)
  CHECK(contains(unknown.err, "no game 'endles-patrol'"));
  CHECK(contains(unknown.err, "did you mean 'endless-patrol'?"));
  RunResult no_back = run_gen("preview endless-patrol squad-tracker --back " + kRoots);
  CHECK(no_back.status == 2);
  CHECK(contains(no_back.err, "deck 'tracker' has no back"));
  CHECK(run_gen("preview endless-patrol gi-medic --dpi 5 " + kRoots).status == 2);
  CHECK(run_gen("list no-such-game " + std::string("--data '") + kRoot + "/data'").status == 2);
  CHECK(run_gen("build endless-patrol --paper a2").status == 2);
  CHECK(run_gen("frobnicate").status == 2);
}

TEST_CASE(
    "the typesetting specimen is a two-page A4 PDF with extractable text and embedded fonts") {
  TempDir out;
  fs::path pdf = out.path / "specimen.pdf";
  RunResult r = run_gen("specimen -o '" + pdf.string() + "' --templates '" + kRoot + "/templates'");
  INFO(r.err);
  REQUIRE(r.status == 0);
  PdfProbe p = probe_pdf(pdf);
  REQUIRE(p.pages == 2);
  CHECK(p.page_sizes_pt[0].first == Approx(595).margin(1));
  CHECK(p.page_sizes_pt[1].first == Approx(595).margin(1));
  const std::string text = p.page_texts[0];
  // The line breaker's page.
  CHECK(contains(p.page_texts[1], "行分割"));
  CHECK(contains(p.page_texts[1], "Shrinkbeforestretch"));  // (whitespace removed)
  for (const char* s : {"組版見本", "擲弾", "てきだん", "ちょうしゅう", "縦書き", "トンプソン",
                        "攻撃力HP10の敵", "対戦車"}) {
    INFO(s);
    CHECK(contains(text, s));
  }
  for (const auto& f : p.fonts) {
    INFO(f.name);
    CHECK(f.embedded);
  }
  // Deterministic like every PDF.
  std::string first = slurp(pdf);
  REQUIRE(
      run_gen("specimen -o '" + pdf.string() + "' --templates '" + kRoot + "/templates'").status ==
      0);
  CHECK(slurp(pdf) == first);
}

TEST_CASE(
    "Stuart vs Zombies counters: fronts, the hidden back and the M5's damaged side behind it") {
  TempDir out;
  // (with shared cut lines, for round positions: by default the counters,
  // whose backs differ, stand 1 mm apart: print_fidelity_test.cpp)
  RunResult r =
      run_gen("build stuart-vs-zombies --gap 0 " + kRoots + " --out '" + out.path.string() + "'");
  INFO(r.err);
  REQUIRE(r.status == 0);
  fs::path pdf = out.path / "stuart-vs-zombies" / "counters.pdf";
  PdfProbe p = probe_pdf(pdf);
  REQUIRE(p.pages == 2);  // one sheet of fronts, one of backs
  // 9 x 14 counters with a 10 mm margin: slot 0 (the M5) at (19.275, 15.15) mm; its back,
  // flipped on the long edge, at x = 210 - 19.275 - 19.05 = 171.675 mm.
  CHECK(contains(text_in(pdf, 0, 19.275, 15.15, 19.05, 19.05), "M5"));
  CHECK(contains(text_in(pdf, 1, 171.675, 15.15, 19.05, 19.05), "損傷"));
  CHECK(contains(text_in(pdf, 1, 152.625, 15.15, 19.05, 19.05), "ボカージュ"));
  for (const char* s : {"ゾンビ", "M8砲塔", "カッター", "歩兵", "血の跡"})
    CHECK(contains(p.page_texts[0], s));
  PdfProbe markers = probe_pdf(out.path / "stuart-vs-zombies" / "markers.pdf");
  CHECK(markers.pages == 1);  // single-sided
  // Fold and glue puts backs on the same page; a back offset moves them.
  TempDir fold;
  REQUIRE(run_gen("build stuart-vs-zombies --duplex fold --back-offset 1,0 " + kRoots + " --out '" +
                  fold.path.string() + "'")
              .status == 0);
  fs::path folded = fold.path / "stuart-vs-zombies" / "counters.pdf";
  CHECK(probe_pdf(folded).pages == 1);  // 4 a row on the left half, 15 rows: one page holds 60
  CHECK(run_gen("build stuart-vs-zombies --back-offset '1;2' " + kRoots).status == 2);
}

TEST_CASE(
    "the Stuart vs Zombies map sheet: A4 landscape with hexes 1-8, Carentan, the turn track and "
    "the tables") {
  TempDir out;
  RunResult r = run_gen("build stuart-vs-zombies " + kRoots + " --out '" + out.path.string() + "'");
  INFO(r.err);
  REQUIRE(r.status == 0);
  fs::path pdf = out.path / "stuart-vs-zombies" / "map.pdf";
  PdfProbe p = probe_pdf(pdf);
  REQUIRE(p.pages == 1);
  CHECK(p.page_sizes_pt[0].first == Approx(842).margin(1));
  CHECK(p.page_sizes_pt[0].second == Approx(595).margin(1));
  const std::string text = p.page_texts[0];
  for (const char* s :
       {"★", "イベント表", "ターン記録", "ルール要約", "0304", "畑Field", "町（カランタン）"}) {
    INFO(s);
    CHECK(contains(text, s));
  }
  // The numbered hexes and the turn boxes, by position: the sheet (277 x 190 mm) is
  // centred on the page, the map box at (3, 14) mm in it, the track at (188, 11).
  const double x0 = (297 - 277) / 2.0, y0 = (210 - 190) / 2.0;
  std::string map_text = text_in(pdf, 0, x0 + 3, y0 + 14, 180, 172);
  for (int n = 1; n <= 8; ++n) CHECK(contains(map_text, std::to_string(n)));
  // Four 20 mm boxes a row (a box holds a 19.05 mm counter); boxes 9 and 10 share the last
  // row with the English event table.
  CHECK(text_in(pdf, 0, x0 + 188, y0 + 11, 85, 42) == "12345678");
  CHECK(text_in(pdf, 0, x0 + 188, y0 + 53.5, 41.5, 20) == "910");
  for (const auto& f : p.fonts) CHECK(f.embedded);
  // Deterministic like every PDF: a second build gives the same bytes.
  TempDir again;
  REQUIRE(run_gen("build stuart-vs-zombies " + kRoots + " --out '" + again.path.string() + "'")
              .status == 0);
  for (const char* name : {"map.pdf", "counters.pdf", "markers.pdf"}) {
    INFO(name);
    CHECK(slurp(out.path / "stuart-vs-zombies" / name) ==
          slurp(again.path / "stuart-vs-zombies" / name));
  }
}

TEST_CASE("the SQUAD map variant: pointy-top hexes with the T cards' terrain and the range rule") {
  TempDir out;
  RunResult r = run_gen("build squad " + kRoots + " --out '" + out.path.string() + "'");
  INFO(r.err);
  REQUIRE(r.status == 0);
  // 22 mm hexes that hold the 3/4 in counters (validate checks the fit): the
  // sheet is 330 x 194 mm, tiled over two A4 pages and written whole for A3.
  PdfProbe tiled = probe_pdf(out.path / "squad" / "map.pdf");
  CHECK(tiled.pages == 2);
  PdfProbe p = probe_pdf(out.path / "squad" / "map-full.pdf");
  REQUIRE(p.pages == 1);
  const std::string text = p.page_texts[0];
  for (const char* s : {"トーチカ（遮蔽-3）", "ボカージュ（遮蔽-2）", "深い森", "開けた地形",
                        "PB（近接）＝1ヘクス", "0101", "1109", "米A", "独C"}) {
    INFO(s);
    CHECK(contains(text, s));
  }
}

TEST_CASE("SQUAD's flanking variant cards have the main deck's back: shuffled in, they hide") {
  TempDir out;
  RunResult r = run_gen("build squad " + kRoots + " --out '" + out.path.string() + "'");
  INFO(r.err);
  REQUIRE(r.status == 0);
  // Page 2 of each holds the backs; the page header names the sheet, the
  // backs say the deck they belong to: デッキ on both, never オプション.
  PdfProbe variant = probe_pdf(out.path / "squad" / "variant.pdf");
  PdfProbe deck = probe_pdf(out.path / "squad" / "deck.pdf");
  REQUIRE(variant.pages == 2);
  REQUIRE(deck.pages >= 2);
  auto count = [](const std::string& text, const std::string& word) {
    int n = 0;
    for (size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) ++n;
    return n;
  };
  CHECK(count(variant.page_texts[1], "デッキ") == 2);      // two cards, two backs
  CHECK(count(variant.page_texts[1], "オプション") == 1);  // the page header only
  CHECK(count(deck.page_texts[1], "デッキ") >= 9);
}

TEST_CASE("a sheet larger than the paper is tiled, and also written whole") {
  TempDir out;
  std::string fixtures = BOCAGE_FIXTURES;
  RunResult r = run_gen("build poster --data '" + fixtures + "/tiled' --templates '" + fixtures +
                        "/templates' --out '" + out.path.string() + "'");
  INFO(r.err);
  REQUIRE(r.status == 0);
  fs::path tiled = out.path / "poster" / "poster.pdf";
  PdfProbe p = probe_pdf(tiled);
  REQUIRE(p.pages == 4);  // 400 x 280 mm on A4 landscape: 2 x 2
  for (const auto& [w, h] : p.page_sizes_pt) {
    CHECK(w == Approx(842).margin(1));
    CHECK(h == Approx(595).margin(1));
  }
  CHECK(contains(p.page_texts[0], "A1(1/4)"));
  CHECK(contains(p.page_texts[3], "B2(4/4)"));
  CHECK(contains(p.page_texts[0], "左上大きな地図"));  // the top-left corner on page A1
  CHECK(contains(p.page_texts[3], "右下Alargemap"));   // the bottom-right on B2
  CHECK_FALSE(contains(p.page_texts[0], "右下"));
  PdfProbe full = probe_pdf(out.path / "poster" / "poster-full.pdf");
  REQUIRE(full.pages == 1);
  CHECK(full.page_sizes_pt[0].first == Approx(mm_to_pt(430)).margin(1));
  CHECK(contains(full.page_texts[0], "左上大きな地図"));
  CHECK(contains(full.page_texts[0], "右下Alargemap"));
}

TEST_CASE("a point-to-point board: locations, roads and tracks from data") {
  TempDir out;
  std::string fixtures = BOCAGE_FIXTURES;
  RunResult r = run_gen("build town --data '" + fixtures + "/board' --templates '" + fixtures +
                        "/templates' --out '" + out.path.string() + "'");
  INFO(r.err);
  REQUIRE(r.status == 0);
  PdfProbe p = probe_pdf(out.path / "town" / "sheet.pdf");
  REQUIRE(p.pages == 1);
  for (const char* s :
       {"隠れ家", "SafeHouse", "工作員を置く。", "無線A", "士気Morale", "Fail", "日Day", "15"}) {
    INFO(s);
    CHECK(contains(p.page_texts[0], s));
  }
}

TEST_CASE("build --all builds the games side by side: the same bytes and words as one by one") {
  TempDir all;
  RunResult r = run_gen("build --all " + kRoots + " --out '" + all.path.string() + "'");
  INFO(r.err);
  REQUIRE(r.status == 0);
  std::string said_out, said_err;
  for (const char* game :
       {"endless-patrol", "maquis", "omaha-beach", "squad", "stuart-vs-zombies"}) {
    TempDir one;
    RunResult alone =
        run_gen(std::string("build ") + game + " " + kRoots + " --out '" + one.path.string() + "'");
    REQUIRE(alone.status == 0);
    // What each game says, in the order of the games, with its own folder.
    auto in_all = [&](std::string text) {
      for (size_t at; (at = text.find(one.path.string())) != std::string::npos;)
        text.replace(at, one.path.string().size(), all.path.string());
      return text;
    };
    said_out += in_all(alone.out);
    said_err += in_all(alone.err);
    for (const auto& f : fs::directory_iterator(one.path / game)) {
      INFO(f.path().filename().string());
      CHECK(slurp(f.path()) == slurp(all.path / game / f.path().filename()));
    }
  }
  CHECK(r.out == said_out);
  CHECK(r.err == said_err);
}

namespace {

/// Writes a game of `cards` cards with two decks under `root` (data/ and
/// templates/): "first", of 3 cards, and "many", whose card many-c<i> says
/// its number on its face; card `too_long` of "many" has a rule that cannot fit.
void write_numbered_game(const fs::path& root, size_t cards, size_t too_long) {
  auto put = [&](const std::string& name, const std::string& text) {
    fs::create_directories((root / name).parent_path());
    std::ofstream(root / name) << text;
  };
  put("data/g/game.toml",
      "[game]\nid = \"g\"\nname = \"Game\"\ncomponents = [\"first.toml\", \"many.toml\"]\n");
  auto deck = [&](const std::string& id, size_t n) {
    std::string s = "[deck]\nid = \"" + id +
                    "\"\nname = \"Deck\"\nsize = \"poker\"\nface = \"t/face\"\n"
                    "back = \"t/back\"\n[deck.fields]\nrule = \"text\"\n";
    for (size_t i = 0; i < n; ++i)
      s += "[[card]]\nid = \"" + id + "-c" + std::to_string(i) + "\"\nname = \"C" +
           std::to_string(i) + "\"\nrule = \"" +
           (id == "many" && i == too_long ? std::string(70, 'W')
                                          : "No. " + std::to_string(i) + " advances.") +
           "\"\n";
    return s;
  };
  put("data/g/first.toml", deck("first", 3));
  put("data/g/many.toml", deck("many", cards));
  const std::string text =
      "[template]\n[[element]]\nkind = \"text\"\nbox = [5, 5, 50, 30]\nsize = 9\nmin_size = 6\n";
  put("templates/t/face.toml", text + "text = \"{rule}\"\n");
  put("templates/t/back.toml", text + "text = \"{deck.name}\"\n");
}

}  // namespace

TEST_CASE("a deck larger than the faces held in memory builds whole with each card on its page") {
  TempDir dir, out;
  const size_t n = 700;  // more than kFaceWindow (512)
  write_numbered_game(dir.path, n, n);
  RunResult r = run_gen("build g --data '" + (dir.path / "data").string() + "' --templates '" +
                        (dir.path / "templates").string() + "' --out '" + out.path.string() + "'");
  INFO(r.err);
  REQUIRE(r.status == 0);
  const fs::path pdf = out.path / "g" / "many.pdf";
  CHECK(contains(r.out, "many.pdf (700 cards, 156 pages)"));  // 78 sheets of 9, faces and backs
  PdfProbe p = probe_pdf(pdf);
  REQUIRE(p.opened);
  CHECK(p.pages == 156);
  // The first, a middle one and the last, each in its own place.
  for (size_t i : {size_t{0}, size_t{400}, n - 1}) {
    INFO("card c" << i);
    const size_t page = i / 9 * 2;  // each face page followed by its backs
    CHECK(contains(p.page_texts.at(page), "No." + std::to_string(i) + "advances."));
    CHECK_FALSE(contains(p.page_texts.at(page + 1), "advances"));
  }
}

TEST_CASE(
    "an error on the last card of a large deck writes nothing: not even the decks before it") {
  TempDir dir, out;
  const size_t n = 700;
  write_numbered_game(dir.path, n, n - 1);
  RunResult r = run_gen("build g --data '" + (dir.path / "data").string() + "' --templates '" +
                        (dir.path / "templates").string() + "' --out '" + out.path.string() + "'");
  CHECK(r.status == 1);
  // Said once, with its place in the file.
  const std::string said = "deck 'many' card 'many-c699': field rule does not fit";
  INFO(r.err);
  CHECK(contains(r.err, said));
  // That one error, said once.
  size_t errors = 0;
  for (size_t at = 0; (at = r.err.find(": error: ", at)) != std::string::npos; ++at) ++errors;
  CHECK(errors == 1);
  CHECK(contains(r.err, "many.toml:" + std::to_string(12 + 4 * (n - 1)) + ":8: error"));
  CHECK_FALSE(contains(r.out, "wrote"));
  // No PDF, not "first.pdf" drawn before the error was found, and no temporary.
  for (const auto& entry : fs::recursive_directory_iterator(out.path))
    CHECK_FALSE(entry.is_regular_file());
}

TEST_CASE("validate checks what the companion reads of a game too") {
  TempDir dir;
  fs::copy(kRoot + "/data", dir.path / "data", fs::copy_options::recursive);
  const fs::path file = dir.path / "data/endless-patrol/companion.toml";
  std::string text = slurp(file);
  // A phase the companion needs renamed, in its own words at its place...
  text.replace(text.find("id = \"supply\""), 13, "id = \"suply\"");
  std::ofstream(file) << text;
  const std::string roots =
      "--data '" + (dir.path / "data").string() + "' --templates '" + kRoot + "/templates'";
  RunResult r = run_gen("validate endless-patrol " + roots);
  INFO(r.err);
  CHECK(r.status == 1);
  CHECK(contains(r.err, "companion.toml"));
  CHECK(contains(r.err, "supply"));
  // ...and a companion.toml that is no TOML.
  std::ofstream(file, std::ios::app) << "\n[[phase]\n";
  RunResult broken = run_gen("validate endless-patrol " + roots);
  CHECK(broken.status == 1);
  CHECK(contains(broken.err, "companion.toml:"));
  CHECK(contains(broken.err, "[data/toml-syntax]"));
  // Said once, though both programs read the game's data.
  const std::string say = "[data/toml-syntax]";
  CHECK(broken.err.find(say) == broken.err.rfind(say));
}

TEST_CASE("validate checks games side by side: a shared template's problem said once, in order") {
  // Two games of the user's whose decks both use one common face with a
  // bad colour: the games are checked on both cores, each with its own
  // templates, and the error is said once, the summary counting both games.
  TempDir dir;
  REQUIRE(run_gen("new alpha", dir.path).status == 0);
  REQUIRE(run_gen("new beta", dir.path).status == 0);
  fs::create_directories(dir.path / "templates/shared");
  std::ofstream(dir.path / "templates/shared/face.toml")
      << "[template]\nbackground = \"#zzzzzz\"\n[[element]]\nkind = \"rect\"\n"
         "box = [0, 0, 10, 10]\n";
  for (const char* game : {"alpha", "beta"}) {
    const fs::path deck = dir.path / "data" / game / "deck.toml";
    std::string text = slurp(deck);
    const size_t at = text.find("face = \"");
    REQUIRE(at != std::string::npos);
    text.replace(at, text.find('\n', at) - at, "face = \"shared/face\"");
    std::ofstream(deck) << text;
  }
  RunResult r = run_gen("validate alpha beta", dir.path);
  INFO(r.err);
  CHECK(r.status == 1);
  CHECK(contains(r.out, "checked 2 games,"));
  const std::string say = "templates/shared/face.toml:2:";
  REQUIRE(contains(r.err, say));
  CHECK(r.err.find(say) == r.err.rfind(say));
  // The same words, in the same order, from run to run and in any locale.
  RunResult again = run_gen("validate alpha beta", dir.path, "LANG=ja_JP.UTF-8");
  CHECK(again.err == r.err);
  CHECK(again.out == r.out);
}

TEST_CASE("a data file that is a FIFO or /dev/zero is refused at once and never hangs") {
  for (const std::string which : {"game.toml", "cards.csv", "art/rifle.png"}) {
    for (const bool fifo : {true, false}) {
      TempDir dir;
      REQUIRE(run_gen("new g", dir.path).status == 0);
      const fs::path game = dir.path / "data/g";
      if (which == "art/rifle.png")
        std::ofstream(dir.path / "templates/g/face.toml", std::ios::app)
            << "\n[[element]]\nkind = \"image\"\nbox = [44, 70, 15, 15]\nimage = \"art/{id}.png\"\n"
               "when = \"id == 'rifle'\"\n";
      fs::create_directories(game / "art");
      fs::remove(game / which);
      if (fifo)
        REQUIRE(mkfifo((game / which).c_str(), 0644) == 0);
      else
        fs::create_symlink("/dev/zero", game / which);
      INFO(which << (fifo ? " as a FIFO" : " linked to /dev/zero"));
      // (timeout: a reader that blocks on the FIFO fails the test instead of hanging it)
      RunResult r = run_command("cd '" + dir.path.string() + "' && timeout 60 '" + BOCAGE_GEN +
                                "' --lang en validate g");
      CHECK(r.status == 1);
      // (a link out of the game's folder is refused as such, before it is read)
      CHECK((contains(r.err, "is not a regular file") ||
             (!fifo && which != "game.toml" && contains(r.err, "leaves the game's folder"))));
      CHECK_FALSE(contains(r.err, "bad_alloc"));
    }
  }
}

TEST_CASE("a NUL in a text and an empty template name are errors at their place") {
  TempDir dir;
  REQUIRE(run_gen("new g", dir.path).status == 0);
  const fs::path deck = dir.path / "data/g/deck.toml";
  std::string text = slurp(deck);
  std::ofstream(deck) << text << "\n[[card]]\nid = \"nul\"\nname = \"a\\u0000b\"\nkind = \"I\"\n";
  RunResult r = run_gen("validate g", dir.path);
  INFO(r.err);
  CHECK(r.status == 1);
  CHECK(contains(r.err, "deck.toml:"));
  CHECK(contains(r.err, "a NUL character (U+0000) in a text"));
  // A deck whose face names no template: said, not left out without a word.
  text.replace(text.find("face = \"g/face\""), 15, "face = \"\"");
  std::ofstream(deck) << text;
  RunResult empty = run_gen("validate g", dir.path);
  INFO(empty.err);
  CHECK(empty.status == 1);
  CHECK(contains(empty.err, "deck.toml:"));
  CHECK(contains(empty.err, "error: face is empty [data/bad-value]"));
  // A raw NUL in a spreadsheet's cell, at its cell.
  TempDir csv;
  REQUIRE(run_gen("new g", csv.path).status == 0);
  std::ofstream(csv.path / "data/g/cards.csv", std::ios::app)
      << std::string("jeep,ジープ,Je\0ep,1,S,1,#6b4f2a,,\r\n", 33);
  RunResult cell = run_gen("validate g", csv.path);
  INFO(cell.err);
  CHECK(cell.status == 1);
  CHECK(contains(cell.err, "cards.csv:10:"));
  CHECK(contains(cell.err, "a NUL character (U+0000) in a text"));
}

TEST_CASE("fold and glue lays poker cards across A4, 4 a page, folded across the sheet") {
  TempDir out;
  RunResult r = run_gen("build endless-patrol --duplex fold " + kRoots + " --out '" +
                        out.path.string() + "'");
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK(contains(r.err, "gi.pdf: laid out across the paper, 4 a page: fold along the line"));
  CHECK(contains(r.out, "gi.pdf (30 cards, 8 pages)"));  // 3 a page upright took 10
  const fs::path pdf = out.path / "endless-patrol" / "gi.pdf";
  PdfProbe p = probe_pdf(pdf);
  REQUIRE(p.pages == 8);
  CHECK(p.page_sizes_pt[0].first == Approx(842).margin(1));
  CHECK(p.page_sizes_pt[0].second == Approx(595).margin(1));
  // The faces on the left half, their backs on the right, the fold between.
  const std::string left = text_in(pdf, 0, 0, 0, 148.5, 210);
  const std::string right = text_in(pdf, 0, 148.5, 0, 148.5, 210);
  for (const char* face : {"M3", "Thompson", "Browning"}) {
    INFO(face);
    CHECK(contains(left, face));
    CHECK_FALSE(contains(right, face));
  }
  CHECK(contains(right, "EndlessPatrol"));  // text_in drops spaces
  CHECK_FALSE(contains(left, "EndlessPatrol"));
}
