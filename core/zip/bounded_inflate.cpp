#include "core/zip/bounded_inflate.h"

#include <zlib.h>

#include <algorithm>
#include <memory>

namespace mxi::core::zip {

namespace {
// zlib counts in uInt; larger entries go through in pieces.
constexpr uint64_t kMaxChunk = 1u << 30;

struct InflateEnd {
  void operator()(z_stream* stream) const { inflateEnd(stream); }
};
}  // namespace

StatusOr<std::string> inflateExactly(std::string_view compressed, uint64_t declaredSize, const std::string& what,
                                     uint64_t offset) {
  z_stream stream{};
  if (inflateInit2(&stream, -MAX_WBITS) != Z_OK) return internalError(what + ": zlib inflateInit2 failed");
  const std::unique_ptr<z_stream, InflateEnd> guard(&stream);
  std::string out(declaredSize, '\0');
  unsigned char overflow = 0;
  uint64_t consumed = 0;
  uint64_t produced = 0;
  for (;;) {
    if (stream.avail_in == 0 && consumed < compressed.size()) {
      const uint64_t chunk = std::min<uint64_t>(compressed.size() - consumed, kMaxChunk);
      stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(compressed.data() + consumed));
      stream.avail_in = static_cast<uInt>(chunk);
      consumed += chunk;
    }
    const bool full = produced == declaredSize;
    // Once the declared bytes are out, one spare byte tells whether the stream goes on.
    stream.next_out = full ? &overflow : reinterpret_cast<Bytef*>(out.data() + produced);
    stream.avail_out = full ? 1u : static_cast<uInt>(std::min<uint64_t>(declaredSize - produced, kMaxChunk));
    const uInt roomBefore = stream.avail_out;
    const uInt inBefore = stream.avail_in;
    const int rc = inflate(&stream, Z_NO_FLUSH);
    const uInt wrote = roomBefore - stream.avail_out;
    if (full && wrote > 0) {
      return resourceLimit(what + ": inflates to more than its declared " + std::to_string(declaredSize) + " bytes",
                           offset);
    }
    produced += wrote;
    if (rc == Z_STREAM_END) break;
    if (rc != Z_OK && rc != Z_BUF_ERROR) {
      return invalidInput(what + ": damaged deflate data (" + std::string(stream.msg ? stream.msg : "zlib error") + ")",
                          offset);
    }
    if (wrote == 0 && stream.avail_in == inBefore) {  // no progress: the input ran out
      if (stream.avail_in == 0 && consumed == compressed.size()) {
        return invalidInput(what + ": deflate data cut after " + std::to_string(produced) + " of " +
                                std::to_string(declaredSize) + " bytes",
                            offset);
      }
      return invalidInput(what + ": inflating stalled", offset);
    }
  }
  if (produced != declaredSize) {
    return invalidInput(
        what + ": inflates to " + std::to_string(produced) + " bytes, not the declared " + std::to_string(declaredSize),
        offset);
  }
  return out;
}

}  // namespace mxi::core::zip
