#include "core/adb/adb_stream.h"

namespace mxi::core::adb {

Status AdbStream::readExact(char* buffer, size_t size, const IoLimits& limits) {
  size_t done = 0;
  while (done < size) {
    // Implementations name the stream in their errors.
    ASSIGN_OR_RETURN(const size_t n, read(buffer + done, size - done, limits));
    if (n == 0) {
      return ioError(description() + ": stream closed after " + std::to_string(done) + " of " + std::to_string(size) +
                     " bytes");
    }
    done += n;
  }
  return okStatus();
}

StatusOr<Bytes> AdbStream::readToEnd(const IoLimits& limits) {
  Bytes out;
  char buffer[64 * 1024];
  for (;;) {
    // Implementations name the stream in their errors.
    ASSIGN_OR_RETURN(const size_t n, read(buffer, sizeof buffer, limits));
    if (n == 0) return out;
    out.append(buffer, n);
  }
}

}  // namespace mxi::core::adb
