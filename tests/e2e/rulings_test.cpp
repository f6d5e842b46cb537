// Printed equals enforced: every ruling a game's companion enforces carries an
// id in data/<game>/README.md (`**OB-3**`), and the game's player aid prints
// that id with the ruling. Read back from the built aid.pdf.
#include <catch2/catch.hpp>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "pdf_probe.h"

using namespace bocage::test;
namespace fs = std::filesystem;

namespace {

/// The ruling ids of data/<game>/README.md: each `**PREFIX-n**`, in the order written.
std::vector<std::string> ruling_ids(const std::string& game, const std::string& prefix) {
  std::ifstream in(fs::path(kRoot) / "data" / game / "README.md");
  std::stringstream text;
  text << in.rdbuf();
  const std::string readme = text.str();
  const std::regex id("\\*\\*(" + prefix + "-[0-9]+)\\*\\*");
  std::vector<std::string> ids;
  for (auto it = std::sregex_iterator(readme.begin(), readme.end(), id);
       it != std::sregex_iterator(); ++it)
    ids.push_back((*it)[1].str());
  return ids;
}

/// Whether `text` holds `id` whole: OB-1 is not found in OB-12.
bool holds_id(const std::string& text, const std::string& id) {
  for (size_t at = text.find(id); at != std::string::npos; at = text.find(id, at + 1)) {
    const size_t end = at + id.size();
    if (end == text.size() || !std::isdigit(static_cast<unsigned char>(text[end]))) return true;
  }
  return false;
}

/// Builds `game` and checks that its aid prints every ruling id of its README.
void check_aid_prints_rulings(const std::string& game, const std::string& prefix) {
  const std::vector<std::string> ids = ruling_ids(game, prefix);
  INFO(game);
  REQUIRE_FALSE(ids.empty());
  // An id names one ruling.
  CHECK(std::set<std::string>(ids.begin(), ids.end()).size() == ids.size());

  TempDir out;
  RunResult r = run_gen("build " + game + " " + kRoots + " --out '" + out.path.string() + "'");
  INFO(r.err);
  REQUIRE(r.status == 0);
  PdfProbe aid = probe_pdf(out.path / game / "aid.pdf");
  REQUIRE(aid.opened);
  std::string printed;
  for (const auto& page : aid.page_texts) printed += page;  // whitespace already removed
  for (const auto& id : ids) {
    INFO(id);
    CHECK(holds_id(printed, id));
  }
}

}  // namespace

TEST_CASE("a ruling id is found whole and not as the start of a longer one") {
  CHECK(holds_id("（OB-12）", "OB-12"));
  CHECK_FALSE(holds_id("（OB-12）", "OB-1"));
  CHECK(holds_id("OB-12、OB-1", "OB-1"));
  CHECK(holds_id("SQ-3", "SQ-3"));
  CHECK_FALSE(holds_id("SQ-30", "SQ-3"));
}

TEST_CASE("Endless Patrol's aid prints every ruling id of its README") {
  check_aid_prints_rulings("endless-patrol", "EP");
}

TEST_CASE("SQUAD's aid prints every ruling id of its README") {
  check_aid_prints_rulings("squad", "SQ");
}

TEST_CASE("Maquis' aid prints every ruling id of its README") {
  check_aid_prints_rulings("maquis", "MQ");
}

TEST_CASE("Omaha Beach's aid prints every ruling id of its README") {
  check_aid_prints_rulings("omaha-beach", "OB");
}

TEST_CASE("Stuart vs Zombies' aid prints every ruling id of its README") {
  check_aid_prints_rulings("stuart-vs-zombies", "SVZ");
}
