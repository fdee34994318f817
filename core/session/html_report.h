// Self-contained HTML reports (inline CSS and SVG charts, no scripts, no external assets):
// a session report and a comparison report.
#pragma once

#include <string>

#include "core/session/session_compare.h"
#include "core/session/session_data.h"

namespace mxi::core::session {

std::string sessionToHtml(const SessionData& data, const trace::DropThresholds& thresholds = {});
std::string comparisonToHtml(const SessionComparison& comparison, const std::string& baseName,
                             const std::string& newName);

}  // namespace mxi::core::session
