// Icons are read and drawn once by validation: oversize, broken, text and
// links out of templates/icons are errors, never an icon silently left off.
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>

#include "../scratch_dir.h"
#include "core/limits.h"
#include "generator/layout/template.h"
#include "generator/render/svg_check.h"

using namespace bocage;
using bocage::test::ScratchDir;

namespace {

const std::string kSquare =
    "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\">"
    "<rect x=\"1\" y=\"1\" width=\"8\" height=\"8\"/></svg>\n";

}  // namespace

TEST_CASE("a plain SVG icon passes") {
  ScratchDir dir({{"icons/ok.svg", kSquare}});
  CHECK_FALSE(check_icon_file(dir.root / "icons/ok.svg"));
}

TEST_CASE("an icon larger than the limit is refused before librsvg reads it") {
  std::string big = "<svg xmlns=\"http://www.w3.org/2000/svg\">";
  while (big.size() <= kMaxIconBytes) big += "<rect x=\"1\" y=\"1\" width=\"8\" height=\"8\"/>";
  big += "</svg>";
  ScratchDir dir({{"icons/big.svg", big}});
  auto p = check_icon_file(dir.root / "icons/big.svg");
  REQUIRE(p);
  CHECK(p->code == "bad-icon");
  CHECK_THAT(p->message.en, Catch::Contains("(at most 1048576)"));
}

TEST_CASE("empty, truncated and garbage icons are broken, and text with a prefix is text") {
  ScratchDir dir({{"empty.svg", ""},
                  {"cut.svg", kSquare.substr(0, 60)},
                  {"junk.svg", "GIF89a not an svg"},
                  {"ns.svg",
                   "<svg:svg xmlns:svg=\"http://www.w3.org/2000/svg\"><svg:text>A</svg:text>"
                   "</svg:svg>"}});
  for (const char* name : {"empty.svg", "cut.svg", "junk.svg"}) {
    INFO(name);
    auto p = check_icon_file(dir.root / name);
    REQUIRE(p);
    CHECK(p->code == "bad-icon");
  }
  auto p = check_icon_file(dir.root / "ns.svg");
  REQUIRE(p);
  CHECK(p->code == "svg-text");
  CHECK(svg_has_text(dir.root / "ns.svg"));
}

TEST_CASE("an icon that is a symlink out of templates/icons is refused") {
  ScratchDir dir({{"secret.svg", kSquare}, {"templates/icons/ok.svg", kSquare}});
  REQUIRE(symlink((dir.root / "secret.svg").c_str(),
                  (dir.root / "templates/icons/leak.svg").c_str()) == 0);
  Diagnostics diags;
  TemplateLibrary lib(dir.root / "templates", diags);
  CHECK_FALSE(lib.check_icon("ok"));
  CHECK(lib.icon_path("leak").empty());
  auto p = lib.check_icon("leak");
  REQUIRE(p);
  CHECK(p->code == "bad-icon");
  CHECK_THAT(p->message.en, Catch::Contains("leads outside the icons folder"));
  // A name with a path in it never reaches the file system.
  auto q = lib.check_icon("../secret");
  REQUIRE(q);
  CHECK_THAT(q->message.en, Catch::Contains("is not a valid id"));
}

TEST_CASE(
    "text is found in what librsvg draws: through an entity or UTF-16 or gzip, never in a "
    "comment") {
  const std::string head = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\">";
  const std::string rect = "<rect x=\"1\" y=\"1\" width=\"8\" height=\"8\"/>";
  const std::string text = "<text x=\"10\" y=\"50\" font-size=\"30\">AB</text>";
  // UTF-16 with its byte order mark, as some editors save.
  std::string utf16 = "\xFF\xFE";
  for (char c : "<?xml version=\"1.0\" encoding=\"UTF-16\"?>" + head + text + "</svg>")
    utf16 += std::string{c, '\0'};
  ScratchDir dir({{"entity.svg", "<?xml version=\"1.0\"?><!DOCTYPE svg [<!ENTITY t '" + text +
                                     "'>]>" + head + rect + "&t;</svg>"},
                  {"utf16.svg", utf16},
                  {"comment.svg", head + rect + "<!-- " + text + " --></svg>"},
                  {"cdata.svg", head + rect + "<desc><![CDATA[" + text + "]]></desc></svg>"}});
  // gzip-compressed (.svgz saved as .svg), made by gzip itself.
  std::ofstream(dir.root / "plain.svg") << head + text + "</svg>";
  REQUIRE(std::system(("gzip -c '" + (dir.root / "plain.svg").string() + "' > '" +
                       (dir.root / "gzip.svg").string() + "'")
                          .c_str()) == 0);
  for (const char* name : {"entity.svg", "utf16.svg", "gzip.svg"}) {
    INFO(name);
    auto p = check_icon_file(dir.root / name);
    REQUIRE(p);
    CHECK(p->code == "svg-text");
  }
  for (const char* name : {"comment.svg", "cdata.svg"}) {
    INFO(name);
    CHECK_FALSE(check_icon_file(dir.root / name));
  }
}

TEST_CASE("an icon that draws nothing or is not a plain file is refused with its reason") {
  const std::string head = "<svg xmlns=\"http://www.w3.org/2000/svg\" ";
  ScratchDir dir({{"image.svg", head + "xmlns:xlink=\"http://www.w3.org/1999/xlink\" viewBox=\"0 0 "
                                       "10 10\"><image xlink:href=\"art.png\" width=\"10\" "
                                       "height=\"10\"/></svg>"},
                  {"empty-group.svg", head + "viewBox=\"0 0 10 10\"><g/></svg>"},
                  {"art.png", "not drawn anyway"}});
  for (const char* name : {"image.svg", "empty-group.svg"}) {
    INFO(name);
    auto p = check_icon_file(dir.root / name);
    REQUIRE(p);
    CHECK(p->code == "bad-icon");
    CHECK_THAT(p->message.en, Catch::Contains("draws nothing with librsvg"));
  }
  REQUIRE(mkfifo((dir.root / "fifo.svg").c_str(), 0600) == 0);
  REQUIRE(symlink("/dev/zero", (dir.root / "zero-device.svg").c_str()) == 0);
  for (const char* name : {"fifo.svg", "zero-device.svg"}) {
    INFO(name);
    auto p = check_icon_file(dir.root / name);  // returns at once: never opened
    REQUIRE(p);
    CHECK(p->code == "bad-icon");
    CHECK_THAT(p->message.en, Catch::Contains("is not a regular file"));
  }
}
