// The APK Signing Block (APK Signature Scheme v2 and later): the id-value pairs that lie between
// the last entry's data and the central directory, found by their "APK Sig Block 42" footer.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "core/zip/zip_entry.h"

namespace mxi::core::zip {

// nullopt when there is no block; a block with the magic that does not add up is a problem.
std::optional<SigningBlock> findSigningBlock(std::string_view bytes, uint64_t centralDirectoryOffset,
                                             std::vector<ZipProblem>& problems);

}  // namespace mxi::core::zip
