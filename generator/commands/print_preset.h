// The print shops' presets of `build --preset` (docs/print-shops.md): each a
// name for the one-up options a service's specification asks for, so that a
// player need not look them up. An option given on the command line that a
// preset also sets must agree with it.
#pragma once

#include <string>
#include <vector>

#include "commands.h"

namespace bocage {

struct PrintPreset {
  std::string id;           // drivethrucards
  std::string oneup_order;  // --oneup-order
  double bleed_mm;          // --bleed
  std::string format;       // --format: pdf | png
  bool pdfx;                // --pdfx
};

/// Every preset, in the order help lists them.
const std::vector<PrintPreset>& print_presets();

/// "drivethrucards, thegamecrafter, printshop", for help and errors.
std::string preset_names();

/// Sets the options of `o.preset` that were not given (one-up and the rest);
/// the error (in o.lang) when there is no such preset or a given option
/// disagrees with it, else empty.
std::string apply_preset(BuildOptions& o);

}  // namespace bocage
