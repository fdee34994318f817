// Raw deflate (ZIP method 8) inflated into exactly the entry's declared size and never more: a
// stream that would produce one byte past it is refused before that byte is kept.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/base/status.h"

namespace mxi::core::zip {

// `what` names the entry in errors; `offset` is where its data starts in the archive.
StatusOr<std::string> inflateExactly(std::string_view compressed, uint64_t declaredSize, const std::string& what,
                                     uint64_t offset);

}  // namespace mxi::core::zip
