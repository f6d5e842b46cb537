// bocage-gen: the command line only. Each subcommand fills its options struct
// and hands it to run_* in generator/commands/.
#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/guarded.h"
#include "cli/help_text.h"
#include "cli/lang_choice.h"
#include "cli/man_page.h"
#include "cli/parse_args.h"
#include "commands/commands.h"
#include "commands/print_preset.h"

using namespace bocage;

namespace {

void add_roots(CLI::App* cmd, Roots& roots, bool with_templates = true) {
  cmd->add_option("--data", roots.data, "Folder of game data (default: see 'bocage-gen paths')");
  if (with_templates)
    cmd->add_option("--templates", roots.templates,
                    "Folder of templates (default: 'templates' beside the data folder)");
}

}  // namespace

int main(int argc, char** argv) {
  const Lang ui = choose_lang(argc, argv);  // of the help and the usage errors
  CLI::App app{"bocage-gen: print-and-play card sheets from TOML data and templates", "bocage-gen"};
  localize_help(app, ui);
  app.set_version_flag("--version", std::string("bocage-gen ") + BOCAGE_VERSION);
  app.require_subcommand(1);
  // Every message in Japanese or English: --lang, else the locale's (cli/lang_choice.h).
  std::string lang = ui == Lang::ja ? "ja" : "en";
  app.add_option("--lang", lang, "Language of messages: ja or en (default: the locale's)")
      ->check(CLI::IsMember({"ja", "en"}));
  app.fallthrough();  // --lang also after the subcommand

  BuildOptions build;
  auto* b = app.add_subcommand("build", "Render games to PDF: <out>/<game>/<component>.pdf");
  b->add_option("games", build.games, "Games to build (ids, see 'list')");
  b->add_flag("--all", build.all, "Build every game");
  add_roots(b, build.roots);
  b->add_option("--out", build.out, "Output folder")->capture_default_str();
  b->add_option(
      "--paper", build.paper,
      "Paper (default: the system's, from PAPERSIZE or /etc/papersize, else a4): " + paper_help());
  b->add_option("--printer-margin", build.printer_margin_mm,
                "Edge of the paper the printer cannot print, mm: nothing is printed there")
      ->check(CLI::Range(0.0, 20.0))
      ->capture_default_str();
  b->add_option(
       "--duplex", build.duplex,
       "Where backs go: behind their faces for a long- or short-edge flip, on their own pages "
       "(none), or beside the faces to fold and glue (fold)")
      ->check(CLI::IsMember({"long", "short", "none", "fold"}))
      ->capture_default_str();
  b->add_option("--bleed", build.bleed_mm, "Bleed in mm")
      ->check(CLI::Range(0.0, 10.0))
      ->capture_default_str();
  auto* gap = b->add_option("--gap", build.gap_mm,
                            "Space between cards in mm (default: a gutter only where pieces' "
                            "edges differ in colour)")
                  ->check(CLI::Range(0.0, 20.0));
  b->add_option(
      "--back-offset", build.back_offset,
      "Shift of the back pages, X,Y in mm, to correct a printer's known error (e.g. 0.5,-0.3)");
  b->add_option("--overlap", build.overlap_mm, "Overlap of the pages of a tiled map or board, mm")
      ->check(CLI::Range(3.0, 40.0))
      ->capture_default_str();
  bool no_crop = false;
  b->add_flag("--no-crop-marks", no_crop, "Leave out crop marks");
  b->add_option("--imposition", build.imposition,
                "sheets: pieces on paper with crop marks; one-up: each piece on its own page of "
                "trim plus bleed, for a print shop (<component>-oneup.pdf)")
      ->check(CLI::IsMember({"sheets", "one-up"}))
      ->capture_default_str();
  b->add_option("--oneup-order", build.oneup_order,
                "One-up: each back after its face, before it, or all faces then all backs")
      ->check(CLI::IsMember({"face-back", "back-face", "faces-then-backs"}))
      ->capture_default_str();
  b->add_flag("--pack", build.pack,
              "Write the whole game as one PDF in print order (<game>-pack.pdf)");
  b->add_option("--format", build.format,
                "One-up as PDF, or as a PNG a piece for a print-on-demand service "
                "(<component>-png/<card>.png and cards.csv)")
      ->check(CLI::IsMember({"pdf", "png"}))
      ->capture_default_str();
  b->add_option("--dpi", build.dpi, "Resolution of the PNGs of --format png")
      ->check(CLI::Range(72, 1200))
      ->capture_default_str();
  b->add_flag("--pdfx", build.pdfx,
              "One-up PDFs as PDF/X-1a:2001 in CMYK with an output intent, through Ghostscript");
  b->add_option("--output-profile", build.output_profile,
                "--pdfx: the CMYK ICC profile to convert to (default: Ghostscript's SWOP)");
  b->add_option("--preset", build.preset,
                "A print shop's one-up options (docs/print-shops.md): " + preset_names());
  b->add_option(
       "--export", build.export_to,
       "tts: Tabletop Simulator saved objects instead of PDFs (tts/<component>.json for the "
       "Saved Objects folder, with its pictures: decks, boards, aids)")
      ->check(CLI::IsMember({"tts"}));

  ValidateOptions validate;
  auto* v = app.add_subcommand("validate",
                               "Check data and templates with the real layout; write nothing");
  v->add_option("games", validate.games, "Games to check");
  v->add_flag("--all", validate.all, "Check every game");
  v->add_option("--imposition", validate.imposition,
                "one-up: check too what a print shop needs (text 3 mm inside the trim)")
      ->check(CLI::IsMember({"sheets", "one-up"}))
      ->capture_default_str();
  add_roots(v, validate.roots);

  PreviewOptions preview;
  auto* p = app.add_subcommand("preview", "Render one card as PNG");
  p->add_option("game", preview.game, "Game id")->required();
  p->add_option("card", preview.card, "Card id, or the name printed on the card")->required();
  p->add_flag("--back", preview.back, "Render the card's back");
  p->add_option("--dpi", preview.dpi, "Resolution")
      ->check(CLI::Range(10, 2400))
      ->capture_default_str();
  auto* p_output =
      p->add_option("-o,--output", preview.output, "PNG file (default: output/<game>/<card>.png)");
  p->add_option("--out", preview.out_dir, "Output folder: <out>/<game>/<card>.png")
      ->excludes(p_output);
  add_roots(p, preview.roots);

  ListOptions list;
  auto* l = app.add_subcommand("list", "List games, their components and card counts");
  l->add_option("game", list.game, "Only this game");
  add_roots(l, list.roots, false);

  NewOptions new_game;
  auto* nw = app.add_subcommand("new", "Write a small working game to start from");
  nw->add_option("game", new_game.game, "Id of the new game")->required();
  nw->add_option("--data", new_game.roots.data, "Folder of game data (default: ./data)");
  nw->add_option("--templates", new_game.roots.templates,
                 "Folder of templates (default: 'templates' beside the data folder)");

  WatchOptions watch;
  auto* w = app.add_subcommand(
      "watch", "Refresh every card's PNG preview whenever a data or template file is saved");
  w->add_option("game", watch.game, "Game id")->required();
  add_roots(w, watch.roots);
  w->add_option("--out", watch.out, "Output folder: <out>/<game>/<card>.png")
      ->capture_default_str();
  w->add_option("--dpi", watch.dpi, "Resolution of the previews")
      ->check(CLI::Range(10, 600))
      ->capture_default_str();

  SpecimenOptions specimen;
  auto* sp = app.add_subcommand(
      "specimen", "Print the typesetting specimen: every Japanese typesetting rule at card sizes");
  sp->add_option("-o,--output", specimen.output, "PDF file")->capture_default_str();
  sp->add_option("--templates", specimen.roots.templates, "Folder of templates (for its icons)");

  PathsOptions paths;
  auto* pa = app.add_subcommand(
      "paths", "Show the data and templates folders in use and where they are searched");
  add_roots(pa, paths.roots);

  add_help_command(app);
  translate_help(app, ui);
  name_option_values(app, ui);
  if (wants_man_page(argc, argv)) {
    std::cout << man_page(app, gen_man_content(ui, BOCAGE_VERSION), ui);
    return kExitOk;
  }
  if (auto status = parse_args(app, argc, argv, ui)) return *status;

  const Lang chosen = lang == "en" ? Lang::en : Lang::ja;
  build.lang = validate.lang = preview.lang = list.lang = specimen.lang = paths.lang = chosen;
  new_game.lang = watch.lang = chosen;
  build.crop_marks = !no_crop;
  build.gap_given = gap->count() > 0;
  for (const char* name :
       {"--paper", "--printer-margin", "--duplex", "--gap", "--back-offset", "--overlap",
        "--no-crop-marks", "--oneup-order", "--bleed", "--pack", "--imposition", "--format",
        "--dpi", "--preset", "--pdfx", "--output-profile"})
    if (b->count(name) > 0) build.given.push_back(name);
  return run_guarded(chosen, [&] {
    if (b->parsed()) return run_build(build, std::cout, std::cerr);
    if (v->parsed()) return run_validate(validate, std::cout, std::cerr);
    if (p->parsed()) return run_preview(preview, std::cout, std::cerr);
    if (l->parsed()) return run_list(list, std::cout, std::cerr);
    if (sp->parsed()) return run_specimen(specimen, std::cout, std::cerr);
    if (nw->parsed()) return run_new(new_game, std::cout, std::cerr);
    if (w->parsed()) return run_watch(watch, std::cout, std::cerr);
    if (pa->parsed()) return run_paths(paths, std::cout);
    return static_cast<int>(kExitUsage);
  });
}
