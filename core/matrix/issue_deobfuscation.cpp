#include "core/matrix/issue_deobfuscation.h"

namespace mxi::core::matrix {

void deobfuscateIssues(std::vector<MatrixIssue>& issues, const mapping::R8Mapping& mapping) {
  for (MatrixIssue& i : issues) {
    if (!i.threadStack.empty()) i.threadStack = mapping::retraceStack(mapping, i.threadStack);
    // Matrix's scene is the resumed activity's (or fragment's) class name, minified in a release build.
    if (!i.scene.empty()) i.scene = mapping.originalClass(i.scene);
    if (i.memory && !i.memory->activity.empty()) i.memory->activity = mapping.originalClass(i.memory->activity);
  }
}

}  // namespace mxi::core::matrix
