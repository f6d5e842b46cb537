#include "template.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "bocage/msg/gen.h"
#include "core/did_you_mean.h"
#include "core/ids.h"
#include "core/limits.h"
#include "core/number_text.h"
#include "core/safe_path.h"
#include "core/toml_file.h"
#include "core/toml_reader.h"

namespace bocage {

namespace fs = std::filesystem;

namespace {

const std::vector<std::string> kKinds = {"text",   "rect",   "rounded_rect", "circle",
                                         "line",   "icon",   "image",        "symbols",
                                         "hexmap", "legend", "board"};
const std::vector<std::string> kRoles = {"gothic", "mincho", "latin"};
const std::vector<std::string> kAligns = {"left", "center", "right", "justify"};
const std::vector<std::string> kVAligns = {"top", "middle", "bottom"};

// Ranges of template numbers (docs/templates.md): positions and extents in mm,
// text sizes in pt.
constexpr double kMaxMm = 1000;
constexpr double kMinTextPt = 2, kMaxTextPt = 144;
constexpr double kMaxStrokeMm = 20;
constexpr size_t kMaxDashes = 16;

std::optional<Color> read_color(TomlReader& r, std::string_view key) {
  auto s = r.string(key);
  if (!s) return std::nullopt;
  auto c = parse_color(*s);
  if (!c)
    r.diags().error(r.pos_of(key), "template/bad-color", both(msg::gen::bad_color, "value"_a = *s));
  return c;
}

/// A colour, or a card field that holds one ("{colour}"), kept in `ref`.
std::optional<Color> read_color_or_ref(TomlReader& r, std::string_view key, std::string& ref) {
  if (const toml::node* n = r.node(key);
      n && n->is_string() && n->as_string()->get().find('{') != std::string::npos) {
    ref = n->as_string()->get();
    return std::nullopt;
  }
  return read_color(r, key);
}

/// `when` or `unless`: the field alone, or compared with a value.
void read_condition(TomlReader& r, std::string_view key, std::string& field, Condition& test) {
  auto s = r.string(key);
  if (!s) return;
  Text error;
  if (auto c = parse_condition(*s, error)) {
    test = *c;
    field = c->ref;
  } else {
    r.diags().error(r.pos_of(key), "template/bad-condition", error);
  }
}

template <typename E>
std::optional<E> read_choice(TomlReader& r, std::string_view key,
                             const std::vector<std::string>& names) {
  auto s = r.string(key);
  if (!s) return std::nullopt;
  auto it = std::find(names.begin(), names.end(), *s);
  if (it == names.end()) {
    std::string list;
    for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
    r.diags().error(r.pos_of(key), "template/bad-value",
                    both(msg::gen::bad_choice, "value"_a = *s, "key"_a = key, "choices"_a = list),
                    did_you_mean(*s, names));
    return std::nullopt;
  }
  return static_cast<E>(it - names.begin());
}

std::optional<PointMm> read_point(TomlReader& r, std::string_view key, Need need) {
  auto v = r.lengths_in(key, 2, -kMaxMm, kMaxMm, need);
  if (!v) return std::nullopt;
  return PointMm{(*v)[0], (*v)[1]};
}

bool read_box(TomlReader& r, Element& e) {
  auto v = r.lengths_in("box", 4, -kMaxMm, kMaxMm, Need::required);
  if (!v) return false;
  e.box = {(*v)[0], (*v)[1], (*v)[2], (*v)[3]};
  if (e.box.width <= 0 || e.box.height <= 0) {
    r.diags().error(r.pos_of("box"), "template/bad-box", per_lang([&](Lang l) {
                      return tr(l, msg::gen::bad_box, "where"_a = r.place().in(l));
                    }));
    return false;
  }
  return true;
}

void read_repeat(TomlReader& parent, Element& e) {
  const toml::table* t = parent.table("repeat");
  if (!t) return;
  TomlReader r(*t, parent.file(), per_lang([&](Lang l) {
    return tr(l, msg::gen::where_repeat, "where"_a = parent.place().in(l));
  }),
               parent.diags());
  auto count = r.integer("count", Need::required);
  if (count && (*count < 1 || *count > 1000)) {
    r.diags().error(r.pos_of("count"), "template/bad-value", both(msg::gen::repeat_count));
    count.reset();
  }
  e.repeat.count = static_cast<int>(count.value_or(1));
  e.repeat.columns = static_cast<int>(r.integer_in("columns", 1, 1000).value_or(e.repeat.count));
  e.repeat.dx_mm = r.length_in("dx", -kMaxMm, kMaxMm).value_or(0);
  e.repeat.dy_mm = r.length_in("dy", -kMaxMm, kMaxMm).value_or(0);
  e.repeat.start = static_cast<int>(r.integer_in("start", -100000, 100000).value_or(0));
  e.repeat.step = static_cast<int>(r.integer_in("step", -1000, 1000).value_or(1));
  r.finish();
}

/// The texts of one size group set at one size must want one size: the same
/// `size` and `min_size` (else the group's size would silently be below
/// one member's minimum, or above another's wanted size).
void check_size_groups(const Template& tmpl, Diagnostics& diags) {
  std::map<std::string, const Element*> first;
  for (const auto& e : tmpl.elements) {
    if (e.size_group.empty()) continue;
    auto [it, added] = first.emplace(e.size_group, &e);
    if (added) continue;
    const Element& f = *it->second;
    if (e.size_pt != f.size_pt || e.min_size_pt != f.min_size_pt)
      diags.error(
          e.pos, "template/size-group",
          both(msg::gen::size_group_sizes, "group"_a = e.size_group, "size"_a = format_g(e.size_pt),
               "min"_a = format_g(e.min_size_pt), "first_size"_a = format_g(f.size_pt),
               "first_min"_a = format_g(f.min_size_pt), "line"_a = f.pos.line));
  }
}

Element read_element(const toml::table& t, const std::string& file, const std::string& tname,
                     size_t index, Diagnostics& diags) {
  Element e;
  e.template_name = tname;
  const Text where = both(msg::gen::where_element, "number"_a = index + 1, "template"_a = tname);
  TomlReader r(t, file, where, diags);
  e.pos = r.pos();
  std::string kind_name = r.string("kind", Need::required).value_or("rect");
  auto kind_it = std::find(kKinds.begin(), kKinds.end(), kind_name);
  if (kind_it == kKinds.end()) {
    diags.error(r.pos_of("kind"), "template/unknown-kind",
                both(msg::gen::unknown_kind, "kind"_a = kind_name),
                did_you_mean(kind_name, kKinds));
    r.accept({"box",           "text",        "font",      "bold",         "size",     "min_size",
              "max_lines",     "align",       "valign",    "color",        "fill",     "stroke",
              "stroke_width",  "radius",      "center",    "from",         "to",       "icon",
              "image",         "field",       "gap",       "when",         "unless",   "bleed",
              "repeat",        "role",        "dash",      "line_spacing", "captions", "writing",
              "tate_chu_yoko", "ellipsis",    "map",       "board",        "holds",    "rotate",
              "action_size",   "size_policy", "size_group"});
    return e;
  }
  read_condition(r, "when", e.when, e.when_test);
  read_condition(r, "unless", e.unless, e.unless_test);
  e.bleed = r.boolean("bleed").value_or(false);
  read_repeat(r, e);
  if (auto c = read_color_or_ref(r, "fill", e.fill_ref)) e.fill = *c;
  if (auto c = read_color_or_ref(r, "stroke", e.stroke_ref)) e.stroke = *c;
  if (auto w = r.length_in("stroke_width", 0, kMaxStrokeMm)) e.stroke_width_mm = *w;
  if (const toml::array* dash = r.array("dash")) {
    if (dash->size() > kMaxDashes)
      diags.error(r.pos_of("dash"), "data/out-of-range", per_lang([&](Lang l) {
                    return tr(l, msg::gen::too_many_dashes, "where"_a = where.in(l),
                              "count"_a = dash->size(), "max"_a = kMaxDashes);
                  }));
    else
      for (const auto& d : *dash) {
        auto v = d.value<double>();
        if (!v || !d.is_number()) {
          r.type_error("dash", d, both(msg::gen::kind_length_mm));
          e.dash_mm.clear();
          break;
        }
        if (!std::isfinite(*v)) {
          diags.error(node_pos(d, file), "data/bad-number", per_lang([&](Lang l) {
                        return tr(l, msg::gen::dash_not_finite, "where"_a = where.in(l),
                                  "value"_a = std::string(std::isnan(*v) ? "nan" : "inf"));
                      }));
          e.dash_mm.clear();
          break;
        }
        if (!r.check_range("dash", node_pos(d, file), *v, 0.05, 100, "mm")) {
          e.dash_mm.clear();
          break;
        }
        e.dash_mm.push_back(*v);
      }
  }

  if (kind_name == "text") {
    e.kind = ElementKind::text;
    read_box(r, e);
    e.text = r.string("text", Need::required).value_or("");
    if (auto role = r.string("font")) {
      if (std::find(kRoles.begin(), kRoles.end(), *role) == kRoles.end())
        diags.error(r.pos_of("font"), "template/unknown-font-role",
                    both(msg::gen::unknown_font_role, "role"_a = *role),
                    did_you_mean(*role, kRoles));
      else
        e.font_role = *role;
    }
    e.bold = r.boolean("bold").value_or(false);
    e.size_pt = r.number_in("size", kMinTextPt, kMaxTextPt, "pt", Need::required).value_or(9);
    e.min_size_pt = r.number_in("min_size", kMinTextPt, kMaxTextPt, "pt").value_or(e.size_pt);
    if (e.min_size_pt > e.size_pt) {
      diags.error(r.pos_of("min_size"), "template/bad-size", per_lang([&](Lang l) {
                    return tr(l, msg::gen::bad_text_size, "where"_a = where.in(l));
                  }));
      e.min_size_pt = e.size_pt = std::max(1.0, e.size_pt);
    }
    e.max_lines = static_cast<int>(r.integer_in("max_lines", 0, 100).value_or(0));
    if (auto a = read_choice<TextAlign>(r, "align", kAligns)) e.align = *a;
    if (auto a = read_choice<TextVAlign>(r, "valign", kVAligns)) e.valign = *a;
    if (auto c = read_color_or_ref(r, "color", e.color_ref)) e.color = *c;
    e.line_spacing = r.number_in("line_spacing", 0, 10, "").value_or(0);
    e.ellipsis = r.boolean("ellipsis").value_or(false);
    if (auto writing = r.string("writing")) {
      if (*writing == "vertical")
        e.vertical = true;
      else if (*writing != "horizontal")
        diags.error(r.pos_of("writing"), "template/bad-value",
                    both(msg::gen::unknown_writing, "value"_a = *writing));
    }
    if (auto turn = r.integer("rotate")) {
      if (*turn != 0 && *turn != 90 && *turn != 180 && *turn != 270)
        diags.error(r.pos_of("rotate"), "template/bad-value",
                    both(msg::gen::bad_rotate, "value"_a = std::to_string(*turn)));
      else
        e.rotate_deg = static_cast<int>(*turn);
    }
    if (auto digits = r.integer("tate_chu_yoko")) {
      if (*digits < 0 || *digits > 4)
        diags.error(r.pos_of("tate_chu_yoko"), "template/bad-value", both(msg::gen::tate_chu_yoko));
      else
        e.tate_chu_yoko_digits = static_cast<int>(*digits);
    }
    if (auto role = r.string("role")) {
      if (*role == "title")
        e.title = true;
      else if (*role != "body")
        diags.error(r.pos_of("role"), "template/bad-value",
                    both(msg::gen::unknown_text_role, "value"_a = *role));
    }
    e.deck_size = e.title && !e.vertical;
    if (auto policy = r.string("size_policy")) {
      if (*policy == "deck" || *policy == "card")
        e.deck_size = *policy == "deck";
      else
        diags.error(r.pos_of("size_policy"), "template/bad-value",
                    both(msg::gen::unknown_size_policy, "value"_a = *policy),
                    did_you_mean(*policy, std::vector<std::string>{"deck", "card"}));
    }
    if (auto group = r.string("size_group")) {
      e.size_group = *group;
      if (e.vertical)
        diags.error(r.pos_of("size_group"), "template/bad-value",
                    both(msg::gen::size_group_vertical));
      else if (!e.deck_size && r.string("size_policy"))
        diags.error(r.pos_of("size_group"), "template/bad-value",
                    both(msg::gen::size_group_card_policy, "group"_a = e.size_group));
      e.deck_size = !e.vertical;
    }
  } else if (kind_name == "rect" || kind_name == "rounded_rect") {
    e.kind = ElementKind::rect;
    read_box(r, e);
    e.radius_mm = r.length_in("radius", 0, kMaxMm,
                              kind_name == "rounded_rect" ? Need::required : Need::optional)
                      .value_or(0);
    e.holds = r.string("holds").value_or("");
  } else if (kind_name == "circle") {
    e.kind = ElementKind::circle;
    if (auto c = read_point(r, "center", Need::required)) e.center = *c;
    e.radius_mm = r.length_in("radius", 0, kMaxMm, Need::required).value_or(1);
  } else if (kind_name == "line") {
    e.kind = ElementKind::line;
    if (auto p = read_point(r, "from", Need::required)) e.from = *p;
    if (auto p = read_point(r, "to", Need::required)) e.to = *p;
    if (!r.has("stroke")) e.stroke = Color{0, 0, 0, 1, true};
  } else if (kind_name == "icon") {
    e.kind = ElementKind::icon;
    read_box(r, e);
    e.icon = r.string("icon", Need::required).value_or("");
  } else if (kind_name == "image") {
    e.kind = ElementKind::image;
    read_box(r, e);
    e.image = r.string("image", Need::required).value_or("");
  } else if (kind_name == "symbols") {
    e.kind = ElementKind::symbols;
    read_box(r, e);
    e.field = r.string("field", Need::required).value_or("");
    e.gap_mm = r.length_in("gap", 0, 100).value_or(1);
    e.captions = r.boolean("captions").value_or(false);
    if (auto a = read_choice<TextAlign>(r, "align", kAligns)) e.align = *a;
  } else if (kind_name == "board") {
    e.kind = ElementKind::board;
    read_box(r, e);
    e.map = r.string("board", Need::required).value_or("");
    if (!r.has("stroke")) e.stroke = Color{0.2, 0.2, 0.2, 1, true};
    e.label_size_pt = r.number_in("size", 0, kMaxTextPt, "pt").value_or(0);
    e.action_size_pt = r.number_in("action_size", 0, kMaxTextPt, "pt").value_or(0);
  } else if (kind_name == "hexmap" || kind_name == "legend") {
    e.kind = kind_name == "hexmap" ? ElementKind::hexmap : ElementKind::legend;
    read_box(r, e);
    e.map = r.string("map", Need::required).value_or("");
    if (!r.has("stroke")) e.stroke = Color{0.2, 0.2, 0.2, 1, true};
    e.label_size_pt = r.number_in("size", 0, kMaxTextPt, "pt").value_or(0);
  }
  r.finish();
  return e;
}

}  // namespace

TemplateLibrary::TemplateLibrary(fs::path root, Diagnostics& diags)
    : root_(std::move(root)), diags_(diags) {}

fs::path TemplateLibrary::icon_path(const std::string& name) const {
  if (auto it = icon_paths_.find(name); it != icon_paths_.end()) return it->second;
  fs::path found;
  if (is_valid_id(name)) {
    std::error_code ec;
    if (auto own = game_icons_.empty() ? std::nullopt : resolve_inside(game_icons_, name + ".svg");
        own && fs::exists(*own, ec))
      found = *own;
    else
      found = resolve_inside(root_ / "icons", name + ".svg").value_or(fs::path());
  }
  icon_paths_.emplace(name, found);
  return found;
}

void TemplateLibrary::use_game_icons(const fs::path& game_dir) {
  fs::path icons = game_dir.empty() ? fs::path() : game_dir / "icons";
  if (icons == game_icons_) return;
  game_icons_ = icons;
  icon_checks_.clear();  // a name may now mean another file
  icon_paths_.clear();
}

const PictureCheck& TemplateLibrary::check_picture(const std::filesystem::path& path) const {
  auto it = picture_checks_.find(path.string());
  if (it == picture_checks_.end())
    it = picture_checks_.emplace(path.string(), bocage::check_picture(path)).first;
  return it->second;
}

std::optional<IconProblem> TemplateLibrary::check_icon(const std::string& name) const {
  if (auto it = icon_checks_.find(name); it != icon_checks_.end()) return it->second;
  std::optional<IconProblem> problem;
  if (!is_valid_id(name)) {
    problem = IconProblem{"bad-icon", both(msg::gen::bad_icon_id, "name"_a = name.substr(0, 80)),
                          both(msg::gen::bad_icon_id_hint)};
  } else if (fs::path p = icon_path(name); p.empty()) {
    problem = IconProblem{
        "bad-icon",
        both(msg::gen::icon_outside_root, "name"_a = name, "root"_a = (root_ / "icons").string()),
        both(msg::gen::icon_outside_root_hint)};
  } else {
    problem = check_icon_file(p);
  }
  icon_checks_[name] = problem;
  return problem;
}

const Template* TemplateLibrary::get(const std::string& name, const SourcePos& referenced_from) {
  std::vector<std::string> chain;
  auto t = load(name, referenced_from, chain);
  return t.get();
}

std::shared_ptr<Template> TemplateLibrary::load(const std::string& name,
                                                const SourcePos& referenced_from,
                                                std::vector<std::string>& chain) {
  if (auto it = cache_.find(name); it != cache_.end()) return it->second;
  if (chain.size() > static_cast<size_t>(kMaxExtendsDepth)) {
    diags_.error(
        referenced_from, "template/extends-too-deep",
        both(msg::gen::extends_too_deep, "name"_a = chain.front(), "max"_a = kMaxExtendsDepth),
        both(msg::gen::extends_too_deep_hint));
    return nullptr;
  }
  if (std::find(chain.begin(), chain.end(), name) != chain.end()) {
    std::string cycle;
    for (const auto& c : chain) cycle += c + " -> ";
    diags_.error(referenced_from, "template/extends-cycle",
                 both(msg::gen::extends_cycle, "cycle"_a = cycle + name));
    return nullptr;
  }
  auto path = resolve_inside(root_, name + ".toml");
  if (!path) {
    diags_.error(referenced_from, "template/path-outside-root",
                 both(msg::gen::path_outside_root, "name"_a = name, "root"_a = root_.string()),
                 both(msg::gen::path_outside_root_hint));
    cache_[name] = nullptr;
    return nullptr;
  }
  if (!fs::exists(*path)) {
    // A folder on the way that is a file (templates/g saved over): say so.
    Text hint;
    std::error_code ec;
    for (fs::path up = path->parent_path(); !up.empty() && up != root_ && up != up.parent_path();
         up = up.parent_path())
      if (fs::exists(up, ec) && !fs::is_directory(up, ec)) {
        hint = both(msg::gen::missing_folder_is_file, "path"_a = up.string());
        break;
      }
    diags_.error(referenced_from, "template/missing",
                 both(msg::gen::missing, "name"_a = name, "path"_a = path->string()), hint);
    cache_[name] = nullptr;
    return nullptr;
  }
  auto doc = parse_toml_file(*path, diags_, referenced_from);
  if (!doc) {
    cache_[name] = nullptr;
    return nullptr;
  }
  auto tmpl = std::make_shared<Template>();
  tmpl->name = name;
  tmpl->file = path->string();
  tmpl->legible.pos = {tmpl->file, 1, 1};
  TomlReader top(*doc, tmpl->file, both(msg::gen::where_template, "name"_a = name), diags_);
  const toml::table* head = top.table("template");
  const toml::array* elements = top.array("element");
  top.finish();
  if (head) {
    TomlReader r(*head, tmpl->file, both(msg::gen::where_template_head, "name"_a = name), diags_);
    if (auto parent_name = r.string("extends")) {
      chain.push_back(name);
      auto parent = load(*parent_name, r.pos_of("extends"), chain);
      chain.pop_back();
      if (!parent) {  // already reported; a template without its parent is unusable
        cache_[name] = nullptr;
        return nullptr;
      }
      tmpl->background = parent->background;
      tmpl->legible = parent->legible;
      tmpl->elements = parent->elements;
    }
    if (auto c = read_color(r, "background")) tmpl->background = *c;
    if (const toml::table* t = r.table("min_legible_size")) {
      TomlReader m(*t, tmpl->file, both(msg::gen::where_min_legible, "name"_a = name), diags_);
      tmpl->legible.pos = r.pos_of("min_legible_size");
      if (auto v = m.number_in("ja", kMinTextPt, kMaxTextPt, "pt")) tmpl->legible.japanese_pt = *v;
      if (auto v = m.number_in("latin", kMinTextPt, kMaxTextPt, "pt")) tmpl->legible.latin_pt = *v;
      m.finish();
    }
    r.finish();
  }
  if (!head && (!elements || elements->empty())) {
    diags_.error({tmpl->file, 1, 1}, "template/empty", both(msg::gen::empty, "name"_a = name),
                 both(msg::gen::empty_hint));
    cache_[name] = nullptr;
    return nullptr;
  }
  if (elements) {
    size_t index = 0;
    for (const auto& node : *elements) {
      if (const toml::table* et = node.as_table())
        tmpl->elements.push_back(read_element(*et, tmpl->file, name, index, diags_));
      else
        diags_.error(node_pos(node, tmpl->file), "data/wrong-type",
                     both(msg::gen::element_not_a_table, "name"_a = name));
      ++index;
    }
    check_size_groups(*tmpl, diags_);
  }
  cache_[name] = tmpl;
  return tmpl;
}

}  // namespace bocage
