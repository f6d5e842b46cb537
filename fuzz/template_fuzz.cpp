// Fuzzes the template loader: the input is written as one template in a
// scratch copy of the shipped templates/ folder and loaded by name through
// TemplateLibrary, as bocage-gen does, so `extends` reaches the shipped
// templates (or the input itself, a loop).
#include <cstddef>
#include <cstdint>

#include "fuzz_scratch.h"
#include "generator/layout/template.h"

namespace {

namespace fs = std::filesystem;

struct ScratchTemplates {
  fs::path root;
  ScratchTemplates() : root(bocage::fuzz::scratch_root() / "templates") {
    fs::copy(bocage::fuzz::source_root() / "templates", root, fs::copy_options::recursive);
    fs::create_directories(root / "fuzz");
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static ScratchTemplates templates;
  bocage::fuzz::write_file(templates.root / "fuzz" / "input.toml",
                           bocage::fuzz::as_text(data, size));
  bocage::Diagnostics diags;
  bocage::TemplateLibrary library(templates.root, diags);
  if (const bocage::Template* t = library.get("fuzz/input", {}))
    for (const auto& e : t->elements) (void)library.icon_path(e.icon);
  (void)diags.format_all();
  return 0;
}
