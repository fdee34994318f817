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

// Ids are indices only (a large app has hundreds of thousands of them); their texts are the
// DexFile's, each stored once: DexFile::methodName(), signature(), fieldName().
struct DexMethodId {
  uint32_t classIndex = 0;  // into DexFile::types
  uint32_t protoIndex = 0;  // into DexFile::protos
  uint32_t nameIndex = 0;   // into DexFile::memberNames
};

struct DexProto {
  std::string shorty;     // "VL"
  std::string signature;  // "(Landroid/os/Bundle;)V"
};

struct DexFieldId {
  uint32_t classIndex = 0;  // into DexFile::types: the class declaring it
  uint32_t typeIndex = 0;   // into DexFile::types: its type
  uint32_t nameIndex = 0;   // into DexFile::memberNames
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
  std::vector<DexProto> protos;
  std::vector<std::string> memberNames;  // the names fields and methods have, each once

  const std::string& methodName(const DexMethodId& m) const { return memberNames[m.nameIndex]; }  // "onCreate"
  const std::string& signature(const DexMethodId& m) const { return protos[m.protoIndex].signature; }
  const std::string& shorty(const DexMethodId& m) const { return protos[m.protoIndex].shorty; }
  const std::string& fieldName(const DexFieldId& f) const { return memberNames[f.nameIndex]; }  // "ic_launcher"
};

// Parses one dex. A container (dex 41 with several headers) gives its first dex; dex files
// inside vdex/oat are not read.
StatusOr<DexFile> parseDex(std::string_view bytes);

// "Lcom/example/Main$Inner;" → "com.example.Main$Inner"; arrays "[I" → "int[]"; primitives by name.
std::string javaName(std::string_view descriptor);

}  // namespace mxi::core::dex
