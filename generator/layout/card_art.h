// What a card brings to its face besides text: colours taken from card fields
// (`fill = "{colour}"`) and pictures named by them (`image = "art/{id}.png"`,
// inside the game's folder), with a warning when a picture prints below
// 300 ppi. Checked once per template, then bound for each card.
#pragma once

#include <filesystem>
#include <optional>

#include "core/diagnostic.h"
#include "face_layout.h"
#include "template.h"

namespace bocage {

/// Whether `s` holds a `{field}` reference (or a stray brace).
bool has_braces(const std::string& s);

/// Where a problem of `text` should point: the value of the first card field
/// it shows, else `fallback` (the card, or the deck's back).
SourcePos text_pos(const std::string& text, const BindContext& ctx, const SourcePos& fallback);

/// "element at TEMPLATE line N", how a diagnostic names a template element.
Text element_label(const Element& e);

/// Checks the `{field}` references of `text` (an element's text, colour or
/// image) against `deck`'s fields: an unknown one is `template/unknown-field`,
/// a broken brace `template/bad-text`, at the element. Sets `ok` to false on one.
void check_text_refs(const std::string& text, const Element& e, const Game& game, const Deck& deck,
                     Diagnostics& diags, bool& ok);

/// The resolution below which a picture is reported (pixels per inch printed).
constexpr double kMinImagePpi = 300;

/// The resolution a picture of `pixels` prints at when fitted into `box`.
double printed_ppi(std::pair<int, int> pixels, RectMm box);

/// Checks an element's colour fields and image once for `deck`: references
/// must name fields of the deck; a fixed image must exist inside the templates
/// folder (a warning when it prints below kMinImagePpi). Sets `ok` to false on
/// an error.
void check_card_art(const Element& e, const Game& game, const Deck& deck,
                    const TemplateLibrary& library, Diagnostics& diags, bool& ok);

/// Binds one placement: its colours from the card's fields (a copy of the
/// element in `p.own`), its image file. Returns false when the element is
/// not drawn for this card (an error was reported, or the field is empty).
bool bind_card_art(const Element& e, const BindContext& ctx, const FaceSubject& subject,
                   const TemplateLibrary& library, PlacedElement& p, Diagnostics& diags);

}  // namespace bocage
