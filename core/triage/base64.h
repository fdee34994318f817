// Base64 (RFC 4648) for PNG thumbnails: a TEXT column on both store engines, and data: URLs in
// the HTML page.
#pragma once

#include <string>
#include <string_view>

namespace mxi::core::triage {

std::string toBase64(std::string_view bytes);
std::string fromBase64(std::string_view text);  // stops at '=' or the first character not in the alphabet

}  // namespace mxi::core::triage
