// JSON views of Matrix issues and evil-method call trees: the contract of `mxi parse issues`, of
// session exports, and the form an issue is stored in inside a session.
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include "core/matrix/matrix_issue.h"

namespace mxi::core::matrix {

// {methodId, name, count, costMs, selfMs, stackKey (only when true), children[]}
nlohmann::ordered_json callTreeToJson(const CallNode& node);
// {tag, kind, type, key, detail, cost, scene, process, time, stackKey, callTree, …kind fields, content}
nlohmann::ordered_json issueToJson(const MatrixIssue& issue);

// The wrapper form stored in sessions for an issue ({tag, type, key, content}).
std::string issueStorageJson(const MatrixIssue& issue);

}  // namespace mxi::core::matrix
