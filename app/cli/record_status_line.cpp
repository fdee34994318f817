#include "app/cli/record_status_line.h"

#include <cstdio>

namespace mxi::cli {

std::string formatStats(const core::live::LiveStatus& figures, const core::agentlink::RecordStats& stats) {
  std::string line = core::live::formatLiveStatus(figures);
  if (stats.outages > 0) {
    char text[96];
    std::snprintf(text, sizeof text, "  %llu outage%s, %.1f s without data",
                  static_cast<unsigned long long>(stats.outages), stats.outages == 1 ? "" : "s", stats.outageSeconds);
    line += text;
  }
  return line;
}

std::string formatOutage(const core::agentlink::RecordStats& stats) {
  char text[64];
  std::snprintf(text, sizeof text, "agent unreachable for %.0f s", stats.unreachableSeconds);
  std::string line = text;
  if (!stats.unreachableWhy.empty()) line += " (" + stats.unreachableWhy + ")";
  return line + ", retrying";
}

}  // namespace mxi::cli
