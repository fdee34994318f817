// Reading a whole text input for the parse/import commands: a file, or stdin for "-".
#pragma once

#include <string>

#include "core/base/status.h"

namespace mxi::cli {

core::StatusOr<std::string> readTextInput(const std::string& path);

// "3,9,24,42" → Matrix drop-level thresholds (ascending lower bounds of Normal..Frozen).
bool parseDropLevels(const std::string& text, int (&out)[4]);

}  // namespace mxi::cli
