// The app's launcher activity, from `cmd package resolve-activity --brief -c
// android.intent.category.LAUNCHER PKG` (issue 45): what `mxi startup` launches unless told.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace mxi::core::startup {

// The last non-empty line when it is a component "pkg/.Main" or "pkg/pkg.Main" (the lines
// before it are the match's priority and flags); nullopt for "No activity found" and any other text.
std::optional<std::string> parseResolvedActivity(std::string_view resolveActivityBriefOutput);

}  // namespace mxi::core::startup
