// Reading a whole text input for the parse/import commands: a file, or stdin for "-".
#pragma once

#include <string>

#include "core/base/status.h"

namespace mxi::cli {

core::StatusOr<std::string> readTextInput(const std::string& path);

}  // namespace mxi::cli
