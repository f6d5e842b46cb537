// What the end-to-end tests read back from a real PDF with poppler-cpp, and a
// way to run bocage-gen as a user would.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "../run_command.h"

namespace bocage::test {

/// The source tree, and the `--data` and `--templates` of the shipped games.
inline const std::string kRoot = BOCAGE_TEST_SOURCE_ROOT;
inline const std::string kRoots =
    "--data '" + kRoot + "/data' --templates '" + kRoot + "/templates'";

struct PdfFont {
  std::string name;
  bool embedded = false;
  bool subset = false;
};

struct PdfProbe {
  bool opened = false;
  int pages = 0;
  std::vector<std::pair<double, double>> page_sizes_pt;
  std::vector<std::string> page_texts;  // UTF-8, whitespace removed
  std::vector<PdfFont> fonts;
  std::string title, subject, creator;
  long long creation_time = -1;  // seconds since 1970
};

PdfProbe probe_pdf(const std::filesystem::path& path);

/// The text inside a rectangle of a page, given in mm from the page's
/// top-left, whitespace removed.
std::string text_in(const std::filesystem::path& pdf, int page, double x_mm, double y_mm,
                    double w_mm, double h_mm);

/// A word poppler reads on a page: its text, its box in mm from the page's
/// top-left, and its direction in quarter turns clockwise (0 left to right,
/// 1 top to bottom, 2 upside down, 3 bottom to top).
struct PdfWord {
  std::string text;
  double x_mm = 0, y_mm = 0, w_mm = 0, h_mm = 0;
  int quarter_turns = 0;
};

/// Every word of a page, in poppler's reading order.
std::vector<PdfWord> words_on(const std::filesystem::path& pdf, int page);

/// The words of every page of `pdf` that poppler reads at a font size below
/// `pt` (as "page N, 5.5 pt: word"), for the legibility floor.
std::vector<std::string> words_below(const std::filesystem::path& pdf, double pt);

/// Removes every whitespace character (ASCII, U+2005 and U+3000), so strings broken
/// over lines compare equal.
std::string strip_spaces(const std::string& s);

using RunResult = CommandResult;

/// Runs bocage-gen --lang en with `args` (a shell-quoted string) in `cwd`,
/// with the shell assignments `env` ("NAME='value' ...") before it: the tests
/// assert its English messages.
RunResult run_gen(const std::string& args, const std::filesystem::path& cwd = {},
                  const std::string& env = {});
/// Runs bocage-gen with exactly `args` (no --lang unless given), LC_ALL unset
/// and LC_MESSAGES=C unless `env` says otherwise ("LC_MESSAGES=ja_JP.UTF-8").
RunResult run_gen_as_given(const std::string& args, const std::string& env = {});

/// Every PDF under `folder`, its subfolders too, sorted.
std::vector<std::filesystem::path> pdfs_under(const std::filesystem::path& folder);

/// A fresh, empty temporary folder, removed when the object dies.
struct TempDir {
  std::filesystem::path path;
  TempDir();
  ~TempDir();
};

/// Width and height of a PNG file, from its header.
std::pair<int, int> png_size(const std::filesystem::path& path);

}  // namespace bocage::test
