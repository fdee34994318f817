#include "core/hprof/hprof_types.h"

namespace mxi::core::hprof {

bool isValidBasicType(uint8_t raw) { return raw == 2 || (raw >= 4 && raw <= 11); }

uint32_t basicTypeSize(BasicType type, uint32_t idSize) {
  switch (type) {
    case BasicType::kObject: return idSize;
    case BasicType::kBoolean:
    case BasicType::kByte: return 1;
    case BasicType::kChar:
    case BasicType::kShort: return 2;
    case BasicType::kFloat:
    case BasicType::kInt: return 4;
    case BasicType::kDouble:
    case BasicType::kLong: return 8;
  }
  return 0;
}

std::string_view basicTypeName(BasicType type) {
  switch (type) {
    case BasicType::kObject: return "Object";
    case BasicType::kBoolean: return "boolean";
    case BasicType::kChar: return "char";
    case BasicType::kFloat: return "float";
    case BasicType::kDouble: return "double";
    case BasicType::kByte: return "byte";
    case BasicType::kShort: return "short";
    case BasicType::kInt: return "int";
    case BasicType::kLong: return "long";
  }
  return "?";
}

std::string_view recordTagName(uint8_t tag) {
  switch (static_cast<RecordTag>(tag)) {
    case RecordTag::kString: return "STRING";
    case RecordTag::kLoadClass: return "LOAD_CLASS";
    case RecordTag::kUnloadClass: return "UNLOAD_CLASS";
    case RecordTag::kStackFrame: return "STACK_FRAME";
    case RecordTag::kStackTrace: return "STACK_TRACE";
    case RecordTag::kAllocSites: return "ALLOC_SITES";
    case RecordTag::kHeapSummary: return "HEAP_SUMMARY";
    case RecordTag::kStartThread: return "START_THREAD";
    case RecordTag::kEndThread: return "END_THREAD";
    case RecordTag::kHeapDump: return "HEAP_DUMP";
    case RecordTag::kCpuSamples: return "CPU_SAMPLES";
    case RecordTag::kControlSettings: return "CONTROL_SETTINGS";
    case RecordTag::kHeapDumpSegment: return "HEAP_DUMP_SEGMENT";
    case RecordTag::kHeapDumpEnd: return "HEAP_DUMP_END";
  }
  return {};
}

std::string_view rootKindName(RootKind kind) {
  switch (kind) {
    case RootKind::kUnknown: return "unknown";
    case RootKind::kJniGlobal: return "JNI global";
    case RootKind::kJniLocal: return "JNI local";
    case RootKind::kJavaFrame: return "Java frame";
    case RootKind::kNativeStack: return "native stack";
    case RootKind::kStickyClass: return "sticky class";
    case RootKind::kThreadBlock: return "thread block";
    case RootKind::kMonitorUsed: return "monitor used";
    case RootKind::kThreadObject: return "thread object";
    case RootKind::kInternedString: return "interned string";
    case RootKind::kFinalizing: return "finalizing";
    case RootKind::kDebugger: return "debugger";
    case RootKind::kReferenceCleanup: return "reference cleanup";
    case RootKind::kVmInternal: return "VM internal";
    case RootKind::kJniMonitor: return "JNI monitor";
    case RootKind::kUnreachable: return "unreachable";
  }
  return "?";
}

bool isStrongRoot(RootKind kind) { return kind != RootKind::kUnreachable; }

std::string_view objectKindName(ObjectKind kind) {
  switch (kind) {
    case ObjectKind::kInstance: return "instance";
    case ObjectKind::kClass: return "class";
    case ObjectKind::kObjectArray: return "object array";
    case ObjectKind::kPrimitiveArray: return "primitive array";
  }
  return "?";
}

}  // namespace mxi::core::hprof
