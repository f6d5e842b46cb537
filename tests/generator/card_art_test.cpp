// Per-card art and colours, conditions on a field's value, and a game's own
// icons folder: each from a small game written for the test.
#include "generator/layout/card_art.h"

#include <cairo.h>
#include <gdk-pixbuf/gdk-pixbuf.h>

#include <catch2/catch.hpp>

#include "../default_engine.h"
#include "../diagnostic_matchers.h"
#include "../scratch_dir.h"
#include "generator/assemble/game_layout.h"
#include "generator/layout/condition.h"
#include "generator/render/face_painter.h"
#include "generator/render/icon_cache.h"
#include "generator/render/picture.h"

using namespace bocage;
using bocage::test::engine;
using bocage::test::find_code;
using bocage::test::require_diagnostic;
using bocage::test::ScratchDir;

namespace {

const std::string kGame = "[game]\nid = \"g\"\nname = \"Game\"\ncomponents = [\"deck.toml\"]\n";
const std::string kDeck =
    "[deck]\nid = \"d\"\nname = \"Deck\"\nsize = \"poker\"\nface = \"t/face\"\n"
    "[deck.fields]\nkind = \"text\"\nammo = \"number\"\ncolour = \"text\"\nart = \"text\"\n"
    "[[card]]\nid = \"m1\"\nname = \"M1\"\nkind = \"M\"\nammo = 3\ncolour = \"#ff0000\"\n"
    "[[card]]\nid = \"s2\"\nname = \"S2\"\nkind = \"S\"\nammo = 8\ncolour = \"#00f\"\n";
const std::string kIcon =
    "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><rect width=\"10\" "
    "height=\"10\"/></svg>";

/// A PNG of `w` x `h` pixels written to `path`.
void write_png_file(const std::filesystem::path& path, int w, int h) {
  std::filesystem::create_directories(path.parent_path());
  cairo_surface_t* s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
  cairo_surface_write_to_png(s, path.c_str());
  cairo_surface_destroy(s);
}

/// A JPEG of `w` x `h` pixels written to `path` (through gdk-pixbuf).
void write_jpeg_file(const std::filesystem::path& path, int w, int h) {
  std::filesystem::create_directories(path.parent_path());
  GdkPixbuf* p = gdk_pixbuf_new(GDK_COLORSPACE_RGB, FALSE, 8, w, h);
  gdk_pixbuf_fill(p, 0x4b5320ff);
  REQUIRE(gdk_pixbuf_save(p, path.c_str(), "jpeg", nullptr, "quality", "90", nullptr));
  g_object_unref(p);
}

struct Laid {
  GameLayout layout;
  Diagnostics diags;
};

/// Lays out the deck with `face` as its face template; `pngs` are written as
/// PNG files of the given sizes under the scratch folder.
Laid lay_out(const std::string& face, std::vector<std::pair<std::string, std::string>> more = {},
             const std::vector<std::tuple<std::string, int, int>>& pngs = {},
             const std::string& deck = kDeck) {
  more.push_back({"data/g/game.toml", kGame});
  more.push_back({"data/g/deck.toml", deck});
  more.push_back({"templates/t/face.toml", "[template]\n" + face});
  more.push_back({"templates/icons/ok.svg", kIcon});
  ScratchDir dir(more);
  for (const auto& [name, w, h] : pngs) write_png_file(dir.root / name, w, h);
  Laid out;
  TemplateLibrary templates(dir.root / "templates", out.diags);
  out.layout = lay_out_game(dir.root / "data", "g", templates, engine(), out.diags);
  return out;
}

size_t items_of(const Laid& l, size_t card) {
  REQUIRE(l.layout.decks.size() == 1);
  return l.layout.decks[0].face(card)->items.size();
}

}  // namespace

TEST_CASE("conditions: a field alone or compared with a quoted text or a number") {
  Text error;
  // Two comparisons joined: said as such, never "write '5 && kind'".
  for (const char* joined :
       {"power >= 5 && kind == 'A'", "kind == 'A' || kind == 'B'", "ammo and kind"}) {
    INFO(joined);
    Text why;
    CHECK_FALSE(parse_condition(joined, why));
    CHECK_THAT(why.en, Catch::Contains("a condition is one comparison, not joined with"));
  }
  Text fine;
  CHECK(parse_condition("name.en == 'Rock and roll'", fine));
  auto set = parse_condition("ammo", error);
  REQUIRE(set);
  CHECK(set->op == Condition::Op::set);
  auto eq = parse_condition(" kind == 'M' ", error);
  REQUIRE(eq);
  CHECK(eq->ref == "kind");
  CHECK(eq->op == Condition::Op::eq);
  CHECK(eq->text == "M");
  auto ge = parse_condition("ammo>=3", error);
  REQUIRE(ge);
  CHECK(ge->op == Condition::Op::ge);
  CHECK(ge->number == 3);
  auto ne = parse_condition("name.en != \"Medic\"", error);
  REQUIRE(ne);
  CHECK(ne->ref == "name.en");
  CHECK(ne->text == "Medic");
  CHECK_FALSE(parse_condition("kind = 'M'", error));
  CHECK_THAT(error.en, Catch::Contains("cannot read the condition 'kind = 'M''"));
  CHECK_FALSE(parse_condition("kind == M", error));
  CHECK_THAT(error.en, Catch::Contains("'M' is neither a number nor a quoted text (write 'M')"));
  CHECK_FALSE(parse_condition("kind < 'M'", error));
  CHECK_THAT(error.en, Catch::Contains("a text is compared only with == or !="));
  CHECK_FALSE(parse_condition("kind == 'M", error));
  CHECK_FALSE(parse_condition("== 'M'", error));
}

TEST_CASE("when and unless compare a field's value card by card") {
  auto l = lay_out(
      "[[element]]\nkind = \"rect\"\nbox = [0, 0, 5, 5]\nwhen = \"kind == 'M'\"\n"
      "[[element]]\nkind = \"rect\"\nbox = [0, 0, 5, 5]\nwhen = \"ammo > 5\"\n"
      "[[element]]\nkind = \"rect\"\nbox = [0, 0, 5, 5]\nunless = \"kind != 'S'\"\n"
      "[[element]]\nkind = \"rect\"\nbox = [0, 0, 5, 5]\nwhen = \"art == 'x'\"\n");
  INFO(l.diags.format_all());
  REQUIRE(l.diags.empty());
  CHECK(items_of(l, 0) == 1);  // m1: kind == 'M'
  CHECK(items_of(l, 1) == 2);  // s2: ammo 8 > 5, and kind is 'S'
}

TEST_CASE("a condition that cannot work is an error at the template") {
  require_diagnostic(
      lay_out("[[element]]\nkind = \"rect\"\nbox = [0, 0, 5, 5]\nwhen = \"kind = 'M'\"\n").diags,
      "template/bad-condition", "t/face.toml", 5, 8, "cannot read the condition");
  require_diagnostic(
      lay_out("[[element]]\nkind = \"rect\"\nbox = [0, 0, 5, 5]\nwhen = \"kind >= 3\"\n").diags,
      "template/bad-condition", "t/face.toml", 2, 1,
      "the field 'kind' of the condition is not a number");
  require_diagnostic(
      lay_out("[[element]]\nkind = \"rect\"\nbox = [0, 0, 5, 5]\nunless = \"ammo == 'three'\"\n")
          .diags,
      "template/bad-condition", "t/face.toml", 2, 1,
      "the field 'ammo' of the condition is a number: compare it with a number");
  require_diagnostic(
      lay_out("[[element]]\nkind = \"rect\"\nbox = [0, 0, 5, 5]\nwhen = \"kin == 'M'\"\n").diags,
      "template/unknown-field", "t/face.toml", 2, 1, "unknown field 'kin'");
}

TEST_CASE(
    "colours come from card fields and a value that is not a colour is an error at the card") {
  auto l = lay_out(
      "[[element]]\nkind = \"rect\"\nbox = [0, 0, 5, 5]\nfill = \"{colour}\"\nstroke = \"#000\"\n");
  INFO(l.diags.format_all());
  REQUIRE(l.diags.empty());
  const Element* m1 = l.layout.decks[0].face(0)->items.at(0).element;
  const Element* s2 = l.layout.decks[0].face(1)->items.at(0).element;
  CHECK(m1->fill.r == 1);
  CHECK(m1->fill.b == 0);
  CHECK(s2->fill.r == 0);
  CHECK(s2->fill.b == 1);
  CHECK(s2->stroke.set);

  std::string deck = kDeck;
  deck.replace(deck.find("\"#00f\""), 6, "\"blue\"");
  auto bad = lay_out(
      "[[element]]\nkind = \"text\"\nbox = [0, 0, 30, 9]\ntext = \"{name}\"\n"
      "size = 8\ncolor = \"{colour}\"\n",
      {}, {}, deck);
  require_diagnostic(bad.diags, "layout/bad-color", "g/deck.toml", 22, 10,
                     "'blue' (from {colour}) is not a colour");
  require_diagnostic(
      lay_out("[[element]]\nkind = \"rect\"\nbox = [0, 0, 5, 5]\nfill = \"{color}\"\n").diags,
      "template/unknown-field", "t/face.toml", 2, 1, "unknown field 'color'");
}

TEST_CASE("an image path from a card field stays inside the game folder") {
  std::string deck = kDeck;
  deck.replace(deck.find("kind = \"S\""), 10, "kind = \"S\"\nart = \"../../../etc/passwd\"");
  auto l =
      lay_out("[[element]]\nkind = \"image\"\nbox = [0, 0, 20, 20]\nimage = \"art/{id}.png\"\n", {},
              {{"data/g/art/m1.png", 800, 800}});
  INFO(l.diags.format_all());
  REQUIRE(l.diags.error_count() == 1);
  CHECK(l.layout.decks[0].face(0)->items.at(0).image_file.filename() == "m1.png");
  require_diagnostic(l.diags, "layout/missing-image", "g/deck.toml", 17, 1, "card 's2'");
  CHECK_THAT(find_code(l.diags, "layout/missing-image")->message.en,
             Catch::Contains("art/s2.png not found"));

  auto out = lay_out("[[element]]\nkind = \"image\"\nbox = [0, 0, 20, 20]\nimage = \"{art}\"\n", {},
                     {}, deck);
  CHECK(out.diags.error_count() == 1);  // m1 has no art: no picture, no error
  require_diagnostic(out.diags, "layout/path-outside-root", "g/deck.toml", 21, 7,
                     "picture path '../../../etc/passwd' leaves the game's folder");
}

TEST_CASE("a picture that prints below 300 ppi is a warning with the pixels it needs") {
  CHECK(printed_ppi({100, 200}, {0, 0, 25.4, 25.4}) == Approx(200));
  auto l =
      lay_out("[[element]]\nkind = \"image\"\nbox = [0, 0, 20, 20]\nimage = \"art/{id}.png\"\n", {},
              {{"data/g/art/m1.png", 100, 100}, {"data/g/art/s2.png", 800, 800}});
  INFO(l.diags.format_all());
  CHECK(l.diags.error_count() == 0);
  REQUIRE(l.diags.warning_count() == 1);
  const Diagnostic* w = find_code(l.diags, "layout/low-resolution");
  REQUIRE(w);
  CHECK_THAT(w->message.en,
             Catch::Contains("prints at 127 ppi (100x100 px in a box of 20 x 20 mm"));
  CHECK(w->hint.en == "300 ppi needs a picture of at least 237x237 px");
  auto fixed =
      lay_out("[[element]]\nkind = \"image\"\nbox = [0, 0, 20, 20]\nimage = \"logo.png\"\n", {},
              {{"templates/logo.png", 50, 50}});
  const Diagnostic* f = find_code(fixed.diags, "layout/low-resolution");
  REQUIRE(f);
  CHECK(f->severity == Severity::warning);
  CHECK(f->pos.line == 2);
  CHECK_THAT(f->message.en, Catch::Contains("prints at 63 ppi (50x50 px"));
}

TEST_CASE("a game's own icons folder is looked up before the templates' icons") {
  const std::string face = "[[element]]\nkind = \"icon\"\nbox = [0, 0, 5, 5]\nicon = \"mine\"\n";
  auto missing = lay_out(face);
  require_diagnostic(missing.diags, "template/missing-icon", "t/face.toml", 2, 1,
                     "icon 'mine' not found");
  auto own = lay_out(face, {{"data/g/icons/mine.svg", kIcon}});
  INFO(own.diags.format_all());
  CHECK(own.diags.empty());
  ScratchDir dir(std::vector<std::pair<std::string, std::string>>{{"templates/icons/ok.svg", kIcon},
                                                                  {"data/g/icons/ok.svg", kIcon}});
  Diagnostics diags;
  TemplateLibrary lib(dir.root / "templates", diags);
  CHECK(lib.icon_path("ok") == dir.root / "templates/icons/ok.svg");
  lib.use_game_icons(dir.root / "data/g");
  CHECK(lib.icon_path("ok") == dir.root / "data/g/icons/ok.svg");
}

TEST_CASE("a JPEG picture is read and drawn and its resolution measured") {
  auto l = lay_out(
      "[[element]]\nkind = \"image\"\nbox = [0, 0, 20, 20]\nimage = \"art/{id}.jpg\"\n", {}, {});
  // (no pictures yet: both missing)
  CHECK(l.diags.error_count() == 2);
  ScratchDir dir({{"data/g/game.toml", kGame},
                  {"data/g/deck.toml", kDeck},
                  {"templates/t/face.toml",
                   "[template]\n[[element]]\nkind = \"image\"\nbox = "
                   "[0, 0, 20, 20]\nimage = \"art/{id}.jpg\"\n"}});
  write_jpeg_file(dir.root / "data/g/art/m1.jpg", 400, 300);
  write_jpeg_file(dir.root / "data/g/art/s2.jpg", 40, 30);
  Diagnostics diags;
  TemplateLibrary templates(dir.root / "templates", diags);
  GameLayout g = lay_out_game(dir.root / "data", "g", templates, engine(), diags);
  INFO(diags.format_all());
  CHECK(diags.error_count() == 0);
  // s2's 40 x 30 px print at 51 ppi; its 4:3 shape kept in the hint.
  const Diagnostic* w = find_code(diags, "layout/low-resolution");
  REQUIRE(w);
  CHECK_THAT(w->message.en, Catch::Contains("card 's2'"));
  CHECK(w->hint.en == "300 ppi needs a picture of at least 237x178 px");
  // Drawn: the picture's green where it stands, not an empty box.
  IconCache icons;
  cairo_surface_t* s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 200, 200);
  cairo_t* cr = cairo_create(s);
  cairo_scale(cr, 10, 10);
  REQUIRE(icons.draw(cr, g.decks[0].face(0)->items.at(0).image_file, {0, 0, 20, 20}));
  cairo_destroy(cr);
  cairo_surface_flush(s);
  const auto* px = reinterpret_cast<const uint32_t*>(cairo_image_surface_get_data(s));
  const uint32_t centre = px[100 * (cairo_image_surface_get_stride(s) / 4) + 100];
  CHECK(((centre >> 16) & 0xff) == Approx(0x4b).margin(6));
  CHECK(((centre >> 8) & 0xff) == Approx(0x53).margin(6));
  cairo_surface_destroy(s);
}

TEST_CASE("a picture that cannot be read is an error at the card that shows it") {
  ScratchDir dir({{"data/g/game.toml", kGame},
                  {"data/g/deck.toml", kDeck},
                  {"data/g/art/s2.png", "not a picture at all"},
                  {"templates/t/face.toml",
                   "[template]\n[[element]]\nkind = \"image\"\nbox = "
                   "[0, 0, 20, 20]\nimage = \"art/{id}.png\"\n"}});
  // m1's PNG cut off half way, as a copy that stopped.
  write_png_file(dir.root / "data/g/art/m1.png", 300, 300);
  const auto m1 = dir.root / "data/g/art/m1.png";
  std::filesystem::resize_file(m1, std::filesystem::file_size(m1) / 2);
  Diagnostics diags;
  TemplateLibrary templates(dir.root / "templates", diags);
  lay_out_game(dir.root / "data", "g", templates, engine(), diags);
  INFO(diags.format_all());
  CHECK(diags.error_count() == 2);
  require_diagnostic(diags, "layout/bad-image", "g/deck.toml", 11, 1, "card 'm1'");
  CHECK_THAT(find_code(diags, "layout/bad-image")->message.en,
             Catch::Contains("art/m1.png cannot be read"));
  const Diagnostic* s2 = find_code(diags, "layout/bad-image", 1);
  REQUIRE(s2);
  CHECK_THAT(s2->message.en, Catch::Contains("card 's2'"));
  CHECK_THAT(s2->message.en, Catch::Contains("art/s2.png is not a picture that can be read"));
  CHECK(s2->hint.en == "open the picture in an image editor and save it again as PNG or JPEG");
}

TEST_CASE("a picture shared by many cards is said low once") {
  ScratchDir dir({{"data/g/game.toml", kGame},
                  {"data/g/deck.toml", kDeck},
                  {"templates/t/face.toml",
                   "[template]\n[[element]]\nkind = \"image\"\nbox = "
                   "[0, 0, 20, 20]\nimage = \"art/{deck.id}.png\"\n"}});
  write_png_file(dir.root / "data/g/art/d.png", 100, 50);
  Diagnostics diags;
  TemplateLibrary templates(dir.root / "templates", diags);
  lay_out_game(dir.root / "data", "g", templates, engine(), diags);
  INFO(diags.format_all());
  CHECK(diags.size() == 1);
  const Diagnostic* w = find_code(diags, "layout/low-resolution");
  REQUIRE(w);
  // 20 x 10 mm printed: its 2:1 shape kept.
  CHECK(w->hint.en == "300 ppi needs a picture of at least 237x119 px");
}

TEST_CASE("in watch a missing or broken picture is a warning and a placeholder") {
  ScratchDir dir({{"data/g/game.toml", kGame},
                  {"data/g/deck.toml", kDeck},
                  {"data/g/art/s2.png", "broken"},
                  {"templates/t/face.toml",
                   "[template]\n[[element]]\nkind = \"image\"\nbox = "
                   "[0, 0, 20, 20]\nimage = \"art/{id}.png\"\n"}});
  Diagnostics diags;
  TemplateLibrary templates(dir.root / "templates", diags);
  templates.pictures_may_be_missing = true;
  GameLayout g = lay_out_game(dir.root / "data", "g", templates, engine(), diags);
  INFO(diags.format_all());
  CHECK(diags.error_count() == 0);
  CHECK(diags.warning_count() == 2);
  CHECK(find_code(diags, "layout/missing-image"));
  CHECK(find_code(diags, "layout/bad-image"));
  CHECK(find_code(diags, "layout/missing-image")->hint.en ==
        "the preview shows a placeholder; build and validate refuse it until the picture is there");
  // Drawn as a grey box crossed corner to corner.
  IconCache icons;
  cairo_surface_t* s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 630, 880);
  cairo_t* cr = cairo_create(s);
  cairo_scale(cr, 10, 10);
  paint_face(cr, *g.decks[0].face(0), {0, 0, 63, 88}, {}, icons, templates);
  cairo_destroy(cr);
  cairo_surface_flush(s);
  const auto* px = reinterpret_cast<const uint32_t*>(cairo_image_surface_get_data(s));
  const int stride = cairo_image_surface_get_stride(s) / 4;
  CHECK((px[30 * stride + 150] & 0xff) == Approx(0.88 * 255).margin(3));  // the grey
  CHECK((px[100 * stride + 100] & 0xff) < 200);                           // the cross
  cairo_surface_destroy(s);
}

TEST_CASE("a picture's size is read from its header by Bocage before gdk-pixbuf sees it") {
  // PNG: the IHDR; a 100 000 x 100 000 header on a small file is refused undecoded.
  std::string png = "\x89PNG\r\n\x1a\n" + std::string("\0\0\0\x0dIHDR", 8) +
                    std::string("\0\x01\x86\xa0\0\x01\x86\xa0", 8);
  PictureHeader h = read_picture_header(png);
  CHECK(h.format == "PNG");
  CHECK(h.width == 100000);
  CHECK(h.height == 100000);
  // JPEG: the first start of frame after an APP0 segment.
  const std::string jpeg =
      std::string("\xFF\xD8\xFF\xE0\x00\x04\x00\x00\xFF\xC0\x00\x11\x08\x01\x2C\x02\x58", 17);
  h = read_picture_header(jpeg);
  CHECK(h.format == "JPEG");
  CHECK(h.width == 600);
  CHECK(h.height == 300);
  // Formats whose gdk-pixbuf loaders allocate before they are checked: refused by name.
  CHECK_FALSE(read_picture_header("BM\xc6\0\0\0").supported);
  CHECK_FALSE(read_picture_header("GIF89a\x01\0").supported);
  CHECK(read_picture_header("not a picture").format.empty());
  // Any beginning of a header, however short, is read without reading past it.
  for (const std::string& whole :
       {png, jpeg, std::string("RIFF\0\0\0\0WEBPVP8X", 16) + std::string(20, '\x01')})
    for (size_t n = 0; n <= whole.size(); ++n) (void)read_picture_header(whole.substr(0, n));
  ScratchDir dir(
      {{"huge.png", png + std::string(64, '\0')},
       {"old.bmp",
        std::string("BM\xc6\0\0\0\0\0\0\0\x36\0\0\0(\0\0\xff\xf7\0\0\0\x06\0\0\x0c", 26)}});
  const PictureCheck huge = check_picture(dir.root / "huge.png");
  REQUIRE(huge.problem);
  CHECK(huge.problem->code == "image-too-large");
  CHECK_THAT(huge.problem->message.en, Catch::Contains("100000x100000 px"));
  const PictureCheck bmp = check_picture(dir.root / "old.bmp");
  REQUIRE(bmp.problem);
  CHECK(bmp.problem->code == "bad-image");
  CHECK_THAT(bmp.problem->message.en, Catch::Contains("is a BMP; pictures on cards are PNG, JPEG"));
}
