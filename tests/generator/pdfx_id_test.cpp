// The document /ID of a PDF/X file (generator/pdf/pdfx.h: set_content_id):
// Ghostscript writes it from the clock, as a hexadecimal or a literal
// string; it is replaced by a hash of the file, whatever its form.
#include <catch2/catch.hpp>

#include "generator/pdf/pdfx.h"

using namespace bocage;

namespace {

std::string pdf_with(const std::string& id_array) {
  return "%PDF-1.3\n1 0 obj\n<< /Type /Catalog >>\nendobj\nxref\n0 2\n"
         "0000000000 65535 f \n0000000009 00000 n \ntrailer\n<< /Size 2 /Root 1 0 R\n/ID " +
         id_array + "\n>>\nstartxref\n45\n%%EOF\n";
}

}  // namespace

TEST_CASE("the /ID is a hash of the file, whatever Ghostscript's clock wrote") {
  std::string hex =
      pdf_with("[<74B2F190761F662D17C8015F35489413><74B2F190761F662D17C8015F35489413>]");
  std::string literal = pdf_with("[(\\355hy2 B\\(VM\\)\\3642ba)(\\355hy2 B\\(VM\\)\\3642ba)]");
  std::string spaced = pdf_with("[ <00112233445566778899AABBCCDDEEFF> <0011> ]");
  for (std::string* pdf : {&hex, &literal, &spaced}) REQUIRE(set_content_id(*pdf));
  // Each the same file but for its /ID: the same bytes after.
  CHECK(hex == literal);
  CHECK(hex == spaced);
  const size_t at = hex.find("/ID [<");
  REQUIRE(at != std::string::npos);
  CHECK(hex.substr(at + 5, 34) == hex.substr(at + 39, 34));  // two equal strings
  CHECK(hex.find("startxref\n45\n%%EOF") != std::string::npos);
  // A different file, a different /ID.
  std::string other = pdf_with("[<00><00>]");
  other.replace(other.find("Catalog"), 7, "Catalos");
  REQUIRE(set_content_id(other));
  CHECK(other.substr(other.find("/ID"), 40) != hex.substr(at, 40));
}

TEST_CASE("a file without a trailer /ID of two strings is refused") {
  for (const std::string bad : {pdf_with("[<00>]"), pdf_with("<00>"), pdf_with("[<00><01> 5]"),
                                pdf_with("[(open <00>]"), std::string("%PDF-1.3\nno trailer\n")}) {
    INFO(bad);
    std::string copy = bad;
    CHECK_FALSE(set_content_id(copy));
  }
}
