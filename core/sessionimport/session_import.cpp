#include "core/sessionimport/session_import.h"

#include <algorithm>

#include "core/anr/anr_trace.h"
#include "core/matrix/matrix_json.h"
#include "core/strictmode/strictmode_issues.h"

namespace mxi::core::sessionimport {

using session::SessionHeader;
using session::SessionWriter;
using session::WriterOptions;

namespace {

std::string inputName(const std::vector<std::string>& names, size_t k, const char* kind) {
  return k < names.size() && !names[k].empty() ? names[k] : std::string(kind) + " input " + std::to_string(k + 1);
}

}  // namespace

StatusOr<ImportReport> importCaptures(const ImportInputs& in, const std::string& outPath, SessionHeader header,
                                      const WriterOptions& options) {
  ImportReport report;
  std::vector<std::shared_ptr<const framestats::FramestatsCapture>> captures;
  int64_t origin = 0, end = 0;
  bool any = false;
  for (size_t k = 0; k < in.framestatsTexts.size(); ++k) {
    const std::string name = inputName(in.framestatsNames, k, "framestats");
    ASSIGN_OR_RETURN(auto c, withContext(framestats::parseFramestats(in.framestatsTexts[k], {in.refreshHz}), name));
    for (const auto& p : c->problems) {
      report.warnings.push_back(name + " line " + std::to_string(p.line) + ": " + p.message);
    }
    for (const auto& w : c->windows) {
      for (const auto& f : w.frames) {
        if (!any || f.startNs < origin) origin = f.startNs;
        if (!any || f.startNs + f.durationNs > end) end = f.startNs + f.durationNs;
        any = true;
      }
    }
    captures.push_back(std::move(c));
  }
  std::vector<matrix::MatrixIssue> issues;
  for (size_t k = 0; k < in.issueTexts.size(); ++k) {
    // A logcat's StrictMode reports are issues too (main-thread IO, closeable leaks, …).
    matrix::IssueParseResult r = strictmode::parseIssuesWithStrictMode(in.issueTexts[k]);
    const std::string name = inputName(in.issueNames, k, "issues");
    for (const auto& p : r.problems)
      report.warnings.push_back(name + " line " + std::to_string(p.line) + ": " + p.message);
    for (auto& i : r.issues) issues.push_back(std::move(i));
  }
  std::vector<std::shared_ptr<const anr::AnrReport>> anrs;
  for (size_t k = 0; k < in.anrTexts.size(); ++k) {
    ASSIGN_OR_RETURN(auto r, withContext(anr::parseAnrTrace(in.anrTexts[k]), inputName(in.anrNames, k, "ANR")));
    anrs.push_back(std::move(r));
  }
  if (!any && issues.empty() && anrs.empty()) {
    std::string names;
    for (const auto* list : {&in.framestatsNames, &in.issueNames, &in.anrNames}) {
      for (const auto& n : *list) names += (names.empty() ? " in " : ", ") + n;
    }
    return invalidInput("nothing to import: no frames, issues or ANRs" + names);
  }

  int64_t firstIssueMs = 0;
  bool haveIssueTime = false;
  for (const auto& i : issues) {
    if (i.timeMs && (!haveIssueTime || *i.timeMs < firstIssueMs)) {
      firstIssueMs = *i.timeMs;
      haveIssueTime = true;
    }
  }
  header.startMonotonicNs = origin;
  if (header.startTimeUnixMs == 0 && haveIssueTime) header.startTimeUnixMs = firstIssueMs;
  if (header.app.empty()) {
    for (const auto& i : issues) {
      if (!i.process.empty()) {
        header.app = i.process;
        break;
      }
    }
  }
  if (header.refreshHz == 0) header.refreshHz = in.refreshHz;
  ASSIGN_OR_RETURN(auto writer, SessionWriter::create(outPath, header, options));
  for (const auto& c : captures) {
    for (const auto& w : c->windows) {
      if (w.frames.empty()) continue;
      std::vector<framestats::Frame> frames = w.frames;
      std::stable_sort(frames.begin(), frames.end(),
                       [](const framestats::Frame& a, const framestats::Frame& b) { return a.startNs < b.startNs; });
      RETURN_IF_ERROR(writer->appendSceneChange(frames.front().startNs, w.name));
      for (const auto& f : frames) RETURN_IF_ERROR(writer->appendFrame(f));
      ++report.windows;
      report.frames += frames.size();
    }
  }
  for (const auto& i : issues) {
    int64_t t = origin + (i.timeMs && haveIssueTime ? (*i.timeMs - firstIssueMs) * 1'000'000 : 0);
    if (any) t = std::min(t, end);  // issues from outside the capture sit at its end
    RETURN_IF_ERROR(writer->appendIssue(t, issueStorageJson(i)));
    ++report.issues;
  }
  for (size_t k = 0; k < in.anrTexts.size(); ++k) {
    RETURN_IF_ERROR(writer->appendAnr(end, in.anrTexts[k]));
    ++report.anrs;
  }
  RETURN_IF_ERROR(writer->close());
  return report;
}

}  // namespace mxi::core::sessionimport
