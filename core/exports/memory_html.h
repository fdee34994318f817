// The HTML report's memory section: an inline SVG of the memory timeline stacked by category
// (Java, Native, Code, Stack, Graphics, Private other, System) with vertical marks where a GC was
// forced, a heap dump was taken or a leak was found, and a table of start, peak, end and growth.
#pragma once

#include <string>

#include "core/session/session_data.h"

namespace mxi::core::exports {

// The fill colours of the stacked categories, in kMemoryCategories order (the first seven), and
// of the marks (GC forced, dump taken, leak found).
inline constexpr const char* kMemoryCategoryColors[] = {"#f28e2b", "#4e79a7", "#59a14f", "#b07aa1",
                                                        "#edc948", "#76b7b2", "#bab0ac"};
inline constexpr const char* kMemoryMarkColors[] = {"#68707d", "#1f77b4", "#d7263d"};

// "" for a session without memory samples.
std::string memoryChartSvg(const session::SessionData& data);
std::string memoryHtmlSection(const session::SessionData& data);

}  // namespace mxi::core::exports
