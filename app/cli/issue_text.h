// The text `mxi parse issues` and `mxi parse trace` print for one Matrix issue: its headline,
// kind-specific fields and, for evil methods, the named call tree.
#pragma once

#include <cstddef>
#include <string>

#include "core/matrix/matrix_issue.h"

namespace mxi::cli {

// "#N TAG DETAIL  cost … ms  scene …" and the lines below it.
std::string issueText(const core::matrix::MatrixIssue& issue, size_t index);

}  // namespace mxi::cli
