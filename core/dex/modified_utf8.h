// Dex strings are "modified UTF-8" (MUTF-8): NUL as C0 80, and characters beyond the BMP as two
// 3-byte surrogates instead of one 4-byte sequence. This turns them into standard UTF-8.
#pragma once

#include <string>
#include <string_view>

namespace mxi::core::dex {

// The UTF-8 of MUTF-8 `bytes` (without the terminating 0). A surrogate pair becomes one 4-byte
// character; a lone surrogate, a truncated or malformed sequence and a stray byte each become
// U+FFFD, so any input gives valid UTF-8.
std::string decodeModifiedUtf8(std::string_view bytes);

}  // namespace mxi::core::dex
