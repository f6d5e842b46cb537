#include "bocage/msg/gen.h"
#include "commands.h"
#include "generator/specimen/specimen.h"

namespace bocage {

int run_specimen(const SpecimenOptions& o, std::ostream& out, std::ostream& err) {
  Roots roots = resolve_roots(o.roots);
  Text error;
  if (!write_specimen(o.output, roots.templates, &error)) {
    err << "error: " << error.in(o.lang) << "\n";
    return kExitOutput;
  }
  out << tr(o.lang, msg::gen::wrote_file, "path"_a = o.output.string()) << "\n";
  return kExitOk;
}

}  // namespace bocage
