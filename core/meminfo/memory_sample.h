// One sample of an app's memory on the session's timeline (RecordType::kMemory): the categories of
// `dumpsys meminfo`'s App Summary and its totals, plus what happened since the previous sample (a
// GC the leak watch forced, a heap dump, a leak found). docs/SESSIONS.md has the record layout.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace mxi::core::meminfo {

enum MemoryMark : uint32_t {
  kMemoryMarkGcForced = 1u << 0,
  kMemoryMarkHeapDumped = 1u << 1,
  kMemoryMarkLeakFound = 1u << 2
};

struct MemorySample {
  int64_t timeNs = 0;  // device CLOCK_MONOTONIC ns (the frames' clock)
  int32_t pid = 0;
  // kB; -1 where the source did not give it (a layout without App Summary, /proc without a category)
  int64_t javaHeapKb = -1, nativeHeapKb = -1, codeKb = -1, stackKb = -1, graphicsKb = -1, privateOtherKb = -1,
          systemKb = -1, totalPssKb = -1, totalRssKb = -1, totalSwapKb = -1;
  uint32_t marks = 0;  // MemoryMark bits: what happened since the previous sample
  friend bool operator==(const MemorySample&, const MemorySample&) = default;
};

// The sample's values by category, in one order every reader shares (record layout, summary,
// exports, charts): the seven App Summary parts first (they stack to the total PSS), then the totals.
enum class MemoryCategory : uint8_t {
  kJava,
  kNative,
  kCode,
  kStack,
  kGraphics,
  kPrivateOther,
  kSystem,
  kTotalPss,
  kTotalRss,
  kTotalSwap,
};
inline constexpr size_t kMemoryCategoryCount = 10;
inline constexpr size_t kMemoryStackedCategories = 7;  // kJava … kSystem

inline constexpr std::array<MemoryCategory, kMemoryCategoryCount> kMemoryCategories{
    MemoryCategory::kJava,     MemoryCategory::kNative,       MemoryCategory::kCode,   MemoryCategory::kStack,
    MemoryCategory::kGraphics, MemoryCategory::kPrivateOther, MemoryCategory::kSystem, MemoryCategory::kTotalPss,
    MemoryCategory::kTotalRss, MemoryCategory::kTotalSwap};

// The JSON key ("java", "native", "code", "stack", "graphics", "privateOther", "system",
// "totalPss", "totalRss", "totalSwap").
std::string_view memoryCategoryKey(MemoryCategory category);
// The sample's field as JSON names it, the names `mxi parse meminfo` gives the App Summary:
// "javaHeapKb", "nativeHeapKb", "codeKb", … "totalSwapKb".
std::string_view memoryFieldName(MemoryCategory category);
// For people: "Java", "Native", "Code", "Stack", "Graphics", "Private other", "System",
// "Total PSS", "Total RSS", "Total swap".
std::string_view memoryCategoryLabel(MemoryCategory category);

// The sample's field for `category` (writable through a non-const sample).
template <typename Sample>
auto& memoryValue(Sample& s, MemoryCategory category) {
  switch (category) {
    case MemoryCategory::kJava: return s.javaHeapKb;
    case MemoryCategory::kNative: return s.nativeHeapKb;
    case MemoryCategory::kCode: return s.codeKb;
    case MemoryCategory::kStack: return s.stackKb;
    case MemoryCategory::kGraphics: return s.graphicsKb;
    case MemoryCategory::kPrivateOther: return s.privateOtherKb;
    case MemoryCategory::kSystem: return s.systemKb;
    case MemoryCategory::kTotalPss: return s.totalPssKb;
    case MemoryCategory::kTotalRss: return s.totalRssKb;
    case MemoryCategory::kTotalSwap: break;
  }
  return s.totalSwapKb;
}

// "GC forced", "dump taken", "leak found" joined by ", " (empty without marks).
std::string describeMemoryMarks(uint32_t marks);

}  // namespace mxi::core::meminfo
