#include "card_art.h"

#include <cmath>
#include <cstdio>
#include <fstream>

#include "bocage/msg/gen.h"
#include "color.h"
#include "core/safe_path.h"
#include "core/units.h"

namespace bocage {

namespace {

namespace fs = std::filesystem;

std::string fmt(double v, const char* format) {
  char buf[32];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

/// Warns when the raster picture at `path` (read whole, fine) prints below
/// kMinImagePpi in `box`: once per picture, however many cards show it.
void check_resolution(const fs::path& path, RectMm box, const SourcePos& at, const Text& what,
                      const TemplateLibrary& library, Diagnostics& diags) {
  const PictureCheck& picture = library.check_picture(path);
  if (picture.problem || picture.width <= 0 || picture.height <= 0) return;
  const std::pair<int, int> px{picture.width, picture.height};
  const double ppi = printed_ppi(px, box);
  if (ppi >= kMinImagePpi || library.low_resolution_said(path)) return;
  // What it takes, keeping its shape: the printed size (the tighter side
  // decides, IconCache::draw) at kMinImagePpi.
  const double mm_per_px = std::min(box.width / px.first, box.height / px.second);
  auto needed = [&](int pixels) {
    return static_cast<int>(std::ceil(pixels * mm_per_px / kMmPerInch * kMinImagePpi - 1e-9));
  };
  diags.warning(
      at, "layout/low-resolution", per_lang([&](Lang l) {
        return tr(l, msg::gen::low_resolution, "what"_a = what.in(l), "path"_a = path.string(),
                  "ppi"_a = fmt(ppi, "%.0f"), "width"_a = px.first, "height"_a = px.second,
                  "box"_a = fmt(box.width, "%g") + " x " + fmt(box.height, "%g"),
                  "min"_a = static_cast<int>(kMinImagePpi));
      }),
      both(msg::gen::low_resolution_hint, "min"_a = static_cast<int>(kMinImagePpi),
           "width"_a = needed(px.first), "height"_a = needed(px.second)));
}

/// Reports what is wrong with the picture at `path`, if anything: an error,
/// or in `watch` (TemplateLibrary::pictures_may_be_missing) a warning, the
/// card previewed with a placeholder. True when it can be drawn.
bool check_picture_file(const fs::path& path, const SourcePos& at, const Text& subject,
                        const std::string& code_prefix, const TemplateLibrary& library,
                        Diagnostics& diags) {
  const PictureCheck& picture = library.check_picture(path);
  if (!picture.problem) return true;
  const Text message = per_lang([&](Lang l) {
    return subject.empty() ? picture.problem->message.in(l)
                           : tr(l, msg::gen::subject_and_problem, "subject"_a = subject.in(l),
                                "problem"_a = picture.problem->message.in(l));
  });
  if (library.pictures_may_be_missing)
    diags.warning(at, code_prefix + picture.problem->code, message,
                  both(msg::gen::picture_placeholder_hint));
  else
    diags.error(at, code_prefix + picture.problem->code, message, picture.problem->hint);
  return false;
}

}  // namespace

bool has_braces(const std::string& s) {
  return s.find('{') != std::string::npos;
}

SourcePos text_pos(const std::string& text, const BindContext& ctx, const SourcePos& fallback) {
  if (!ctx.card) return fallback;
  for (const auto& ref : refs_in(text, nullptr)) {
    std::string head = ref.substr(0, ref.find('.'));
    if (head == "name") return ctx.card->name_pos;
    if (const FieldValue* f = ctx.card->field(head)) return f->pos;
  }
  return fallback;
}

Text element_label(const Element& e) {
  return both(msg::gen::element_label, "template"_a = e.template_name, "line"_a = e.pos.line);
}

void check_text_refs(const std::string& text, const Element& e, const Game& game, const Deck& deck,
                     Diagnostics& diags, bool& ok) {
  Text syntax;
  for (const auto& ref : refs_in(text, &syntax)) {
    RefCheck c = check_ref(ref, game, deck, e.repeat.count > 1);
    if (!c.ok) {
      diags.error(e.pos, "template/unknown-field", per_lang([&](Lang l) {
                    return tr(l, msg::gen::field_in_element, "problem"_a = c.message.in(l),
                              "element"_a = element_label(e).in(l), "deck"_a = deck.id);
                  }),
                  c.hint);
      ok = false;
    }
  }
  if (!syntax.empty()) {
    diags.error(e.pos, "template/bad-text", syntax);
    ok = false;
  }
}

double printed_ppi(std::pair<int, int> pixels, RectMm box) {
  // Fitted keeping its aspect ratio (IconCache::draw): the tighter side decides.
  double mm_per_px = std::min(box.width / pixels.first, box.height / pixels.second);
  return kMmPerInch / mm_per_px;
}

void check_card_art(const Element& e, const Game& game, const Deck& deck,
                    const TemplateLibrary& library, Diagnostics& diags, bool& ok) {
  for (const std::string* ref : {&e.fill_ref, &e.stroke_ref, &e.color_ref})
    if (!ref->empty()) check_text_refs(*ref, e, game, deck, diags, ok);
  for (const Condition* c : {&e.when_test, &e.unless_test}) {
    if (c->empty()) continue;
    if (auto problem = condition_type_problem(*c, deck)) {
      diags.error(e.pos, "template/bad-condition", per_lang([&](Lang l) {
                    return tr(l, msg::gen::bad_condition_where,
                              "element"_a = element_label(e).in(l), "problem"_a = problem->in(l));
                  }));
      ok = false;
    }
  }
  if (e.kind != ElementKind::image) return;
  if (has_braces(e.image)) {  // a picture per card: checked for each card in bind_card_art
    check_text_refs(e.image, e, game, deck, diags, ok);
    return;
  }
  auto path = resolve_inside(library.root(), e.image);
  if (!path) {
    diags.error(
        e.pos, "template/path-outside-root",
        both(msg::gen::image_outside_root, "path"_a = e.image, "root"_a = library.root().string()));
    ok = false;
  } else if (!fs::exists(*path)) {
    diags.error(e.pos, "template/missing-image",
                both(msg::gen::missing_image, "path"_a = path->string()));
    ok = false;
  } else if (!check_picture_file(*path, e.pos, element_label(e), "template/", library, diags)) {
    ok = ok && library.pictures_may_be_missing;
  } else {
    check_resolution(*path, e.box, e.pos, element_label(e), library, diags);
  }
}

bool bind_card_art(const Element& e, const BindContext& ctx, const FaceSubject& subject,
                   const TemplateLibrary& library, PlacedElement& p, Diagnostics& diags) {
  if (!e.fill_ref.empty() || !e.stroke_ref.empty() || !e.color_ref.empty()) {
    auto own = std::make_shared<Element>(e);
    bool ok = true;
    auto bind = [&](const std::string& ref, Color& into) {
      if (ref.empty()) return;
      std::string value = interpolate(ref, ctx);
      if (value.empty()) {  // the card leaves the field empty: nothing in that colour
        into = Color{};
        return;
      }
      if (auto c = parse_color(value)) {
        into = *c;
        return;
      }
      diags.error(text_pos(ref, ctx, subject.pos), "layout/bad-color", per_lang([&](Lang l) {
                    return tr(l, msg::gen::card_color, "subject"_a = subject.label.in(l),
                              "value"_a = value, "fields"_a = ref,
                              "element"_a = element_label(e).in(l));
                  }));
      ok = false;
    };
    bind(e.fill_ref, own->fill);
    bind(e.stroke_ref, own->stroke);
    bind(e.color_ref, own->color);
    if (!ok) return false;
    p.own = own;
    p.element = own.get();
  }
  if (e.kind != ElementKind::image) return true;
  if (!has_braces(e.image)) {
    p.image_file = resolve_inside(library.root(), e.image).value_or(fs::path());
    return !p.image_file.empty();
  }
  std::string rel = interpolate(e.image, ctx);
  if (rel.empty()) return false;  // the card leaves the field empty: no picture
  SourcePos at = text_pos(e.image, ctx, subject.pos);
  auto path = resolve_inside(ctx.game.dir, rel);
  if (!path) {
    diags.error(at, "layout/path-outside-root", per_lang([&](Lang l) {
                  return tr(l, msg::gen::card_image_outside, "subject"_a = subject.label.in(l),
                            "path"_a = rel, "folder"_a = ctx.game.dir);
                }));
    return false;
  }
  if (!fs::exists(*path)) {
    const Text message = per_lang([&](Lang l) {
      return tr(l, msg::gen::card_image_missing, "subject"_a = subject.label.in(l),
                "path"_a = path->string(), "template"_a = e.image);
    });
    if (!library.pictures_may_be_missing) {
      diags.error(at, "layout/missing-image", message, both(msg::gen::card_image_missing_hint));
      return false;
    }
    diags.warning(at, "layout/missing-image", message, both(msg::gen::picture_placeholder_hint));
    p.image_file = *path;  // drawn as a placeholder (face_painter.cpp)
    return true;
  }
  p.image_file = *path;
  if (!check_picture_file(*path, at, subject.label, "layout/", library, diags))
    return library.pictures_may_be_missing;
  check_resolution(*path, p.box, at, subject.label, library, diags);
  return true;
}

}  // namespace bocage
