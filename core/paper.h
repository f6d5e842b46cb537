// The paper sizes Bocage prints on: one table for the command line, the
// imposition and the named sizes of data files. Besides A4 and Letter, A3 and
// JIS B4/B5 (what Japanese convenience-store printers offer), and any custom
// width x height in mm.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "diagnostic.h"
#include "units.h"

namespace bocage {

struct Paper {
  std::string name;   // as given on the command line: "a4", "b4", "300x420"
  std::string label;  // as printed in PDF metadata: "A4", "JIS B4", "300 x 420 mm"
  SizeMm size;        // portrait: width <= height for the named sizes
};

/// The named paper sizes, in the order help texts list them.
const std::vector<Paper>& paper_sizes();

/// The names of paper_sizes(), for "did you mean" and help texts.
std::vector<std::string> paper_names();

/// The named paper, or nothing for an unknown name.
std::optional<Paper> named_paper(std::string_view name);

/// The smallest and largest side of a custom paper, in mm.
constexpr double kMinPaperMm = 50;
constexpr double kMaxPaperMm = 2000;

/// The paper the system prints on, as libpaper finds it: `papersize_env`
/// ($PAPERSIZE) when set, else the first word of `papersize_file`
/// (/etc/papersize); the name as --paper takes it ("a4", "letter", or
/// "250x353" for libpaper's ISO B4, not JIS B4). Empty when neither says;
/// `unknown` is set to a name given that is no paper Bocage knows.
std::string system_paper(const char* papersize_env, const std::filesystem::path& papersize_file,
                         std::string* unknown);

/// Parses a paper name or a custom "WxH" size in mm ("300x420"). Empty with
/// `error` set (what is wrong and what is expected, in both languages) on bad input.
std::optional<Paper> parse_paper(std::string_view text, Text* error);

}  // namespace bocage
