// Internal to core/hprof: what dump_source.cpp (the mapping itself) and dump_open.cpp (gzip and
// zip containers) share. Kept apart so that the plain-file part links without libzip (the device
// agent shrinks dumps with it).
#pragma once

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>
#include <string>

#include "core/hprof/dump_source.h"

namespace mxi::core::hprof {

class DumpOpener {
 public:
  static std::shared_ptr<DumpSource> adopt(const uint8_t* data, size_t size, bool owned) {
    auto source = std::shared_ptr<DumpSource>(new DumpSource());
    source->m_data = data;
    source->m_size = size;
    source->m_owned = owned;
    return source;
  }
  static void describe(DumpSource& s, std::string path, ContainerKind kind, std::string entry) {
    s.m_path = std::move(path);
    s.m_container = kind;
    s.m_entryName = std::move(entry);
  }
  static void setMatrixInfo(DumpSource& s, MatrixResultInfo info) {
    s.m_matrixInfo = std::move(info);
    s.m_hasMatrixInfo = true;
  }
};

namespace detail {

inline std::string errnoText() { return std::strerror(errno); }

// Closes a file descriptor on scope exit.
struct Fd {
  int fd = -1;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

// Maps [0, size) of fd read-only (the mapping outlives fd).
StatusOr<std::shared_ptr<DumpSource>> mapFd(int fd, uint64_t size);

}  // namespace detail
}  // namespace mxi::core::hprof
