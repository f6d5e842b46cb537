// The project's two languages. A session (or a run of bocage-gen) chooses
// one; the process locale never does.
#pragma once

namespace bocage {

enum class Lang { ja, en };

}  // namespace bocage
