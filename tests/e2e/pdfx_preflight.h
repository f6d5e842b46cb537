// A PDF/X-1a:2001 preflight (ISO 15930-1), written for the tests of
// `build --pdfx` from the standard's requirements, since neither Ghostscript
// nor veraPDF checks PDF/X: every requirement a print shop's preflight
// reports is a line of the result.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace bocage::test {

/// What keeps `pdf` from being PDF/X-1a:2001, one line each; empty when it is:
/// PDF 1.3 at most, not encrypted, a document /ID; the info keys
/// (GTS_PDFXVersion, GTS_PDFXConformance, Trapped, dates, Title); an output
/// intent GTS_PDFX with its identifier and an embedded CMYK printer profile;
/// on every page a TrimBox (or ArtBox) inside the BleedBox inside the
/// MediaBox; colour only as DeviceCMYK or DeviceGray (no RGB, ICC-based, Lab
/// or calibrated space, no rg/RG operator); no transparency (soft masks,
/// transparency groups, constant alpha below 1, blend modes); every font
/// embedded; no transfer functions, OPI, PostScript XObjects, embedded files,
/// JavaScript or actions that launch.
std::vector<std::string> pdfx1a_problems(const std::filesystem::path& pdf);

}  // namespace bocage::test
