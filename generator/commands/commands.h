// The subcommands of bocage-gen. main.cpp fills these option structs from the
// command line; each run_* prints to `out`/`err` and returns the exit status.
#pragma once

#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include "core/data_folders.h"
#include "core/lang.h"

namespace bocage {

/// Exit statuses, documented in the README.
enum ExitStatus : int {
  kExitOk = 0,
  kExitDataErrors = 1,  // validation errors in data or templates
  kExitUsage = 2,       // bad command line
  kExitOutput = 3,      // a file could not be written
};

struct Roots {
  std::filesystem::path data;       // empty: the default
  std::filesystem::path templates;  // empty: the default
  /// Where each game comes from (resolve_roots fills it): a game of the
  /// user's own data folder does not hide the shipped ones.
  std::vector<GamePlace> games = {};

  /// The roots of game `id`: its own place's data and templates, else these.
  Roots of(const std::string& id) const;
  /// Every game's id: those found in every place, else those of `data`.
  std::vector<std::string> game_ids() const;
};

/// Fills empty roots in the search order of core/data_folders.h (docs/install.md).
Roots resolve_roots(const Roots& given);

struct PathsOptions {
  Lang lang = Lang::ja;
  Roots roots;
};
/// `bocage-gen paths`: the data and templates folders in use and every place searched.
int run_paths(const PathsOptions& o, std::ostream& out);

/// Whether the game `id` has a folder under the data root; if not, says so on
/// `err` with the games there and the nearest one (an unknown game is a usage
/// error, exit 2, in both programs).
bool game_exists(const std::string& id, const Roots& roots, Lang lang, std::ostream& err);

/// The games to act on: `names`, or every game under the data root with `all`.
/// Returns false (with a message on `err`) when neither is given.
bool select_games(const std::vector<std::string>& names, bool all, const Roots& roots,
                  std::vector<std::string>& games, Lang lang, std::ostream& err);

struct BuildOptions {
  Lang lang = Lang::ja;  // of every message: bocage-gen --lang
  std::vector<std::string> games;
  bool all = false;
  Roots roots;
  std::filesystem::path out = "output";
  std::string paper = "a4";  // a name of core/paper.h or WxH in mm
  double printer_margin_mm = 4;
  std::string duplex = "long";
  double bleed_mm = 3;
  double gap_mm = 0;
  bool gap_given = false;  // else pieces whose edges differ in colour get a gutter
  bool crop_marks = true;
  std::string back_offset;  // "X,Y" in mm
  double overlap_mm = 10;
  std::string imposition = "sheets";      // sheets | one-up
  std::string oneup_order = "face-back";  // face-back | back-face | faces-then-backs
  bool pack = false;                      // the whole game in one PDF
  std::string format = "pdf";             // one-up: pdf | png (a PNG a piece)
  int dpi = 300;                          // --format png
  std::string export_to;                  // "tts": Tabletop Simulator's deck sheets
  std::string preset;                     // a print shop's options (print_preset.h)
  bool pdfx = false;                      // one-up PDFs as PDF/X-1a in CMYK
  std::filesystem::path output_profile;   // --pdfx: the CMYK profile (else Ghostscript's)
  std::vector<std::string> given;         // the options given on the command line ("--paper")
};
int run_build(const BuildOptions& o, std::ostream& out, std::ostream& err);
/// Whether `option` ("--paper") was given on the command line (BuildOptions::given).
bool given(const BuildOptions& o, const std::string& option);
/// "a4, letter, a3, b4, b5, or WxH in mm", for --paper's help.
std::string paper_help();

struct ValidateOptions {
  Lang lang = Lang::ja;  // of every message: bocage-gen --lang
  std::vector<std::string> games;
  bool all = false;
  std::string imposition = "sheets";  // one-up: the print shops' safe zone is checked too
  Roots roots;
};
int run_validate(const ValidateOptions& o, std::ostream& out, std::ostream& err);

struct PreviewOptions {
  Lang lang = Lang::ja;  // of every message: bocage-gen --lang
  std::string game;
  std::string card;
  bool back = false;
  int dpi = 150;
  std::filesystem::path output;   // empty: <out_dir>/<game>/<card>[-back].png
  std::filesystem::path out_dir;  // empty: output
  Roots roots;
};
int run_preview(const PreviewOptions& o, std::ostream& out, std::ostream& err);

struct ListOptions {
  Lang lang = Lang::ja;  // of every message: bocage-gen --lang
  std::string game;      // empty: every game
  Roots roots;
};
int run_list(const ListOptions& o, std::ostream& out, std::ostream& err);

struct NewOptions {
  Lang lang = Lang::ja;  // of every message: bocage-gen --lang
  std::string game;      // the new game's id
  Roots roots;           // empty: ./data and ./templates
};
/// Writes a small working game to start from: <data>/GAME (a deck of 12
/// cards in a spreadsheet) and <templates>/GAME (its face and back). Refuses
/// a bad id or a folder that exists; writes both folders or neither.
int run_new(const NewOptions& o, std::ostream& out, std::ostream& err);

struct WatchOptions {
  Lang lang = Lang::ja;  // of every message: bocage-gen --lang
  std::string game;
  Roots roots;
  std::filesystem::path out = "output";  // previews: <out>/<game>/<card>.png
  int dpi = 100;
  int quiet_ms = 300;  // a save is done when no file changed for this long
  int max_rounds = 0;  // stop after this many rebuilds (0: until Ctrl-C)
};
/// Writes a preview of every card, then refreshes the ones that change each
/// time a file of the game or the templates is saved, until SIGINT or SIGTERM.
int run_watch(const WatchOptions& o, std::ostream& out, std::ostream& err);

struct SpecimenOptions {
  Lang lang = Lang::ja;  // of every message: bocage-gen --lang
  std::filesystem::path output = "output/specimen.pdf";
  Roots roots;
};
int run_specimen(const SpecimenOptions& o, std::ostream& out, std::ostream& err);

}  // namespace bocage
