// Self-contained HTML reports (inline CSS and SVG charts, no scripts, no external assets):
// a session report and a comparison report.
#pragma once

#include <string>

#include "core/session/session_data.h"
#include "core/sessioncompare/session_compare.h"

namespace mxi::core::exports {

std::string sessionToHtml(const session::SessionData& data, const framestats::DropThresholds& thresholds = {});
std::string comparisonToHtml(const sessioncompare::SessionComparison& comparison, const std::string& baseName,
                             const std::string& newName);

}  // namespace mxi::core::exports
