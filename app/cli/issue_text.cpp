#include "app/cli/issue_text.h"

#include <cstdio>

namespace mxi::cli {

namespace matrix = core::matrix;

namespace {

void printTree(const matrix::CallNode& n, int depth, std::string& out) {
  char line[128];
  std::snprintf(line, sizeof line, "%*s%s%6lld ms (self %lld)  x%lld  ", depth * 2, "", n.isStackKey ? "* " : "",
                static_cast<long long>(n.costMs), static_cast<long long>(n.selfMs), static_cast<long long>(n.count));
  out += line + n.name + (n.isStackKey ? "   <- stackKey" : "") + "\n";
  for (const auto& c : n.children) printTree(c, depth + 1, out);
}

}  // namespace

std::string issueText(const matrix::MatrixIssue& i, size_t index) {
  std::string s = "#" + std::to_string(index + 1) + " " + i.tag;
  if (!i.detail.empty()) s += " " + i.detail;
  if (i.io) s += " " + std::string(matrix::ioIssueTypeName(i.type));
  if (i.costMs) s += "  cost " + std::to_string(*i.costMs) + " ms";
  if (!i.scene.empty()) s += "  scene " + i.scene;
  if (!i.process.empty()) s += "  process " + i.process;
  if (i.timeMs) s += "  time " + std::to_string(*i.timeMs);
  s += "\n";
  if (i.io) {
    char buf[256];
    std::snprintf(buf, sizeof buf, "  size %lld B, %lld ops, buffer %lld B, %s, opSize %lld B, repeat %lld, thread ",
                  static_cast<long long>(i.io->size), static_cast<long long>(i.io->opCount),
                  static_cast<long long>(i.io->buffer), i.io->opType.c_str(), static_cast<long long>(i.io->opSize),
                  static_cast<long long>(i.io->repeat));
    if (!i.io->path.empty()) s += "  path " + i.io->path + "\n";
    if (!i.io->method.empty()) {
      s += "  " + i.io->method + (i.io->caller.empty() ? "" : " called from " + i.io->caller) +
           (i.io->maxOnceMs ? ", slowest call " + std::to_string(*i.io->maxOnceMs) + " ms" : "") + "\n";
    }
    s += buf + i.io->thread + "\n";
  }
  if (i.fps) {
    char buf[256];
    std::snprintf(buf, sizeof buf, "  fps %.1f  frames best/normal/middle/high/frozen %lld/%lld/%lld/%lld/%lld\n",
                  i.fps->fps, static_cast<long long>(i.fps->dropLevel[0]), static_cast<long long>(i.fps->dropLevel[1]),
                  static_cast<long long>(i.fps->dropLevel[2]), static_cast<long long>(i.fps->dropLevel[3]),
                  static_cast<long long>(i.fps->dropLevel[4]));
    s += buf;
  }
  if (i.startup) {
    auto v = [](const std::optional<int64_t>& x) { return x ? std::to_string(*x) + " ms" : std::string("-"); };
    s += "  application create " + v(i.startup->applicationCreateMs) + ", first activity " +
         v(i.startup->firstActivityCreateMs) + ", between " + v(i.startup->betweenMs) + ", total " +
         v(i.startup->startupDurationMs) +
         (i.startup->warmStart ? (*i.startup->warmStart ? ", warm" : ", cold") : std::string()) + "\n";
    if (i.startup->amTotalTimeMs || i.startup->amWaitTimeMs) {
      s += "  am start -W: TotalTime " + v(i.startup->amTotalTimeMs) + ", WaitTime " + v(i.startup->amWaitTimeMs) +
           (i.startup->launchState.empty() ? "" : ", " + i.startup->launchState) + "\n";
    }
  }
  if (i.memory)
    s += "  activity " + i.memory->activity + (i.memory->refKey.empty() ? "" : "  key " + i.memory->refKey) + "\n";
  if (i.callTree) printTree(*i.callTree, 1, s);
  if (!i.threadStack.empty()) {
    size_t shown = 0, pos = 0;
    while (pos < i.threadStack.size() && shown < 12) {
      size_t end = i.threadStack.find('\n', pos);
      if (end == std::string::npos) end = i.threadStack.size();
      const std::string frame = i.threadStack.substr(pos, end - pos);
      if (frame.find_first_not_of(' ') != std::string::npos) {
        s += "  " + frame + "\n";
        ++shown;
      }
      pos = end + 1;
    }
  }
  if (i.kind == matrix::IssueKind::kUnknown) s += "  content " + i.contentJson + "\n";
  return s;
}

}  // namespace mxi::cli
