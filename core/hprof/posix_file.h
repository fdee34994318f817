// Internal to core/hprof: the errno text and the descriptor closer that dump_source.cpp (mapping
// a plain file) and dump_open.cpp (inflating gzip and zip containers into a temporary file)
// share. Kept apart from dump_open.cpp so that the plain-file part links without libzip (the
// device agent shrinks dumps with it).
#pragma once

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

namespace mxi::core::hprof::detail {

inline std::string errnoText() { return std::strerror(errno); }

// Closes a file descriptor on scope exit.
struct Fd {
  int fd = -1;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace mxi::core::hprof::detail
