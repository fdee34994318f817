#include "core/matrix/matrix_json.h"

#include "core/json/json_reader.h"
#include "core/json/json_writer.h"

namespace mxi::core::matrix {

using nlohmann::ordered_json;

ordered_json callTreeToJson(const CallNode& node) {
  ordered_json j;
  j["methodId"] = node.methodId;
  j["name"] = node.name;
  j["count"] = node.count;
  j["costMs"] = node.costMs;
  j["selfMs"] = node.selfMs;
  if (node.isStackKey) j["stackKey"] = true;
  ordered_json children = ordered_json::array();
  for (const CallNode& c : node.children) children.push_back(callTreeToJson(c));
  j["children"] = std::move(children);
  return j;
}

ordered_json issueToJson(const MatrixIssue& i) {
  ordered_json j;
  j["tag"] = i.tag;
  j["kind"] = std::string(issueKindName(i.kind));
  j["type"] = i.type;
  j["key"] = i.key;
  j["detail"] = i.detail;
  j["cost"] = json::optionalJson(i.costMs);
  j["scene"] = i.scene;
  j["process"] = i.process;
  j["time"] = json::optionalJson(i.timeMs);
  j["stackKey"] = i.stackKey;
  j["callTree"] = i.callTree ? callTreeToJson(*i.callTree) : ordered_json(nullptr);
  if (!i.threadStack.empty()) j["threadStack"] = i.threadStack;
  if (!i.usage.empty()) j["usage"] = i.usage;
  if (i.fps) {
    ordered_json f;
    const char* names[] = {"best", "normal", "middle", "high", "frozen"};
    for (size_t k = 0; k < framestats::kDropLevelCount; ++k) f["dropLevel"][names[k]] = i.fps->dropLevel[k];
    for (size_t k = 0; k < framestats::kDropLevelCount; ++k) f["dropSum"][names[k]] = i.fps->dropSum[k];
    f["fps"] = i.fps->fps;
    for (const auto& [k, v] : i.fps->metrics) f["metrics"][k] = v;
    j["fps"] = std::move(f);
  }
  if (i.startup) {
    j["startup"] = {{"applicationCreateMs", json::optionalJson(i.startup->applicationCreateMs)},
                    {"firstActivityCreateMs", json::optionalJson(i.startup->firstActivityCreateMs)},
                    {"betweenMs", json::optionalJson(i.startup->betweenMs)},
                    {"startupDurationMs", json::optionalJson(i.startup->startupDurationMs)},
                    {"applicationCreateScene", json::optionalJson(i.startup->applicationCreateScene)},
                    {"warmStart", json::optionalJson(i.startup->warmStart)}};
    if (i.startup->amTotalTimeMs || i.startup->amWaitTimeMs) {
      j["startup"]["amTotalTimeMs"] = json::optionalJson(i.startup->amTotalTimeMs);
      j["startup"]["amWaitTimeMs"] = json::optionalJson(i.startup->amWaitTimeMs);
      j["startup"]["launchState"] = i.startup->launchState;
    }
  }
  if (i.io) {
    j["io"] = {{"issueType", std::string(ioIssueTypeName(i.type))},
               {"path", i.io->path},
               {"size", i.io->size},
               {"opCount", i.io->opCount},
               {"buffer", i.io->buffer},
               {"costMs", i.io->costMs},
               {"opType", i.io->opType},
               {"opSize", i.io->opSize},
               {"thread", i.io->thread},
               {"repeat", i.io->repeat}};
    if (!i.io->method.empty()) {
      j["io"]["method"] = i.io->method;
      j["io"]["caller"] = i.io->caller;
      j["io"]["maxOnceMs"] = json::optionalJson(i.io->maxOnceMs);
    }
  }
  if (i.memory) {
    j["memory"] = {{"activity", i.memory->activity},
                   {"refKey", i.memory->refKey},
                   {"resultZipPath", i.memory->resultZipPath},
                   {"hprofPath", i.memory->hprofPath},
                   {"leakProcess", i.memory->leakProcess},
                   {"leakDetail", i.memory->leakDetail},
                   {"costMillis", json::optionalJson(i.memory->costMillis)}};
  }
  if (i.truncated) {
    j["truncated"] = true;
    j["content"] = i.contentJson;  // the text as received
  } else {
    auto content = json::parseJson(i.contentJson);
    j["content"] = content.ok() ? ordered_json(*content) : ordered_json(nullptr);
  }
  j["line"] = i.line;
  return j;
}

std::string issueStorageJson(const MatrixIssue& i) {
  ordered_json j;
  j["tag"] = i.tag;
  j["type"] = i.type;
  j["key"] = i.key;
  if (i.truncated) {
    j["truncated"] = true;
    j["content"] = i.contentJson;  // the text as received; issueFromJson reads what it can
  } else {
    auto content = json::parseJson(i.contentJson);
    j["content"] = content.ok() ? ordered_json(*content) : ordered_json::object();
  }
  return json::dumpJson(j);
}

}  // namespace mxi::core::matrix
