// A dex file (an APK's classes*.dex) read from memory: its ids (strings, types, fields,
// methods) and its class definitions with the methods each defines, enough to count methods
// and classes per package as Matrix's ApkChecker and dexcount do. Every offset and index is
// checked against the file; a bad one is an error naming the table, the index and the offset.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/status.h"

namespace mxi::core::dex {

struct DexMethodId {
  uint32_t classIndex = 0;  // into DexFile::types
  std::string name;         // "onCreate"
  std::string shorty;       // "VL"
  std::string signature;    // "(Landroid/os/Bundle;)V"
};

struct DexFieldId {
  uint32_t classIndex = 0;  // into DexFile::types: the class declaring it
  uint32_t typeIndex = 0;   // into DexFile::types: its type
  std::string name;         // "ic_launcher"
};

struct DexClassDef {
  uint32_t classIndex = 0;  // into DexFile::types
  uint32_t accessFlags = 0;
  uint32_t superclassIndex = UINT32_MAX;  // NO_INDEX: none
  uint32_t directMethods = 0;
  uint32_t virtualMethods = 0;
  uint32_t staticFields = 0;
  uint32_t instanceFields = 0;
  std::vector<uint32_t> methodIndices;  // method ids this class defines (its class_data), in order
  // Beside methodIndices: each method's code_item offset, 0 for abstract and native methods.
  std::vector<uint32_t> methodCodeOffsets;
  std::vector<uint32_t> staticFieldIndices;  // field ids of its static fields, in class_data order
  uint32_t staticValuesOffset = 0;           // encoded_array of the static fields' initial values; 0: none
  uint32_t definedMethods() const { return directMethods + virtualMethods; }
};

struct DexFile {
  uint32_t version = 0;  // 35, 37, 38, 39, 40, 41
  uint32_t fileSize = 0;
  std::vector<std::string> types;  // descriptors, "Lcom/example/Main;", "[I"
  uint32_t stringIds = 0;
  uint32_t fieldIds = 0;
  std::vector<DexFieldId> fields;    // every field id (fieldIds of them)
  std::vector<DexMethodId> methods;  // every method id: defined here or referenced
  std::vector<DexClassDef> classes;
};

// Parses one dex. A container (dex 41 with several headers) gives its first dex; dex files
// inside vdex/oat are not read.
StatusOr<DexFile> parseDex(std::string_view bytes);

// "Lcom/example/Main$Inner;" → "com.example.Main$Inner"; arrays "[I" → "int[]"; primitives by name.
std::string javaName(std::string_view descriptor);

}  // namespace mxi::core::dex
