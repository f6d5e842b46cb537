#include "text_engine.h"

#include <cairo-pdf.h>
#include <pango/pangofc-font.h>
#include <pango/pangofc-fontmap.h>

#include <map>
#include <string_view>
#include <system_error>

#include "core/exact_key.h"
#include "core/model.h"
#include "inline_object.h"
#include "word_breaks.h"

namespace bocage {

namespace {

thread_local const InlineIconDrawer* current_icon_drawer = nullptr;

/// Pango calls this for each shaped placeholder with the current point on
/// the baseline at its left edge.
void draw_shape(cairo_t* cr, PangoAttrShape* attr, gboolean do_path, gpointer data) {
  if (do_path || !attr->data) return;
  const auto& obj = *static_cast<const InlineObject*>(attr->data);
  double x = 0, y = 0;
  cairo_get_current_point(cr, &x, &y);
  cairo_save(cr);
  if (obj.kind == InlineObject::Kind::icon) {
    const double size = static_cast<double>(attr->logical_rect.width) / PANGO_SCALE;
    cairo_translate(cr, x, y + static_cast<double>(attr->logical_rect.y) / PANGO_SCALE);
    if (current_icon_drawer) (*current_icon_drawer)(cr, obj.text, size);
  } else if (obj.kind == InlineObject::Kind::rule) {
    // The first dash of a run draws them all (for a reader that copies the
    // text) under one rule as thick and as high as the dash's own stroke,
    // across the em of every dash (its ink box); the others draw nothing.
    if (obj.text.empty()) {
      cairo_restore(cr);
      return;
    }
    const auto* engine = static_cast<const TextEngine*>(data);
    double baseline = 0;
    PangoLayout* layout =
        engine->glyph_layout(obj.text, obj.family, obj.bold, obj.size_pt, &baseline);
    const char* end = g_utf8_next_char(obj.text.c_str());
    PangoLayout* one = engine->glyph_layout(std::string(obj.text.c_str(), end), obj.family,
                                            obj.bold, obj.size_pt, &baseline);
    PangoRectangle ink;
    pango_layout_get_extents(one, &ink, nullptr);
    const double top = y - baseline + static_cast<double>(ink.y) / PANGO_SCALE;
    cairo_move_to(cr, x, y - baseline);
    pango_cairo_show_layout(cr, layout);
    cairo_rectangle(cr, x, top, static_cast<double>(attr->ink_rect.width) / PANGO_SCALE,
                    static_cast<double>(ink.height) / PANGO_SCALE);
    cairo_fill(cr);
  } else {
    double dx = 0, dy = 0;
    PangoLayout* layout = static_cast<const TextEngine*>(data)->placed_glyph(obj, &dx, &dy);
    cairo_move_to(cr, x + dx, y + dy);
    pango_cairo_show_layout(cr, layout);
  }
  cairo_restore(cr);
}

/// The private configuration's only rule, as the system's 90-synthetic.conf
/// has it: a family without a bold face is emboldened when bold is asked for.
constexpr const char* kPrivateRules = R"(<?xml version="1.0"?>
<fontconfig>
  <match target="font">
    <test name="weight" compare="less_eq"><const>medium</const></test>
    <test target="pattern" name="weight" compare="more_eq"><const>bold</const></test>
    <edit name="embolden" mode="assign"><bool>true</bool></edit>
    <edit name="weight" mode="assign"><const>bold</const></edit>
  </match>
</fontconfig>
)";

/// Every face `config` lists, by file, in the order of their index in it.
std::map<std::string, std::map<int, FcPattern*>> faces_by_file(FcConfig* config) {
  std::map<std::string, std::map<int, FcPattern*>> out;
  for (FcSetName which : {FcSetSystem, FcSetApplication}) {
    FcFontSet* set = FcConfigGetFonts(config, which);
    for (int i = 0; set && i < set->nfont; ++i) {
      FcChar8* file = nullptr;
      int index = 0;
      if (FcPatternGetString(set->fonts[i], FC_FILE, 0, &file) != FcResultMatch) continue;
      FcPatternGetInteger(set->fonts[i], FC_INDEX, 0, &index);
      out[reinterpret_cast<const char*>(file)].try_emplace(index, set->fonts[i]);
    }
  }
  return out;
}

std::vector<std::string> default_family_names() {
  std::vector<std::string> out;
  for (const auto& [role, family] : default_font_families()) out.push_back(family);
  return out;
}

}  // namespace

std::string font_file(PangoFont* font) {
  if (!font || !PANGO_IS_FC_FONT(font)) return {};
  FcPattern* pattern = pango_fc_font_get_pattern(PANGO_FC_FONT(font));
  FcChar8* file = nullptr;
  if (!pattern || FcPatternGetString(pattern, FC_FILE, 0, &file) != FcResultMatch) return {};
  return reinterpret_cast<const char*>(file);
}

std::string font_family_name(PangoFont* font) {
  if (font && PANGO_IS_FC_FONT(font))
    if (FcPattern* pattern = pango_fc_font_get_pattern(PANGO_FC_FONT(font))) {
      FcChar8* first = nullptr;
      FcChar8* name = nullptr;
      FcChar8* lang = nullptr;
      for (int i = 0; FcPatternGetString(pattern, FC_FAMILY, i, &name) == FcResultMatch; ++i) {
        if (!first) first = name;
        if (FcPatternGetString(pattern, FC_FAMILYLANG, i, &lang) == FcResultMatch &&
            std::string_view(reinterpret_cast<const char*>(lang)).substr(0, 2) == "en")
          return reinterpret_cast<const char*>(name);
      }
      if (first) return reinterpret_cast<const char*>(first);
    }
  PangoFontDescription* desc = pango_font_describe(font);
  const char* fam = pango_font_description_get_family(desc);
  std::string family = fam ? fam : "";
  pango_font_description_free(desc);
  return family;
}

std::vector<std::string> font_files_of(FcConfig* config, const std::string& family) {
  FcPattern* pattern = FcPatternCreate();
  FcPatternAddString(pattern, FC_FAMILY, reinterpret_cast<const FcChar8*>(family.c_str()));
  FcObjectSet* objects = FcObjectSetBuild(FC_FILE, nullptr);
  FcFontSet* set = FcFontList(config, pattern, objects);
  std::vector<std::string> out;
  for (int i = 0; set && i < set->nfont; ++i) {
    FcChar8* file = nullptr;
    if (FcPatternGetString(set->fonts[i], FC_FILE, 0, &file) == FcResultMatch)
      out.emplace_back(reinterpret_cast<const char*>(file));
  }
  if (set) FcFontSetDestroy(set);
  FcObjectSetDestroy(objects);
  FcPatternDestroy(pattern);
  return out;
}

void set_layout_font(PangoLayout* layout, const std::string& family, bool bold, double size_pt) {
  PangoFontDescription* desc = pango_font_description_new();
  pango_font_description_set_family(desc, family.c_str());
  pango_font_description_set_weight(desc, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_font_description_set_absolute_size(desc, size_pt * PANGO_SCALE);
  pango_layout_set_font_description(layout, desc);
  pango_font_description_free(desc);
}

void draw_inline_icon(cairo_t* cr, const std::string& name, double size) {
  if (current_icon_drawer) (*current_icon_drawer)(cr, name, size);
}

void* copy_inline_object(const void* p) {
  return new InlineObject(*static_cast<const InlineObject*>(p));
}
void free_inline_object(void* p) {
  delete static_cast<InlineObject*>(p);
}

ScopedIconDrawer::ScopedIconDrawer(InlineIconDrawer draw)
    : draw_(std::move(draw)), previous_(current_icon_drawer) {
  current_icon_drawer = &draw_;
}

ScopedIconDrawer::~ScopedIconDrawer() {
  current_icon_drawer = previous_;
}

PangoCairoShapeRendererFunc TextEngine::shape_renderer() {
  return draw_shape;
}

TextEngine::TextEngine() : TextEngine(default_family_names()) {}

TextEngine::TextEngine(const std::vector<std::string>& families, FcConfig* system)
    : system_(system ? system : FcConfigGetCurrent()) {
  FcConfigReference(system_);
  font_map_ = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
  pango_cairo_font_map_set_resolution(PANGO_CAIRO_FONT_MAP(font_map_), 72.0);
  for (const auto& family : families) {
    std::vector<std::string> files = font_files_of(system_, family);
    if (files.empty()) continue;
    families_.insert(family);
    files_.insert(files.begin(), files.end());
  }
  load_fonts();
  context_ = pango_font_map_create_context(font_map_);
  pango_cairo_context_set_resolution(context_, 72.0);
  pango_context_set_round_glyph_positions(context_, FALSE);
  pango_context_set_language(context_, pango_language_from_string("ja"));
  cairo_font_options_t* options = cairo_font_options_create();
  cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
  pango_cairo_context_set_font_options(context_, options);
  pango_cairo_context_set_shape_renderer(context_, draw_shape, this, nullptr);
  cairo_font_options_destroy(options);
  // The fonts take a PDF surface's options too (Cairo's own, such as glyph
  // positions left unrounded), so that Pango's Cairo fonts are the very fonts
  // a PDF page draws with: each glyph is loaded and measured once, not once
  // for the layout and again for the page.
  cairo_surface_t* pdf = cairo_pdf_surface_create_for_stream(
      [](void*, const unsigned char*, unsigned int) { return CAIRO_STATUS_SUCCESS; }, nullptr, 1,
      1);
  cairo_t* cr = cairo_create(pdf);
  pango_cairo_update_context(cr, context_);
  cairo_destroy(cr);
  cairo_surface_destroy(pdf);
}

DeferredTextEngine::DeferredTextEngine() {
  try {
    preparing_ = std::thread([this] {
      FcConfigGetCurrent();
      fonts_read_.set_value();
      prepare_word_boundaries();
    });
  } catch (const std::system_error&) {
    fonts_read_.set_value();  // no thread to be had: get() reads the configuration itself
  }
}

DeferredTextEngine::~DeferredTextEngine() {
  if (preparing_.joinable()) preparing_.join();
}

const TextEngine& DeferredTextEngine::get() {
  if (!engine_) {
    fonts_ready_.wait();
    engine_.emplace();
  }
  return *engine_;
}

TextEngine::~TextEngine() {
  for (auto& [_, glyph] : glyphs_) g_object_unref(glyph.layout);
  g_object_unref(context_);
  g_object_unref(font_map_);
  FcConfigDestroy(system_);
}

void TextEngine::load_fonts() const {
  fitted_.clear();  // laid out with the former fonts
  for (auto& [_, glyph] : glyphs_) g_object_unref(glyph.layout);
  glyphs_.clear();
  FcConfig* config = FcConfigCreate();
  FcConfigParseAndLoadFromMemory(config, reinterpret_cast<const FcChar8*>(kPrivateRules), FcTrue);
  FcConfigBuildFonts(config);  // no folders: an empty system set
  // Each file's faces as the system's configuration knows them (from
  // fontconfig's cache: no font file is opened, no character set computed);
  // a file it does not list is read and scanned.
  FcFontSet* own = FcConfigGetFonts(config, FcSetSystem);
  const auto known = faces_by_file(system_);
  for (const auto& file : files_) {
    auto it = known.find(file);
    if (!own || it == known.end()) {
      FcConfigAppFontAddFile(config, reinterpret_cast<const FcChar8*>(file.c_str()));
      continue;
    }
    for (const auto& [index, face] : it->second) FcFontSetAdd(own, FcPatternDuplicate(face));
  }
  // The font map keeps its own reference, and drops its caches.
  pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(font_map_), config);
  FcConfigDestroy(config);
}

PangoLayout* TextEngine::new_layout() const {
  return pango_layout_new(context_);
}

PangoLayout* TextEngine::glyph_layout(const std::string& text, const std::string& family, bool bold,
                                      double size_pt, double* baseline_pt) const {
  std::string key;
  append_exact(key, text);
  append_exact(key, family);
  append_exact(key, std::int64_t{bold});
  append_exact(key, size_pt);
  auto it = glyphs_.find(key);
  if (it == glyphs_.end()) {
    PangoLayout* layout = new_layout();
    pango_layout_set_text(layout, text.c_str(), -1);
    set_layout_font(layout, family, bold, size_pt);
    const double baseline = static_cast<double>(pango_layout_get_baseline(layout)) / PANGO_SCALE;
    it = glyphs_.emplace(std::move(key), Glyph{layout, baseline}).first;
  }
  *baseline_pt = it->second.baseline_pt;
  return it->second.layout;
}

PangoLayout* TextEngine::placed_glyph(const InlineObject& mark, double* dx, double* dy) const {
  double baseline = 0;
  PangoLayout* layout = glyph_layout(mark.text, mark.family, mark.bold, mark.size_pt, &baseline);
  *dx = mark.dx_pt;
  *dy = -baseline;
  return layout;
}

bool TextEngine::has_family(const std::string& family) const {
  if (families_.count(family)) return true;
  std::vector<std::string> files = font_files_of(system_, family);
  if (files.empty()) return false;
  families_.insert(family);
  const size_t before = files_.size();
  files_.insert(files.begin(), files.end());
  if (files_.size() != before) load_fonts();
  return true;
}

std::vector<std::string> TextEngine::installed_families() const {
  FcPattern* pattern = FcPatternCreate();
  FcObjectSet* objects = FcObjectSetBuild(FC_FAMILY, nullptr);
  FcFontSet* set = FcFontList(system_, pattern, objects);
  std::set<std::string> names;
  for (int i = 0; set && i < set->nfont; ++i)
    for (int k = 0;; ++k) {  // every name of the family (a Japanese font has its own too)
      FcChar8* name = nullptr;
      if (FcPatternGetString(set->fonts[i], FC_FAMILY, k, &name) != FcResultMatch) break;
      names.emplace(reinterpret_cast<const char*>(name));
    }
  if (set) FcFontSetDestroy(set);
  FcObjectSetDestroy(objects);
  FcPatternDestroy(pattern);
  return {names.begin(), names.end()};
}

std::vector<std::string> TextEngine::font_files() const {
  return {files_.begin(), files_.end()};
}

const std::set<std::string>& TextEngine::files_of_families(
    const std::set<std::string>& families) const {
  auto [it, fresh] = family_files_.try_emplace(families);
  if (fresh)
    for (const auto& family : families) {
      const std::vector<std::string> files = font_files_of(system_, family);
      it->second.insert(files.begin(), files.end());
    }
  return it->second;
}

}  // namespace bocage
