#include "core/strictmode/strictmode_issues.h"

#include <algorithm>

#include "core/json/json_writer.h"

namespace mxi::core::strictmode {
namespace {

using nlohmann::ordered_json;

bool isIoPlumbing(std::string_view frame, std::string_view resource) {
  for (std::string_view prefix :
       {"android.os.StrictMode", "dalvik.system.BlockGuard", "dalvik.system.CloseGuard", "libcore.", "java.io.",
        "java.nio.", "sun.nio.", "android.app.ActivityThread$AndroidOs."}) {
    if (frame.starts_with(prefix)) return true;
  }
  return !resource.empty() && frame.starts_with(resource) && frame.size() > resource.size() &&
         frame[resource.size()] == '.';
}

// IOCanary's stack text: one StackTraceElement.toString() per line, each ending in '\n'
// (IOCanaryUtil.stackTraceToString).
std::string stackText(const std::vector<std::string>& frames, size_t from) {
  std::string s;
  for (size_t k = from; k < frames.size(); ++k) s += frames[k] + "\n";
  return s;
}

std::string frameAt(const std::vector<std::string>& frames, size_t k) { return k < frames.size() ? frames[k] : ""; }

}  // namespace

size_t ioFramesToTrim(const std::vector<std::string>& stack, std::string_view resource) {
  size_t k = 0;
  while (k < stack.size() && isIoPlumbing(stack[k], resource)) ++k;
  return k == stack.size() ? 0 : k;  // nothing but plumbing (a cut stack): keep it all
}

std::string violationSignature(const StrictModeViolation& v) {
  switch (strictModeKind(v)) {
    case StrictModeKind::kCloseableLeak: {
      // Where it was acquired; a report cut before "Caused by" is known by its resource alone.
      const size_t k = ioFramesToTrim(v.acquiredAt, v.resource);
      return "closeableLeak|" + v.resource + "|" + frameAt(v.acquiredAt, k);
    }
    case StrictModeKind::kMainThreadIo:
      return "mainThreadIo|" + v.type + "|" + frameAt(v.stack, ioFramesToTrim(v.stack));
    case StrictModeKind::kOther: break;
  }
  size_t k = 0;
  while (k < v.stack.size() && v.stack[k].starts_with("android.os.StrictMode")) ++k;
  return "strictMode|" + v.type + "|" + frameAt(v.stack, k);
}

std::optional<matrix::MatrixIssue> violationToIssue(const StrictModeViolation& v, const IssueOptions& options) {
  const StrictModeKind kind = strictModeKind(v);
  // Not "pid N" when the report names no process: the process names the app (session imports,
  // triage signatures), and a pid changes with every run.
  const std::string& process = !v.process.empty() ? v.process : options.process;
  ordered_json c;
  c["process"] = process;
  c["source"] = kStrictModeSource;
  c["strictModeType"] = v.type;
  c["policy"] = std::string(strictModePolicyName(v.policy));
  int type = 0;
  std::string tag = "io";
  if (kind == StrictModeKind::kMainThreadIo) {
    const int64_t cost = v.durationMs.value_or(0);
    // Matrix records which test fired in `repeat` (1: one slow op, 2: a long run of IO).
    const int flags = (cost > options.rule.onceMs ? 1 : 0) | (cost > options.rule.continualMs ? 2 : 0);
    if (v.durationMs && flags == 0) return std::nullopt;
    type = static_cast<int>(matrix::IoIssueType::kMainThreadIo);
    const size_t k = ioFramesToTrim(v.stack);
    c["path"] = "";
    c["size"] = 0;
    c["op"] = 1;
    c["buffer"] = 0;
    c["cost"] = cost;
    c["opType"] = v.type == "DiskWriteViolation" ? 2 : 1;  // IOCanary's FileOpType: 1 read, 2 write
    c["opSize"] = 0;
    c["thread"] = v.mainThread == true ? "main" : "";
    c["repeat"] = flags;
    if (k > 0) c["ioMethod"] = v.stack[k - 1];
    c["caller"] = frameAt(v.stack, k);
    c["stack"] = stackText(v.stack, k);
  } else if (kind == StrictModeKind::kCloseableLeak) {
    type = static_cast<int>(matrix::IoIssueType::kCloseableLeak);
    const size_t k = ioFramesToTrim(v.acquiredAt, v.resource);
    c["path"] = "";
    c["thread"] = "";
    c["resource"] = v.resource;
    c["ioMethod"] = k > 0 ? v.acquiredAt[k - 1] : v.resource;
    c["caller"] = frameAt(v.acquiredAt, k);
    c["stack"] = stackText(v.acquiredAt, k);  // IOCloseLeakDetector: the acquisition Throwable's stack
  } else {
    tag = std::string(kStrictModeTag);
    if (v.durationMs) c["cost"] = *v.durationMs;
    c["message"] = v.message;
    size_t k = 0;
    while (k < v.stack.size() && v.stack[k].starts_with("android.os.StrictMode")) ++k;
    c["stack"] = stackText(v.stack, k == v.stack.size() ? 0 : k);
  }
  // The stack the issue views show: the trimmed one, else (a leak cut before "Caused by") the report's.
  c["threadStack"] = !c["stack"].get<std::string>().empty() ? c["stack"] : ordered_json(stackText(v.stack, 0));
  c["stackTruncated"] = v.truncated;
  ordered_json wrapper;
  wrapper["tag"] = tag;
  wrapper["type"] = type;
  wrapper["key"] = violationSignature(v);
  wrapper["content"] = std::move(c);
  auto issue = matrix::parseIssueJson(json::dumpJson(wrapper));
  if (!issue.ok()) return std::nullopt;  // cannot happen: the text was written above
  issue->line = v.line;
  issue->offset = v.offset;
  return std::move(issue).value();
}

matrix::IssueParseResult parseIssuesWithStrictMode(std::string_view text, const IssueOptions& options) {
  matrix::IssueParseResult result = matrix::parseIssueText(text);
  StrictModeParseResult strict = parseStrictModeText(text);
  if (strict.violations.empty() && strict.problems.empty()) return result;
  for (const StrictModeViolation& v : strict.violations) {
    if (auto issue = violationToIssue(v, options)) result.issues.push_back(std::move(*issue));
  }
  for (auto& p : strict.problems) result.problems.push_back(std::move(p));
  auto byLine = [](const auto& a, const auto& b) { return a.line < b.line; };
  std::stable_sort(result.issues.begin(), result.issues.end(), byLine);
  std::stable_sort(result.problems.begin(), result.problems.end(), byLine);
  result.linesRead = std::max(result.linesRead, strict.linesRead);
  return result;
}

}  // namespace mxi::core::strictmode
