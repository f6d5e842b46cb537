// PDF/X-1a:2001 for a print shop (build --pdfx, docs/print-shops.md): a
// finished PDF converted by Ghostscript's pdfwrite to CMYK (PDF 1.3, no
// transparency, every font embedded) with the PDF/X keys and an output intent
// that embeds the CMYK profile the colours were converted for. The output is
// deterministic: the document's dates are the build's date (pdf_date()) and
// its /ID a hash of the file, so that the same input and the same Ghostscript
// give the same bytes.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace bocage {

struct PdfXOptions {
  /// The CMYK ICC profile to convert to and embed as the output intent; empty:
  /// Ghostscript's own (Artifex's SWOP profile, "CGATS TR 001").
  std::filesystem::path output_profile;
  /// The output condition the profile characterises (/OutputConditionIdentifier).
  std::string condition = "CGATS TR 001";
};

enum class ProfileProblem { none, unreadable, not_icc, not_printer, not_cmyk };

/// Why `profile` cannot be an output intent (read from its ICC header).
ProfileProblem check_output_profile(const std::filesystem::path& profile);

/// Where Ghostscript is (`gs` on PATH), or nothing.
std::optional<std::filesystem::path> find_ghostscript();

/// `pdf` as PDF/X-1a:2001 dated `date` (PDF date text, "D:2000...Z"); empty
/// with `error` set (in English: Ghostscript's own words where it gave some)
/// when Ghostscript is missing or fails.
std::string convert_to_pdfx(const std::string& pdf, const PdfXOptions& options,
                            const std::string& date, std::string* error);

/// Replaces the trailer's /ID of `pdf` by a hash of the rest of the file (two
/// equal 16-byte hexadecimal strings), so that it depends on nothing but the
/// file; its two strings may be hexadecimal or literal, as Ghostscript writes
/// either. False when the last trailer has no /ID array of two strings.
bool set_content_id(std::string& pdf);

}  // namespace bocage
