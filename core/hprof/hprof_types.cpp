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
