#include "core/triage/session_retrace.h"

#include <vector>

#include "core/anr/anr_trace.h"

namespace mxi::core::triage {
namespace {

// The retraced line without the indentation retraceStackLine keeps, when the input had none.
std::string firstRetraced(const mapping::R8Mapping& mapping, std::string_view frame) {
  std::vector<std::string> lines = mapping::retraceStackLine(mapping, frame);
  if (lines.empty()) return std::string(frame);
  std::string out = std::move(lines.front());
  if (!frame.empty() && frame.front() != ' ' && frame.front() != '\t') {
    const size_t start = out.find_first_not_of(" \t");
    out.erase(0, start == std::string::npos ? out.size() : start);
  }
  return out;
}

std::vector<std::string> retraceFrames(const mapping::R8Mapping& mapping, const std::vector<std::string>& frames) {
  std::vector<std::string> out;
  out.reserve(frames.size());
  for (const std::string& frame : frames) {
    std::vector<std::string> lines = mapping::retraceStackLine(mapping, frame);
    if (lines.empty()) lines.push_back(frame);
    for (std::string& line : lines) {
      const size_t start = line.find_first_not_of(" \t");
      const bool indented = !frame.empty() && (frame.front() == ' ' || frame.front() == '\t');
      out.push_back(indented || start == std::string::npos ? std::move(line) : line.substr(start));
    }
  }
  return out;
}

// A StrictMode key (core/strictmode's violationSignature): a closeable leak's resource is a class,
// not a frame ("a.b" would read as method b of class a); the rest are frames or words.
std::string retraceIssueKey(const mapping::R8Mapping& mapping, const std::string& key) {
  constexpr std::string_view kLeak = "closeableLeak|";
  if (!key.starts_with(kLeak)) return retraceFrameText(mapping, key);
  const size_t end = key.find('|', kLeak.size());
  const std::string resource = key.substr(kLeak.size(), end == std::string::npos ? end : end - kLeak.size());
  std::string out = std::string(kLeak) + mapping.originalClass(resource);
  if (end != std::string::npos) out += "|" + retraceFrameText(mapping, std::string_view(key).substr(end + 1));
  return out;
}

}  // namespace

std::string retraceFrameText(const mapping::R8Mapping& mapping, std::string_view text) {
  std::string out;
  size_t start = 0;
  for (;;) {
    const size_t bar = text.find('|', start);
    out += firstRetraced(mapping, text.substr(start, bar == std::string_view::npos ? bar : bar - start));
    if (bar == std::string_view::npos) return out;
    out += '|';
    start = bar + 1;
  }
}

std::string retraceStackText(const mapping::R8Mapping& mapping, std::string_view text) {
  std::string out;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    const bool last = end == std::string_view::npos;
    if (last) end = text.size();
    const std::string_view line = text.substr(start, end - start);
    std::vector<std::string> lines =
        line.empty() ? std::vector<std::string>{std::string()} : mapping::retraceStackLine(mapping, line);
    if (lines.empty()) lines.emplace_back(line);
    for (size_t i = 0; i < lines.size(); ++i) {
      out += lines[i];
      if (i + 1 < lines.size() || !last) out += '\n';
    }
    start = end + 1;
  }
  return out;
}

std::shared_ptr<const session::SessionData> retraceSession(const session::SessionData& data,
                                                           const mapping::R8Mapping& mapping) {
  auto out = std::make_shared<session::SessionData>(data);
  for (session::SessionIssue& si : out->issues) {
    matrix::MatrixIssue& issue = si.issue;
    issue.key = retraceIssueKey(mapping, issue.key);
    issue.threadStack = retraceStackText(mapping, issue.threadStack);
    if (issue.io) {
      issue.io->caller = retraceFrameText(mapping, issue.io->caller);
      issue.io->method = retraceFrameText(mapping, issue.io->method);
    }
  }
  for (session::SessionAnr& anr : out->anrs) {
    if (!anr.report) continue;
    auto report = std::make_shared<anr::AnrReport>(*anr.report);
    for (anr::AnrProcess& process : report->processes) {
      for (anr::AnrThread& thread : process.threads) thread.frames = retraceFrames(mapping, thread.frames);
    }
    anr.report = std::move(report);
  }
  return out;
}

}  // namespace mxi::core::triage
