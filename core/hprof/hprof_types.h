// Vocabulary of the HPROF format (HotSpot "JAVA PROFILE 1.0.2" and Android ART "1.0.3").
// Tag values follow the published format; see docs/HPROF.md for our reading of it.
#pragma once

#include <cstdint>
#include <string_view>

#include "core/base/strong_id.h"

namespace mxi::core::hprof {

struct ObjectIdTag {};
struct ObjectIndexTag {};
struct ClassIndexTag {};
// An object's id as written in the dump (its address; 4 or 8 bytes wide).
using ObjectId = StrongId<ObjectIdTag, uint64_t>;
// Dense position of an object in the index, 0..objectCount()-1, ordered by ObjectId.
using ObjectIndex = StrongId<ObjectIndexTag, uint32_t>;
// Dense position of a class in the class table.
using ClassIndex = StrongId<ClassIndexTag, uint32_t>;

inline constexpr ClassIndex kNoClass{UINT32_MAX};
inline constexpr ObjectIndex kNoObject{UINT32_MAX};

enum class BasicType : uint8_t {
  kObject = 2,
  kBoolean = 4,
  kChar = 5,
  kFloat = 6,
  kDouble = 7,
  kByte = 8,
  kShort = 9,
  kInt = 10,
  kLong = 11,
};
// Size of a value of `type`; 0 for an invalid type byte. Object size is the id size.
uint32_t basicTypeSize(BasicType type, uint32_t idSize);
bool isValidBasicType(uint8_t raw);
std::string_view basicTypeName(BasicType type);  // "int", "byte", "Object"…

enum class RecordTag : uint8_t {
  kString = 0x01,
  kLoadClass = 0x02,
  kUnloadClass = 0x03,
  kStackFrame = 0x04,
  kStackTrace = 0x05,
  kAllocSites = 0x06,
  kHeapSummary = 0x07,
  kStartThread = 0x0A,
  kEndThread = 0x0B,
  kHeapDump = 0x0C,
  kCpuSamples = 0x0D,
  kControlSettings = 0x0E,
  kHeapDumpSegment = 0x1C,
  kHeapDumpEnd = 0x2C,
};
// "HEAP_DUMP_SEGMENT"…; empty for a tag the format does not define.
std::string_view recordTagName(uint8_t tag);

enum class SubTag : uint8_t {
  kRootUnknown = 0xFF,
  kRootJniGlobal = 0x01,
  kRootJniLocal = 0x02,
  kRootJavaFrame = 0x03,
  kRootNativeStack = 0x04,
  kRootStickyClass = 0x05,
  kRootThreadBlock = 0x06,
  kRootMonitorUsed = 0x07,
  kRootThreadObject = 0x08,
  kRootInternedString = 0x89,    // Android
  kRootFinalizing = 0x8A,        // Android
  kRootDebugger = 0x8B,          // Android
  kRootReferenceCleanup = 0x8C,  // Android
  kRootVmInternal = 0x8D,        // Android
  kRootJniMonitor = 0x8E,        // Android
  kUnreachable = 0x90,           // Android: listed, but not a GC root
  kClassDump = 0x20,
  kInstanceDump = 0x21,
  kObjectArrayDump = 0x22,
  kPrimitiveArrayDump = 0x23,
  kPrimitiveArrayNoDataDump = 0xC3,  // Android: length and type, no elements
  kHeapDumpInfo = 0xFE,              // Android: following objects belong to this heap
};

// GC root kinds; the values are the sub-record tags that declare them.
enum class RootKind : uint8_t {
  kUnknown = 0xFF,
  kJniGlobal = 0x01,
  kJniLocal = 0x02,
  kJavaFrame = 0x03,
  kNativeStack = 0x04,
  kStickyClass = 0x05,
  kThreadBlock = 0x06,
  kMonitorUsed = 0x07,
  kThreadObject = 0x08,
  kInternedString = 0x89,
  kFinalizing = 0x8A,
  kDebugger = 0x8B,
  kReferenceCleanup = 0x8C,
  kVmInternal = 0x8D,
  kJniMonitor = 0x8E,
  kUnreachable = 0x90,
};
std::string_view rootKindName(RootKind kind);  // "JNI global", "Java frame"…
// Whether the kind keeps its object alive (everything but kUnreachable).
bool isStrongRoot(RootKind kind);

enum class ObjectKind : uint8_t {
  kInstance = 0,
  kClass = 1,
  kObjectArray = 2,
  kPrimitiveArray = 3,
};
std::string_view objectKindName(ObjectKind kind);

}  // namespace mxi::core::hprof
