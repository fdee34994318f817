#include "core/meminfo/memory_sample.h"

namespace mxi::core::meminfo {

std::string_view memoryCategoryKey(MemoryCategory category) {
  switch (category) {
    case MemoryCategory::kJava: return "java";
    case MemoryCategory::kNative: return "native";
    case MemoryCategory::kCode: return "code";
    case MemoryCategory::kStack: return "stack";
    case MemoryCategory::kGraphics: return "graphics";
    case MemoryCategory::kPrivateOther: return "privateOther";
    case MemoryCategory::kSystem: return "system";
    case MemoryCategory::kTotalPss: return "totalPss";
    case MemoryCategory::kTotalRss: return "totalRss";
    case MemoryCategory::kTotalSwap: break;
  }
  return "totalSwap";
}

std::string_view memoryFieldName(MemoryCategory category) {
  switch (category) {
    case MemoryCategory::kJava: return "javaHeapKb";
    case MemoryCategory::kNative: return "nativeHeapKb";
    case MemoryCategory::kCode: return "codeKb";
    case MemoryCategory::kStack: return "stackKb";
    case MemoryCategory::kGraphics: return "graphicsKb";
    case MemoryCategory::kPrivateOther: return "privateOtherKb";
    case MemoryCategory::kSystem: return "systemKb";
    case MemoryCategory::kTotalPss: return "totalPssKb";
    case MemoryCategory::kTotalRss: return "totalRssKb";
    case MemoryCategory::kTotalSwap: break;
  }
  return "totalSwapKb";
}

std::string_view memoryCategoryLabel(MemoryCategory category) {
  switch (category) {
    case MemoryCategory::kJava: return "Java";
    case MemoryCategory::kNative: return "Native";
    case MemoryCategory::kCode: return "Code";
    case MemoryCategory::kStack: return "Stack";
    case MemoryCategory::kGraphics: return "Graphics";
    case MemoryCategory::kPrivateOther: return "Private other";
    case MemoryCategory::kSystem: return "System";
    case MemoryCategory::kTotalPss: return "Total PSS";
    case MemoryCategory::kTotalRss: return "Total RSS";
    case MemoryCategory::kTotalSwap: break;
  }
  return "Total swap";
}

std::string describeMemoryMarks(uint32_t marks) {
  std::string out;
  const auto add = [&](uint32_t bit, const char* text) {
    if ((marks & bit) == 0) return;
    if (!out.empty()) out += ", ";
    out += text;
  };
  add(kMemoryMarkGcForced, "GC forced");
  add(kMemoryMarkHeapDumped, "dump taken");
  add(kMemoryMarkLeakFound, "leak found");
  return out;
}

}  // namespace mxi::core::meminfo
