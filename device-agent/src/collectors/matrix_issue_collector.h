// Matrix SDK issues: every logcat line holding Matrix's `Issue.toString()`
// (tag[…]type[…];key[…];content[<JSON>]) whose pid is one of the package's processes, forwarded
// with its JSON verbatim and its time on CLOCK_MONOTONIC. StrictMode's lines are the StrictMode
// collector's.
#pragma once

#include "device-agent/src/collector.h"

namespace mxi::agent {

class MatrixIssueCollector final : public Collector {
 public:
  std::string_view name() const override { return "matrix-issues"; }
  bool start(CollectorContext& context) override;
  std::chrono::milliseconds period() const override { return std::chrono::milliseconds(0); }
  bool followsLog() const override { return true; }
  bool logLine(std::string_view text, const LogLine& line, CollectorContext& context) override;
};

}  // namespace mxi::agent
