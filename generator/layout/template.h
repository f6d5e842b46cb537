// Face templates: layout only, in mm from the top-left of the trim box. A
// template is a list of elements (text, rect, circle, line, icon, image,
// symbols) and may extend another template, whose elements are drawn first.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "color.h"
#include "condition.h"
#include "core/diagnostic.h"
#include "core/units.h"
#include "generator/render/picture.h"
#include "generator/render/svg_check.h"
#include "generator/text/text_block.h"

namespace bocage {

enum class ElementKind { text, rect, circle, line, icon, image, symbols, hexmap, legend, board };

/// Draw an element several times, e.g. the boxes of a track: copy i is moved
/// by (i % columns) * dx and (i / columns) * dy, and `{index}` is start + i * step.
struct Repeat {
  int count = 1;
  int columns = 1;
  double dx_mm = 0;
  double dy_mm = 0;
  int start = 0;
  int step = 1;
};

struct Element {
  ElementKind kind = ElementKind::rect;
  SourcePos pos;
  std::string template_name;

  RectMm box;
  PointMm center;
  double radius_mm = 0;  // circle radius, or corner radius of a rect
  PointMm from, to;
  Color fill;
  Color stroke;
  double stroke_width_mm = 0.3;
  std::vector<double> dash_mm;
  bool bleed = false;  // edges lying on the trim edge extend into the bleed

  std::string when;       // drawn only when this field is set (the field of `when_test`)
  std::string unless;     // drawn only when this field is not set (the field of `unless_test`)
  Condition when_test;    // `when` as written: the field alone, or compared with a value
  Condition unless_test;  // `unless` as written

  // A colour taken from a card field ("{colour}"): replaces fill, stroke or
  // the text colour for each card (generator/layout/card_art.h).
  std::string fill_ref;
  std::string stroke_ref;
  std::string color_ref;

  // text
  std::string text;
  std::string font_role = "gothic";
  bool bold = false;
  double size_pt = 9;
  double min_size_pt = 9;
  int max_lines = 0;
  TextAlign align = TextAlign::left;
  TextVAlign valign = TextVAlign::top;
  Color color{0, 0, 0, 1, true};
  double line_spacing = 0;
  bool title = false;
  // size_policy = "deck" (a title's default): one size for the whole deck,
  // the largest at which every card's text fits; "card": each card its own.
  bool deck_size = false;
  // size_group = "name": every text of the template in this group is set at
  // one size over the whole deck (implies size_policy "deck"): the smallest
  // of their deck sizes, so that an aid's sections read at one body size.
  std::string size_group;
  bool vertical = false;  // writing = "vertical"
  int rotate_deg = 0;     // text: the box and its text turned 0, 90, 180 or 270 degrees clockwise
  bool ellipsis = false;  // cut text that does not fit with … instead of an error
  int tate_chu_yoko_digits =
      2;  // vertical: numbers of up to this many digits stand upright in one cell

  // icon, image, symbols
  std::string icon;   // icon name (may use {fields}): templates/icons/<name>.svg
  std::string image;  // path relative to the templates folder; with {fields}: to the game's folder
  std::string field;  // symbols: the card field holding the symbol list
  double gap_mm = 1;
  bool captions = false;      // symbols: print each symbol's id in its badge
  std::string map;            // hexmap, legend: the id of a map of the game; board: of a board
  double label_size_pt = 0;   // hexmap: hex labels' size (0: from the hex size); legend: text size
  double action_size_pt = 0;  // board: the locations' action texts (0: 0.85 x label_size_pt)

  // rect: the id of the deck whose pieces this box holds (a track box);
  // validate checks that the box is at least as large as a piece.
  std::string holds;

  Repeat repeat;
};

/// The smallest text sizes `validate` accepts without a warning
/// (docs/templates.md#legibility explains the defaults).
struct LegibleSizes {
  double japanese_pt = 7;
  double latin_pt = 6;
  SourcePos pos;  // where the template sets them (else the template's first line)
};

struct Template {
  std::string name;
  std::string file;
  Color background;  // fills the trim box and its bleed
  LegibleSizes legible;
  std::vector<Element> elements;
};

/// Loads templates by name ("endless-patrol/gi-face" -> <root>/endless-patrol/gi-face.toml)
/// on first use, resolving `extends`; each template's errors are reported once.
class TemplateLibrary {
 public:
  TemplateLibrary(std::filesystem::path root, Diagnostics& diags);

  /// The template, or nullptr when it is missing or broken (diagnostics given).
  const Template* get(const std::string& name, const SourcePos& referenced_from);

  const std::filesystem::path& root() const { return root_; }
  /// <game>/icons/<name>.svg when the game has it (use_game_icons), else
  /// <root>/icons/<name>.svg, resolved; empty when `name` is not an id or
  /// the file (through a symlink) lies outside its icons folder.
  std::filesystem::path icon_path(const std::string& name) const;
  /// Looks icons up in `game_dir`/icons before <root>/icons from now on
  /// (an empty path: only <root>/icons).
  void use_game_icons(const std::filesystem::path& game_dir);
  /// What is wrong with the icon `name`: a bad name, a file outside the icons
  /// folder, a missing, oversize or broken file, SVG text. Checked once per name.
  std::optional<IconProblem> check_icon(const std::string& name) const;
  /// The picture at `path` read whole (picture.h), once per path.
  const PictureCheck& check_picture(const std::filesystem::path& path) const;
  /// Whether `path`'s low resolution was already said (a picture shared by
  /// many cards is said once); marks it said.
  bool low_resolution_said(const std::filesystem::path& path) const {
    return !low_resolution_said_.insert(path.string()).second;
  }
  /// In `watch`: a card whose picture is missing or broken is previewed with a
  /// placeholder, its problem a warning, so that the other cards still
  /// refresh (build and validate refuse it).
  bool pictures_may_be_missing = false;

 private:
  std::shared_ptr<Template> load(const std::string& name, const SourcePos& referenced_from,
                                 std::vector<std::string>& chain);

  std::filesystem::path root_;
  std::filesystem::path game_icons_;  // <game>/icons, or empty
  Diagnostics& diags_;
  std::map<std::string, std::shared_ptr<Template>> cache_;  // nullptr: failed
  mutable std::map<std::string, std::optional<IconProblem>> icon_checks_;
  mutable std::map<std::string, PictureCheck> picture_checks_;
  mutable std::set<std::string> low_resolution_said_;
  // icon_path's answers: a sheet asks for the same few icons thousands of times, and each
  // answer costs a canonicalisation and a stat (a library lives for one render, so a file
  // added later is seen by the next one, as the checks above are).
  mutable std::map<std::string, std::filesystem::path, std::less<>> icon_paths_;
};

}  // namespace bocage
