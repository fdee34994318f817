// libFuzzer target for evil-method stacks and name mappings: the input is split at the first
// two NUL bytes into a stack string, a methodMapping.txt and an R8/ProGuard mapping.txt.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/json/json_writer.h"
#include "core/mapping/r8_mapping.h"
#include "core/matrix/call_tree.h"
#include "core/matrix/matrix_json.h"

using namespace mxi::core::json;
using namespace mxi::core::matrix;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view rest(reinterpret_cast<const char*>(data), size);
  auto take = [&rest] {
    const size_t nul = rest.find('\0');
    const std::string_view part = rest.substr(0, nul);
    rest = nul == std::string_view::npos ? std::string_view() : rest.substr(nul + 1);
    return part;
  };
  const std::string_view stack = take(), mappingText = take(), proguardText = rest;
  auto mapping = MethodMapping::parse(mappingText);
  auto proguard = mxi::core::mapping::R8Mapping::parse(proguardText);
  if (mapping.ok() && proguard.ok()) mapping->applyProguard(*proguard);
  auto lines = parseStackLines(stack);
  if (!lines.ok()) return 0;
  CallNode root = buildCallTree(*lines);
  decodeCallTree(root, mapping.ok() ? &*mapping : nullptr, stackKeyMethodId(stack.substr(0, 24)));
  volatile size_t sink = dumpJson(callTreeToJson(root)).size();
  (void)sink;
  return 0;
}
