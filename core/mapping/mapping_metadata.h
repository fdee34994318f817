// R8's `# {"id":…}` comments in a mapping.txt: a lenient reader for the small JSON objects R8
// writes there (double or single quotes, bare keys as in R8's own tests). Anything it cannot read
// is an ordinary comment, as R8's retrace treats it (docs/MAPPING.md).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace mxi::core::mapping {

struct MappingMetadata {
  std::string id;                          // "sourceFile", "com.android.tools.r8.synthesized", …
  std::string fileName;                    // sourceFile
  std::string version;                     // com.android.tools.r8.mapping
  std::string signature;                   // com.android.tools.r8.residualsignature
  std::string outline;                     // outlineCallsite: the outline's residual method, "La;a()I"
  std::map<uint32_t, uint32_t> positions;  // outlineCallsite: outline position → caller's minified line
};

// The metadata in one comment line (without its leading '#'); nullopt when it is no JSON object
// with a string "id".
std::optional<MappingMetadata> parseMappingMetadata(std::string_view comment);

}  // namespace mxi::core::mapping
