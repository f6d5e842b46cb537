// The engine's own commands and words (status, history, log, undo and its
// --force, help, quit, and the answer cancel) by their printed names: what a
// Japanese session shows and accepts (状況, 履歴, 記録, 一手戻す, 強制, ヘルプ,
// 中断, キャンセル) beside the ids, which the log keeps. The names are the
// engine catalog's name-* messages.
#pragma once

#include <string>

#include "core/lang.h"

namespace bocage {

/// `line` (as the engine reads it: NFKC, case-folded) with an engine
/// command's printed name in front as its id ("一手戻す 強制 2": "undo --force 2");
/// any other line as it is.
std::string engine_line(const std::string& line);

/// Whether `answer` (read as a line is) is the answer cancel by any of its names.
bool is_cancel(const std::string& answer);

/// How the engine's command or word `id` ("undo", "--force", "cancel") is
/// shown in `lang` (一手戻す, 強制, キャンセル).
std::string engine_word(const std::string& id, Lang lang);

}  // namespace bocage
