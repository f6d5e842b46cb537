// A printed name as a screen shows it and a player types it: the card's
// markup (docs/data-format.md, "Markup": <b>, <nobr>, <size>, <br>, :ICON:,
// ruby in Aozora Bunko notation) taken out. No messages, no ICU: the game
// core's vocabulary (engine/vocabulary.h) reads every name through it.
#pragma once

#include <string>
#include <string_view>

namespace bocage {

/// `text` without its markup: tags dropped (`<nobr>パンツァーファウスト</nobr>`:
/// パンツァーファウスト; `<br>` a space), an inline icon `:star:` dropped, and
/// ruby as its base text (`｜擲弾筒《てきだんとう》班`, `擲弾筒《てきだんとう》班`:
/// 擲弾筒班). Text without markup is returned as it is.
std::string plain_name(std::string_view text);

/// The same name read by its ruby (`｜擲弾筒《てきだんとう》班`: てきだんとう班), so
/// that a player may type what the ruby says; empty when it has none.
std::string ruby_reading(std::string_view text);

}  // namespace bocage
