// Whether this test program runs under AddressSanitizer, where every process is several times
// slower: tests bound by real time or by a round count pick their sanitizer budget with it.
#pragma once

namespace mxi::test {

inline bool underAddressSanitizer() {
#if defined(__SANITIZE_ADDRESS__)
  return true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
  return true;
#endif
#endif
  return false;
}

}  // namespace mxi::test
