// Reads an app's mapping files (Settings → Method mappings) into the MethodMapping that names
// evil-method call trees: methodMapping.txt for Matrix method ids, then the ProGuard/R8
// mapping.txt for names it left obfuscated — as `mxi parse issues --mapping --proguard` does.
#pragma once

#include <memory>

#include "app/gui/settings/settings.h"
#include "core/base/status.h"
#include "core/matrix/method_mapping.h"

namespace mxi::gui {

// Blocking file reads: call it off the UI thread. Errors name the file (and byte offset).
core::StatusOr<std::shared_ptr<const core::matrix::MethodMapping>> loadMappingFiles(const AppMapping& files);

}  // namespace mxi::gui
