#include "core/hprof/dump_source.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "core/hprof/posix_file.h"

// Linux 5.14+; glibc 2.36's headers do not name it yet. Older kernels answer EINVAL, harmlessly.
#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22
#endif

namespace mxi::core::hprof {

DumpSource::DumpSource(const uint8_t* data, size_t size, bool owned, DumpOrigin origin)
    : m_data(data), m_size(size), m_owned(owned), m_origin(std::move(origin)) {}

StatusOr<std::shared_ptr<DumpSource>> DumpSource::mapFile(int fd, uint64_t size, DumpOrigin origin) {
  if (size == 0) return invalidInput("empty file: not a heap dump", 0);
  void* p = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
  if (p == MAP_FAILED) return ioError("cannot map " + std::to_string(size) + " bytes: " + detail::errnoText());
  return std::shared_ptr<DumpSource>(new DumpSource(static_cast<const uint8_t*>(p), size, true, std::move(origin)));
}

DumpSource::~DumpSource() {
  if (m_owned && m_data) ::munmap(const_cast<uint8_t*>(m_data), m_size);
}

namespace {
// Page-aligned [begin, end) inside the mapping, shrunk inwards.
bool pageRange(uint64_t size, uint64_t& begin, uint64_t& end) {
  const uint64_t page = static_cast<uint64_t>(::sysconf(_SC_PAGESIZE));
  begin = (begin + page - 1) / page * page;
  end = std::min(end, size) / page * page;
  return begin < end;
}
}  // namespace

void DumpSource::prefetch(uint64_t begin, uint64_t end) const {
  if (m_owned && pageRange(m_size, begin, end)) {
    ::madvise(const_cast<uint8_t*>(m_data) + begin, end - begin, MADV_POPULATE_READ);
  }
}

void DumpSource::release(uint64_t begin, uint64_t end) const {
  // Safe only because the mapping is a read-only private file mapping: dropped pages are
  // read back from the file on the next access. Never done to caller-owned memory.
  if (m_owned && pageRange(m_size, begin, end)) {
    ::madvise(const_cast<uint8_t*>(m_data) + begin, end - begin, MADV_DONTNEED);
  }
}

std::shared_ptr<DumpSource> DumpSource::fromMemory(std::span<const uint8_t> bytes, std::string name) {
  return std::shared_ptr<DumpSource>(new DumpSource(
      bytes.data(), bytes.size(), false, DumpOrigin{std::move(name), ContainerKind::kPlain, {}, std::nullopt}));
}

StatusOr<std::shared_ptr<DumpSource>> mapDumpFile(const std::string& path) {
  detail::Fd in{::open(path.c_str(), O_RDONLY | O_CLOEXEC)};
  if (in.fd < 0) {
    const Status s = errno == ENOENT ? notFound("no such file") : ioError("cannot open: " + detail::errnoText());
    return s.withContext(path);
  }
  struct stat st;
  if (::fstat(in.fd, &st) != 0) return ioError("cannot stat: " + detail::errnoText()).withContext(path);
  if (!S_ISREG(st.st_mode)) return invalidInput("not a regular file").withContext(path);
  return withContext(DumpSource::mapFile(in.fd, static_cast<uint64_t>(st.st_size),
                                         DumpOrigin{path, ContainerKind::kPlain, {}, std::nullopt}),
                     path);
}

}  // namespace mxi::core::hprof
