#include "core/matrix/matrix_issue.h"

#include <algorithm>
#include <charconv>

#include "core/base/text_lines.h"
#include "core/devicetext/matrix_issue_line.h"
#include "core/json/json_reader.h"
#include "core/json/json_writer.h"

namespace mxi::core::matrix {
namespace {

using Json = nlohmann::json;

IssueKind kindOfTag(std::string_view tag) {
  if (tag == "Trace_EvilMethod") return IssueKind::kEvilMethod;
  if (tag == "Trace_FPS") return IssueKind::kFps;
  if (tag == "Trace_StartUp") return IssueKind::kStartup;
  if (tag == "io") return IssueKind::kIo;
  if (tag == "memory" || tag == "ResourceCanary") return IssueKind::kMemory;
  if (tag == "SQLiteLint") return IssueKind::kSqliteLint;
  return IssueKind::kUnknown;
}

constexpr const char* kDropKeys[framestats::kDropLevelCount] = {"DROPPED_BEST", "DROPPED_NORMAL", "DROPPED_MIDDLE",
                                                                "DROPPED_HIGH", "DROPPED_FROZEN"};

FpsReport readFps(const Json& c) {
  FpsReport r;
  for (size_t i = 0; i < framestats::kDropLevelCount; ++i) {
    if (c.contains("dropLevel")) r.dropLevel[i] = json::jsonInt(c["dropLevel"], kDropKeys[i]).value_or(0);
    if (c.contains("dropSum")) r.dropSum[i] = json::jsonInt(c["dropSum"], kDropKeys[i]).value_or(0);
  }
  r.fps = json::jsonDouble(c, "fps").value_or(0);
  for (const auto& [k, v] : c.items()) {
    if (v.is_number() && (k.ends_with("_DURATION") || k == "DROP_COUNT" || k == "REFRESH_RATE")) {
      r.metrics.emplace_back(k, v.get<double>());
    }
  }
  return r;
}

StartupReport readStartup(const Json& c) {
  StartupReport r;
  r.applicationCreateMs = json::jsonInt(c, "application_create");
  r.firstActivityCreateMs = json::jsonInt(c, "first_activity_create");
  r.betweenMs = json::jsonInt(c, "stage_between_app_and_activity");
  r.startupDurationMs = json::jsonInt(c, "startup_duration");
  r.applicationCreateScene = json::jsonInt(c, "application_create_scene");
  r.warmStart = json::jsonBool(c, "is_warm_start_up");
  r.amTotalTimeMs = json::jsonInt(c, "am_total_time");
  r.amWaitTimeMs = json::jsonInt(c, "am_wait_time");
  r.launchState = json::jsonString(c, "launch_state");
  return r;
}

IoReport readIo(const Json& c) {
  IoReport r;
  r.path = json::jsonString(c, "path");
  r.thread = json::jsonString(c, "thread");
  const auto opType = json::jsonInt(c, "opType");
  r.opType = opType ? (*opType == 1   ? "read"
                       : *opType == 2 ? "write"
                                      : std::to_string(*opType))
                    : json::jsonString(c, "opType");
  r.size = json::jsonInt(c, "size").value_or(0);
  r.opCount = json::jsonInt(c, "op").value_or(0);
  r.buffer = json::jsonInt(c, "buffer").value_or(0);
  r.costMs = json::jsonInt(c, "cost").value_or(0);
  r.opSize = json::jsonInt(c, "opSize").value_or(0);
  r.repeat = json::jsonInt(c, "repeat").value_or(0);
  r.method = json::jsonString(c, "ioMethod");
  r.caller = json::jsonString(c, "caller");
  r.maxOnceMs = json::jsonInt(c, "maxOnceCost");
  return r;
}

MemoryReport readMemory(const Json& c) {
  MemoryReport r;
  r.activity = json::jsonString(c, "activity");
  r.refKey = json::jsonString(c, "ref_key");
  r.resultZipPath = json::jsonString(c, "resultZipPath");
  r.hprofPath = json::jsonString(c, "hprof_path");
  r.leakProcess = json::jsonString(c, "leak_process");
  r.leakDetail = json::jsonString(c, "leak_detail");
  r.costMillis = json::jsonInt(c, "cost_millis");
  return r;
}

// Fills an issue from a content object; wrapper values (tag/type from outside) take precedence.
MatrixIssue issueFromContent(const Json& content, std::string tag, std::optional<int32_t> type, std::string key) {
  MatrixIssue issue;
  issue.tag = !tag.empty() ? std::move(tag) : json::jsonString(content, "tag");
  issue.type = type ? *type : static_cast<int32_t>(json::jsonInt(content, "type").value_or(0));
  issue.key = key == "null" ? std::string() : std::move(key);
  issue.process = json::jsonString(content, "process");
  issue.timeMs = json::jsonInt(content, "time");
  issue.kind = kindOfTag(issue.tag);
  issue.detail = json::jsonString(content, "detail");
  issue.costMs = json::jsonInt(content, "cost");
  issue.scene = json::jsonString(content, "scene");
  issue.usage = json::jsonString(content, "usage");
  issue.machine = json::jsonString(content, "machine");
  issue.stack = json::jsonString(content, "stack");
  issue.stackKey = json::jsonString(content, "stackKey");
  issue.threadStack = json::jsonString(content, "threadStack");
  issue.source = json::jsonString(content, "source");
  if (auto names = content.find("methodNames"); names != content.end() && names->is_object()) {
    auto own = std::make_shared<MethodMapping>();
    for (const auto& [id, parts] : names->items()) {
      const auto methodId = text::parseInt(id);
      if (!methodId || !parts.is_array() || parts.size() != 3 || !parts[0].is_string() || !parts[1].is_string() ||
          !parts[2].is_string()) {
        continue;
      }
      own->add(*methodId, {0, parts[0].get<std::string>(), parts[1].get<std::string>(), parts[2].get<std::string>()});
    }
    issue.ownMethodNames = std::move(own);
  }
  switch (issue.kind) {
    case IssueKind::kFps: issue.fps = readFps(content); break;
    case IssueKind::kStartup: issue.startup = readStartup(content); break;
    case IssueKind::kIo: issue.io = readIo(content); break;
    case IssueKind::kMemory: issue.memory = readMemory(content); break;
    default: break;
  }
  if (issue.kind == IssueKind::kEvilMethod && issue.scene.empty() && content.contains("viewInfo")) {
    issue.scene = json::jsonString(content["viewInfo"], "activity");  // old ENTER issues
  }
  issue.contentJson = json::dumpJson(content);
  return issue;
}

// The members of a cut JSON object that arrived whole: the text up to its last top-level comma,
// closed. Fields logged before the cut (cost, scene, machine, …) survive a long stack.
Json completeMembersOf(std::string_view text) {
  size_t lastComma = std::string_view::npos;
  int depth = 0;
  bool inString = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    if (inString) {
      if (ch == '\\')
        ++i;
      else if (ch == '"')
        inString = false;
    } else if (ch == '"') {
      inString = true;
    } else if (ch == '{' || ch == '[') {
      ++depth;
    } else if (ch == '}' || ch == ']') {
      --depth;
    } else if (ch == ',' && depth == 1) {
      lastComma = i;
    }
  }
  if (lastComma == std::string_view::npos) return Json::object();
  auto members = json::parseJson(std::string(text.substr(0, lastComma)) + "}");
  return members.ok() && members->is_object() ? *members : Json::object();
}

StatusOr<MatrixIssue> issueFromJson(const Json& j) {
  if (!j.is_object()) return invalidInput("a Matrix issue must be a JSON object");
  const auto content = j.find("content");
  if (content != j.end() && content->is_string()) {
    // A recorded issue whose content is text (logcat cut it): keep the text, and what of it can be read.
    const std::string text = content->get<std::string>();
    std::optional<int32_t> type;
    if (auto t = json::jsonInt(j, "type")) type = static_cast<int32_t>(*t);
    MatrixIssue issue =
        issueFromContent(completeMembersOf(text), json::jsonString(j, "tag"), type, json::jsonString(j, "key"));
    issue.contentJson = text;
    issue.truncated = json::jsonBool(j, "truncated").value_or(false);
    return issue;
  }
  if (content != j.end() && content->is_object()) {
    std::optional<int32_t> type;
    if (auto t = json::jsonInt(j, "type")) type = static_cast<int32_t>(*t);
    if (!type || *type == 0) {
      if (auto t = json::jsonInt(*content, "type")) type = static_cast<int32_t>(*t);
    }
    return issueFromContent(*content, json::jsonString(j, "tag"), type, json::jsonString(j, "key"));
  }
  if (!j.contains("tag")) return invalidInput("JSON object has neither `tag` nor `content`: not a Matrix issue");
  return issueFromContent(j, "", std::nullopt, "");
}

}  // namespace

std::string_view issueKindName(IssueKind kind) {
  switch (kind) {
    case IssueKind::kEvilMethod: return "evilMethod";
    case IssueKind::kFps: return "fps";
    case IssueKind::kStartup: return "startup";
    case IssueKind::kIo: return "io";
    case IssueKind::kMemory: return "memory";
    case IssueKind::kSqliteLint: return "sqliteLint";
    case IssueKind::kUnknown: return "unknown";
  }
  return "unknown";
}

std::string_view ioIssueTypeName(int32_t type) {
  switch (type) {
    case 1: return "mainThreadIo";
    case 2: return "smallBuffer";
    case 3: return "repeatRead";
    case 4: return "closeableLeak";
    case 5: return "networkInMain";
    case 6: return "cursorLeak";
    default: return "other";
  }
}

StatusOr<MatrixIssue> parseIssueJson(std::string_view text) {
  ASSIGN_OR_RETURN(const Json j, json::parseJson(text));
  return issueFromJson(j);
}

void IssueStreamParser::parseLine(std::string_view line, uint64_t offset) {
  ++m_result.linesRead;
  const uint64_t lineNo = m_result.linesRead;
  auto problem = [&](const Status& s, uint64_t base) {
    m_result.problems.push_back({lineNo, base + (s.hasOffset() ? s.offset() : 0), s.message()});
  };
  if (const auto found = devicetext::findMatrixIssueLine(line)) {
    const size_t contentOffset = found->contentOffset;
    auto j = json::parseJson(found->content);
    if (!j.ok()) {
      problem(Status(StatusCode::kInvalidInput,
                     "Issue.toString() content is not valid JSON (logcat truncates lines near 4 KB): " +
                         j.status().message(),
                     j.status().offset()),
              offset + contentOffset);
      return;
    }
    if (!j->is_object()) {
      problem(invalidInput("Issue.toString() content is not a JSON object", 0), offset + contentOffset);
      return;
    }
    MatrixIssue issue = issueFromContent(*j, std::string(found->tag), found->type, std::string(found->key));
    issue.line = lineNo;
    issue.offset = offset;
    m_result.issues.push_back(std::move(issue));
    return;
  }
  const std::string_view t = text::trim(line);
  if (!t.starts_with('{')) return;  // other logcat output
  const uint64_t base = offset + static_cast<uint64_t>(t.data() - line.data());
  auto issue = parseIssueJson(t);
  if (!issue.ok()) {
    problem(issue.status(), base);
    return;
  }
  issue->line = lineNo;
  issue->offset = offset;
  m_result.issues.push_back(std::move(issue).value());
}

void IssueStreamParser::feed(std::string_view chunk) {
  m_lines.feed(chunk, [this](std::string_view line, uint64_t offset) { parseLine(line, offset); });
}

IssueParseResult IssueStreamParser::finish() {
  m_lines.finish([this](std::string_view line, uint64_t offset) { parseLine(line, offset); });
  IssueParseResult out = std::move(m_result);
  m_result = {};
  return out;
}

IssueParseResult parseIssueText(std::string_view text) {
  std::string_view t = text;
  if (t.starts_with("\xEF\xBB\xBF")) t.remove_prefix(3);
  while (!t.empty() && (t.front() == ' ' || t.front() == '\n' || t.front() == '\r' || t.front() == '\t')) {
    t.remove_prefix(1);
  }
  // A single pretty-printed object or an array of issues.
  if (!t.empty() && (t.front() == '{' || t.front() == '[')) {
    auto whole = json::parseJson(t);
    if (whole.ok()) {
      IssueParseResult result;
      result.linesRead = static_cast<uint64_t>(std::count(text.begin(), text.end(), '\n')) + 1;
      const uint64_t base = static_cast<uint64_t>(t.data() - text.data());
      auto add = [&](const Json& j, size_t index) {
        auto issue = issueFromJson(j);
        if (!issue.ok()) {
          result.problems.push_back({1, base, "element " + std::to_string(index) + ": " + issue.status().message()});
          return;
        }
        issue->line = 1;
        issue->offset = base;
        result.issues.push_back(std::move(issue).value());
      };
      if (whole->is_array()) {
        for (size_t i = 0; i < whole->size(); ++i) add((*whole)[i], i);
      } else {
        add(*whole, 0);
      }
      return result;
    }
  }
  IssueStreamParser parser;
  parser.feed(text);
  return parser.finish();
}

void decodeIssues(IssueParseResult& result, const MethodMapping* mapping) {
  for (MatrixIssue& issue : result.issues) {
    if (issue.kind != IssueKind::kEvilMethod || issue.stack.empty()) continue;
    auto lines = parseStackLines(issue.stack);
    if (!lines.ok()) {
      result.problems.push_back(
          {issue.line, issue.offset, "issue at line " + std::to_string(issue.line) + ": " + lines.status().toString()});
      continue;
    }
    if (lines->empty()) continue;
    CallNode root = buildCallTree(*lines);
    decodeCallTree(root, issue.ownMethodNames ? issue.ownMethodNames.get() : mapping, stackKeyMethodId(issue.stackKey));
    issue.callTree = std::move(root);
  }
}

}  // namespace mxi::core::matrix
