// How a Matrix issue from the agent is stored in a session record: the wrapper {tag, type, key,
// pid, logTimeMs, truncated, content} that core/live's decoder and the exports read. Shared by
// the recorder's issue path and its leak watch, which stores a verdict with the chain added.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "core/protocol/messages.h"

namespace mxi::core::agentlink {

// content: the JSON object the app logged, or its text when logcat cut it (`content`, when given,
// replaces it). Written with dumpJson: a line cut inside a multi-byte character is invalid UTF-8,
// which must not end the recording.
std::string issueRecordJson(const protocol::MatrixIssue& issue, const nlohmann::json* content = nullptr);

}  // namespace mxi::core::agentlink
