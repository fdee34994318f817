#include "core/zip/zip_archive.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <unordered_map>

#include "core/zip/bounded_inflate.h"
#include "core/zip/mapped_file.h"
#include "core/zip/signing_block.h"
#include "core/zip/zip_directory.h"

namespace mxi::core::zip {

namespace {
constexpr uint16_t kStored = 0;
constexpr uint16_t kDeflated = 8;

uint32_t crcOf(std::string_view bytes) {
  uLong crc = crc32(0, nullptr, 0);
  for (uint64_t at = 0; at < bytes.size();) {
    const uint64_t chunk = std::min<uint64_t>(bytes.size() - at, 1u << 30);
    crc = crc32(crc, reinterpret_cast<const Bytef*>(bytes.data() + at), static_cast<uInt>(chunk));
    at += chunk;
  }
  return static_cast<uint32_t>(crc);
}

std::string hex32(uint32_t value) {
  char text[11];
  std::snprintf(text, sizeof text, "0x%08x", value);
  return text;
}
}  // namespace

struct ZipArchive::Impl {
  std::string label;
  std::string owned;                   // fromBytes
  std::unique_ptr<MappedFile> mapped;  // open
  std::string_view bytes;
  std::vector<ZipEntry> entries;
  std::vector<ZipProblem> problems;
  std::unordered_map<std::string_view, size_t> byName;  // the first entry of a name
  bool hasCentralDirectory = false;
  std::optional<SigningBlock> signingBlock;

  // Tells the mapping that `data` has been read (copied, inflated or summed): without it, reading
  // every entry once (duplicate files' MD5s) keeps the whole package resident on top of what the
  // tasks hold (docs/PERFORMANCE.md, "APK checker").
  void releasePages(std::string_view data) const {
    if (mapped) mapped->doneWith(data);
  }

  Status load() {
    ASSIGN_OR_RETURN(ZipDirectory directory, readZipDirectory(bytes));
    entries = std::move(directory.entries);
    problems = std::move(directory.problems);
    hasCentralDirectory = directory.fromCentralDirectory;
    if (hasCentralDirectory) signingBlock = findSigningBlock(bytes, directory.centralDirectoryOffset, problems);
    byName.reserve(entries.size());
    for (size_t i = 0; i < entries.size(); ++i) byName.emplace(entries[i].name, i);
    // The directory is copied out, and checking it touched a page per entry (its local header):
    // on a large package, megabytes of the file that no reader needs resident.
    if (mapped) mapped->dropAll();
    return okStatus();
  }
};

ZipArchive::ZipArchive(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
ZipArchive::ZipArchive(ZipArchive&&) noexcept = default;
ZipArchive& ZipArchive::operator=(ZipArchive&&) noexcept = default;
ZipArchive::~ZipArchive() = default;

StatusOr<ZipArchive> ZipArchive::open(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return ioError("cannot open " + path + ": " + std::strerror(errno));
  struct stat info {};
  if (::fstat(fd, &info) != 0) {
    const int err = errno;
    ::close(fd);
    return ioError("cannot stat " + path + ": " + std::strerror(err));
  }
  auto impl = std::make_unique<Impl>();
  impl->label = path;
  if (info.st_size > 0) {
    void* p = ::mmap(nullptr, static_cast<size_t>(info.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
    const int err = errno;
    ::close(fd);
    if (p == MAP_FAILED) return ioError("cannot map " + path + ": " + std::strerror(err));
    impl->mapped = std::make_unique<MappedFile>(static_cast<const char*>(p), static_cast<uint64_t>(info.st_size));
    impl->bytes = impl->mapped->bytes();
  } else {
    ::close(fd);
  }
  if (Status s = impl->load(); !s.ok()) return s.withContext(path);
  return ZipArchive(std::move(impl));
}

StatusOr<ZipArchive> ZipArchive::fromBytes(std::string bytes, std::string label) {
  auto impl = std::make_unique<Impl>();
  impl->label = std::move(label);
  impl->owned = std::move(bytes);
  impl->bytes = impl->owned;
  if (Status s = impl->load(); !s.ok()) return s.withContext(impl->label);
  return ZipArchive(std::move(impl));
}

const std::string& ZipArchive::label() const { return m_impl->label; }
uint64_t ZipArchive::fileSize() const { return m_impl->bytes.size(); }
const std::vector<ZipEntry>& ZipArchive::entries() const { return m_impl->entries; }
const std::vector<ZipProblem>& ZipArchive::problems() const { return m_impl->problems; }
bool ZipArchive::hasCentralDirectory() const { return m_impl->hasCentralDirectory; }
std::optional<SigningBlock> ZipArchive::signingBlock() const { return m_impl->signingBlock; }

const ZipEntry* ZipArchive::find(std::string_view name) const {
  const auto it = m_impl->byName.find(name);
  return it == m_impl->byName.end() ? nullptr : &m_impl->entries[it->second];
}

std::string_view ZipArchive::rawData(const ZipEntry& entry) const {
  const std::string_view bytes = m_impl->bytes;
  const StatusOr<uint64_t> start = entryDataOffset(bytes, entry);
  if (!start.ok() || entry.compressedSize > bytes.size() - *start) return {};
  return bytes.substr(*start, entry.compressedSize);
}

// The entry's data as stored, once its method, place and declared sizes are known to be readable.
StatusOr<std::string_view> ZipArchive::dataOf(const ZipEntry& entry, const InflateLimits& limits) const {
  const std::string_view bytes = m_impl->bytes;
  const std::string& name = entry.name;
  if (entry.encrypted) {
    return invalidInput(name + ": encrypted (method " + std::to_string(entry.method) + "): cannot be read",
                        entry.localHeaderOffset);
  }
  if (entry.method != kStored && entry.method != kDeflated) {
    return invalidInput(name + ": compression method " + std::to_string(entry.method) +
                            " is not supported (only 0 stored and 8 deflated)",
                        entry.localHeaderOffset);
  }
  ASSIGN_OR_RETURN(const uint64_t start, entryDataOffset(bytes, entry));
  if (entry.compressedSize > bytes.size() - start) {
    return invalidInput(name + ": its " + std::to_string(entry.compressedSize) +
                            " bytes of data run past the end of the file (" + std::to_string(bytes.size()) + " bytes)",
                        start);
  }
  if (entry.size > limits.maxBytes) {
    return resourceLimit(name + ": declares " + std::to_string(entry.size) + " bytes, over the limit of " +
                             std::to_string(limits.maxBytes),
                         start);
  }
  const std::string_view data = bytes.substr(start, entry.compressedSize);
  if (entry.method == kStored) {
    if (entry.size != entry.compressedSize) {
      return invalidInput(name + ": stored with " + std::to_string(entry.compressedSize) + " bytes but declares " +
                              std::to_string(entry.size),
                          start);
    }
  } else if (entry.compressedSize == 0 ? entry.size > 0 : entry.size / entry.compressedSize > limits.maxRatio) {
    // Deflate cannot shrink anything but by about 1032:1, so a larger ratio is a forged size.
    return resourceLimit(name + ": declares " + std::to_string(entry.size) + " bytes from " +
                             std::to_string(entry.compressedSize) + " compressed, a ratio over " +
                             std::to_string(limits.maxRatio) + " (a zip bomb?)",
                         start);
  }
  return data;
}

Status ZipArchive::checkCrc(const ZipEntry& entry, uint32_t crc, std::string_view data) const {
  if (crc == entry.crc32) return okStatus();
  return invalidInput(entry.name + ": CRC32 " + hex32(crc) + " does not match the stored " + hex32(entry.crc32),
                      static_cast<uint64_t>(data.data() - m_impl->bytes.data()));
}

StatusOr<std::string> ZipArchive::read(const ZipEntry& entry, const InflateLimits& limits) const {
  ASSIGN_OR_RETURN(const std::string_view data, dataOf(entry, limits));
  const uint64_t start = static_cast<uint64_t>(data.data() - m_impl->bytes.data());
  std::string out;
  if (entry.method == kStored) {
    out.assign(data);
  } else {
    ASSIGN_OR_RETURN(out, inflateExactly(data, entry.size, entry.name, start));
  }
  m_impl->releasePages(data);
  RETURN_IF_ERROR(checkCrc(entry, crcOf(out), data));
  return out;
}

StatusOr<EntryBytes> ZipArchive::view(const ZipEntry& entry, const InflateLimits& limits) const {
  if (entry.method != kStored) {
    ASSIGN_OR_RETURN(std::string inflated, read(entry, limits));
    return EntryBytes::owning(std::move(inflated));
  }
  ASSIGN_OR_RETURN(const std::string_view data, dataOf(entry, limits));
  // The CRC is taken a slice at a time, each slice's pages dropped once summed, so checking a
  // large stored entry leaves none of it resident; the reader then touches only what it needs.
  constexpr uint64_t kSlice = 1u << 20;
  uLong crc = crc32(0, nullptr, 0);
  for (uint64_t at = 0; at < data.size(); at += kSlice) {
    const std::string_view slice = data.substr(at, kSlice);
    crc = crc32(crc, reinterpret_cast<const Bytef*>(slice.data()), static_cast<uInt>(slice.size()));
    m_impl->releasePages(slice);
  }
  RETURN_IF_ERROR(checkCrc(entry, static_cast<uint32_t>(crc), data));
  return EntryBytes::viewing(data, m_impl->mapped.get());
}

}  // namespace mxi::core::zip
