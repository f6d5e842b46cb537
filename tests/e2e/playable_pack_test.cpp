// A print pack is a game: what a player needs at the table without the
// rulebook is printed on the pieces. Read back from the built PDFs.
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "pdf_probe.h"

using namespace bocage::test;
namespace fs = std::filesystem;

namespace {

const std::string kRoot = BOCAGE_TEST_SOURCE_ROOT;
const std::string kRoots = "--data '" + kRoot + "/data' --templates '" + kRoot + "/templates'";

/// How many times `part` is printed over all pages of `probe`.
int printed(const PdfProbe& probe, const std::string& part) {
  int n = 0;
  for (const auto& text : probe.page_texts)
    for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("Endless Patrol's cards carry the FAQ rulings and how a plain card is fought") {
  // One card a page (--imposition one-up), so each page's text is one card's.
  TempDir out;
  RunResult r = run_gen("build endless-patrol --imposition one-up " + kRoots + " --out '" +
                        out.path.string() + "'");
  REQUIRE(r.status == 0);
  const fs::path dir = out.path / "endless-patrol";

  // FAQ 3: the four GI cards with both ammo and AT (1, 15, 19, 20) are used for one of them.
  PdfProbe gi = probe_pdf(dir / "gi-oneup.pdf");
  CHECK(printed(gi, "弾薬か対戦車、どちらか一方として使う。") == 4);
  CHECK(printed(gi, "Useitforitsammoorforits") == 4);

  PdfProbe patrol = probe_pdf(dir / "patrol-oneup.pdf");
  // More FAQ 2: Minefield and Shelling are neither defeated nor avoided.
  CHECK(printed(patrol, "撃破できず、損耗も避けられない") == 2);
  CHECK(printed(patrol, "Cannotbedefeatedoravoided") == 2);
  // More FAQ 3: an AT patrol card with an ammo number also falls to enough ammo (10 cards).
  CHECK(printed(patrol, "弾薬の合計でも撃破できる。") == 10);
  // The 12 cards with nothing but an ammo number say how they are fought, with their number.
  CHECK(printed(patrol, "撃破するまで毎ターン損耗1。") == 12);
  CHECK(printed(patrol, "Untilthenitcosts1attritioneveryturn.") == 12);
  CHECK(printed(patrol, "装甲擲弾兵") == 1);
  CHECK(printed(patrol, "弾薬の合計が5以上になるようGIカードを出せば撃破") == 4);  // 4, 9, 11, 12

  // The tracker has its marker, and the aid's setup puts it on 15.
  PdfProbe marker = probe_pdf(dir / "marker-oneup.pdf");
  CHECK(marker.pages == 3);
  CHECK(printed(marker, "分隊") == 3);
  CHECK(printed(probe_pdf(dir / "aid-oneup.pdf"), "分隊マーカーをトラッカーの15に置く。") == 1);
}
