// A package name as Android spells it: two or more dot-separated segments of letters, digits and
// '_', the first starting with a letter, at most 255 characters. Shell-safe by construction.
#pragma once

#include <string_view>

namespace mxi::core::devicetext {

bool isValidPackageName(std::string_view name);

}  // namespace mxi::core::devicetext
