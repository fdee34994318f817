// libFuzzer target for dex files (core/dex, which the APK checker runs on an app's classes*.dex):
// parse, then the method and class counts and the resource references (every method's code walked); every byte of the
// input also goes through the MUTF-8 decoder, whose output must be valid UTF-8 of bounded size.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/base/check.h"
#include "core/dex/dex_file.h"
#include "core/dex/method_count.h"
#include "core/dex/modified_utf8.h"
#include "core/dex/resource_references.h"

using namespace mxi::core;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  // Each input byte gives at most 3 output bytes (U+FFFD); a surrogate pair's 6 give 4.
  MXI_CHECK(dex::decodeModifiedUtf8(bytes).size() <= 3 * size);
  auto parsed = dex::parseDex(bytes);
  if (!parsed.ok()) {
    MXI_CHECK(parsed.status().hasOffset() && parsed.status().offset() <= size);
    return 0;
  }
  const dex::DexFile& file = *parsed;
  const auto methods = dex::countMethods({&file, 1}, {.group = dex::CountGroup::kClass});
  MXI_CHECK(methods.total.internalMethods + methods.total.externalMethods == file.methods.size());
  const auto classes = dex::countClasses({&file, 1});
  MXI_CHECK(classes.classes == file.classes.size());
  for (const auto& type : file.types) (void)dex::javaName(type);
  auto references = dex::findResourceReferences(file, bytes);
  if (!references.ok()) MXI_CHECK(references.status().hasOffset() && references.status().offset() <= size);
  return 0;
}
