// A QR code drawn in the terminal (libqrencode), so that a phone's camera
// opens a seat's URL: two modules a character, with the half blocks ▀ ▄ █,
// light modules drawn, a quiet zone of two modules around.
#pragma once

#include <string>

namespace bocage {

/// The QR code of `text` as lines of text; empty when it cannot be made.
std::string terminal_qr(const std::string& text);

}  // namespace bocage
