// Matrix issues of a minified app, named back through its R8/ProGuard mapping: LAG/ANR thread
// stacks retraced, scene and leaked-activity class names renamed. Evil-method call trees are named
// by the methodMapping (MethodMapping::applyProguard) instead (docs/MAPPING.md).
#pragma once

#include <vector>

#include "core/mapping/r8_mapping.h"
#include "core/matrix/matrix_issue.h"

namespace mxi::core::matrix {

void deobfuscateIssues(std::vector<MatrixIssue>& issues, const mapping::R8Mapping& mapping);

}  // namespace mxi::core::matrix
