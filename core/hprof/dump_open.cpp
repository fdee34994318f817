// Opening a dump in any container: plain (mapped as is), gzip or zip (inflated into an unlinked
// temporary file that is then mapped), and openAndIndex. Needs zlib and libzip.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zip.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "core/hprof/dump_source.h"
#include "core/hprof/heap_index.h"
#include "core/hprof/posix_file.h"

namespace mxi::core::hprof {

namespace {

using detail::errnoText;
using detail::Fd;

constexpr uint64_t kDefaultMaxDecompressed = 64ull << 30;
constexpr size_t kChunk = 1 << 20;

// An unlinked temporary file the inflated dump is written to and then mapped from, so a
// multi-GB gzip never has to fit in RAM.
StatusOr<int> makeTempFile(const OpenOptions& options) {
  std::string dir = options.tempDir;
  if (dir.empty()) {
    const char* env = std::getenv("TMPDIR");
    dir = env && *env ? env : "/tmp";
  }
  std::string templ = dir + "/mxi-inflated-XXXXXX";
  std::vector<char> name(templ.begin(), templ.end());
  name.push_back('\0');
  int fd = ::mkstemp(name.data());
  if (fd < 0) return ioError("cannot create a temporary file in " + dir + ": " + errnoText());
  ::unlink(name.data());
  return fd;
}

Status writeAll(int fd, const uint8_t* data, size_t n) {
  while (n > 0) {
    ssize_t w = ::write(fd, data, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      return ioError("cannot write the inflated dump to a temporary file: " + errnoText());
    }
    data += w;
    n -= static_cast<size_t>(w);
  }
  return okStatus();
}

uint64_t capOf(const OpenOptions& options) {
  return options.maxDecompressedBytes ? options.maxDecompressedBytes : kDefaultMaxDecompressed;
}

Status decompressedTooLarge(uint64_t cap, uint64_t at) {
  return resourceLimit("decompressed data exceeds the limit of " + std::to_string(cap) +
                           " bytes (zip-bomb guard; raise it with --max-inflate)",
                       at);
}

StatusOr<std::shared_ptr<DumpSource>> openGzip(const std::string& path, std::span<const uint8_t> in,
                                               const OpenOptions& options, ProgressSink& progress,
                                               const CancelToken& cancel) {
  ASSIGN_OR_RETURN(int tmp, makeTempFile(options));
  Fd out{tmp};
  const uint64_t cap = capOf(options);
  z_stream zs{};
  if (inflateInit2(&zs, 15 + 32) != Z_OK) return internalError("zlib inflateInit2 failed");
  std::vector<uint8_t> buffer(kChunk);
  uint64_t consumed = 0, produced = 0;
  Status status;
  while (status.ok()) {
    if (zs.avail_in == 0) {
      if (consumed >= in.size()) {
        status = invalidInput("truncated at byte " + std::to_string(in.size()) + ": the gzip stream ends early (" +
                                  std::to_string(produced) + " bytes of the dump inflated before it)",
                              consumed);
        break;
      }
      const size_t n = std::min<uint64_t>(kChunk, in.size() - consumed);
      zs.next_in = const_cast<Bytef*>(in.data() + consumed);
      zs.avail_in = static_cast<uInt>(n);
      consumed += n;
      if (!progress.report("inflating", static_cast<int>(consumed * 1000 / in.size())) || cancel.isCancelled()) {
        status = cancelled();
        break;
      }
    }
    zs.next_out = buffer.data();
    zs.avail_out = static_cast<uInt>(buffer.size());
    const int rc = inflate(&zs, Z_NO_FLUSH);
    const size_t got = buffer.size() - zs.avail_out;
    produced += got;
    if (produced > cap) {
      status = decompressedTooLarge(cap, consumed - zs.avail_in);
      break;
    }
    if (got) status = writeAll(out.fd, buffer.data(), got);
    if (rc == Z_STREAM_END) {
      // Concatenated gzip members (e.g. `cat a.gz b.gz`) continue the same stream.
      const uint64_t at = consumed - zs.avail_in;
      if (at >= in.size()) break;
      if (inflateReset(&zs) != Z_OK) status = internalError("zlib inflateReset failed");
      continue;
    }
    if (rc == Z_BUF_ERROR && zs.avail_in == 0) continue;  // needs more input
    if (rc != Z_OK) {
      status = invalidInput(std::string("corrupt gzip data: ") + (zs.msg ? zs.msg : "inflate error"),
                            consumed - zs.avail_in);
    }
  }
  inflateEnd(&zs);
  RETURN_IF_ERROR(status);
  return DumpSource::mapFile(out.fd, produced, DumpOrigin{path, ContainerKind::kGzip, {}, std::nullopt});
}

bool escapesArchive(const std::string& name) {
  if (name.empty() || name.front() == '/' || name.find('\\') != std::string::npos) return true;
  size_t start = 0;
  while (start <= name.size()) {
    const size_t end = std::min(name.find('/', start), name.size());
    if (name.compare(start, end - start, "..") == 0 && end - start == 2) return true;
    start = end + 1;
  }
  return false;
}

bool endsWithHprof(const std::string& name) {
  if (name.size() < 6) return false;
  std::string tail = name.substr(name.size() - 6);
  std::transform(tail.begin(), tail.end(), tail.begin(), [](unsigned char c) { return std::tolower(c); });
  return tail == ".hprof";
}

struct ZipCloser {
  zip_t* zip;
  ~ZipCloser() {
    if (zip) zip_discard(zip);
  }
};

StatusOr<std::string> readSmallEntry(zip_t* zip, zip_int64_t index, uint64_t limit) {
  zip_file_t* f = zip_fopen_index(zip, static_cast<zip_uint64_t>(index), 0);
  if (!f) return invalidInput(std::string("cannot open zip entry: ") + zip_strerror(zip));
  std::string text;
  char buf[4096];
  zip_int64_t n;
  while ((n = zip_fread(f, buf, sizeof buf)) > 0) {
    text.append(buf, static_cast<size_t>(n));
    if (text.size() > limit) break;
  }
  zip_fclose(f);
  if (n < 0) return invalidInput("corrupt zip entry data");
  return text;
}

StatusOr<std::shared_ptr<DumpSource>> openZip(const std::string& path, const OpenOptions& options,
                                              ProgressSink& progress, const CancelToken& cancel) {
  int err = 0;
  ZipCloser archive{zip_open(path.c_str(), ZIP_RDONLY | ZIP_CHECKCONS, &err)};
  if (!archive.zip) {
    zip_error_t ze;
    zip_error_init_with_code(&ze, err);
    std::string msg = std::string("not a readable zip archive: ") + zip_error_strerror(&ze);
    zip_error_fini(&ze);
    return invalidInput(msg, 0);
  }
  const zip_int64_t count = zip_get_num_entries(archive.zip, 0);
  std::vector<zip_int64_t> hprofEntries;
  zip_int64_t resultInfo = -1;
  for (zip_int64_t i = 0; i < count; ++i) {
    const char* raw = zip_get_name(archive.zip, static_cast<zip_uint64_t>(i), 0);
    if (!raw) return invalidInput("zip entry " + std::to_string(i) + " has no readable name");
    const std::string name = raw;
    if (escapesArchive(name)) {
      return invalidInput("zip entry name escapes the archive (path traversal refused): " + name);
    }
    if (name == "result.info" || name.ends_with("/result.info")) resultInfo = i;
    if (endsWithHprof(name)) hprofEntries.push_back(i);
  }

  MatrixResultInfo info;
  bool haveInfo = false;
  zip_int64_t chosen = -1;
  if (resultInfo >= 0) {
    ASSIGN_OR_RETURN(std::string text, readSmallEntry(archive.zip, resultInfo, 1 << 20));
    info = parseMatrixResultInfo(text);
    haveInfo = true;
    if (!info.hprofEntry.empty()) {
      chosen = zip_name_locate(archive.zip, info.hprofEntry.c_str(), 0);
      if (chosen < 0) {
        return invalidInput("result.info names hprofEntry '" + info.hprofEntry + "' but the archive has no such entry");
      }
    }
  }
  if (chosen < 0) {
    if (hprofEntries.empty()) return invalidInput("zip archive holds no .hprof entry");
    if (hprofEntries.size() > 1) {
      return invalidInput("zip archive holds " + std::to_string(hprofEntries.size()) +
                          " .hprof entries and no result.info saying which one to open");
    }
    chosen = hprofEntries.front();
  }

  zip_stat_t st;
  zip_stat_init(&st);
  if (zip_stat_index(archive.zip, static_cast<zip_uint64_t>(chosen), 0, &st) != 0) {
    return invalidInput(std::string("cannot stat zip entry: ") + zip_strerror(archive.zip));
  }
  const std::string entryName = st.name ? st.name : "";
  const uint64_t cap = capOf(options);
  if ((st.valid & ZIP_STAT_SIZE) && st.size > cap) return decompressedTooLarge(cap, 0);

  ASSIGN_OR_RETURN(int tmp, makeTempFile(options));
  Fd out{tmp};
  zip_file_t* f = zip_fopen_index(archive.zip, static_cast<zip_uint64_t>(chosen), 0);
  if (!f) return invalidInput("cannot open zip entry " + entryName + ": " + zip_strerror(archive.zip));
  std::vector<uint8_t> buffer(kChunk);
  uint64_t produced = 0;
  Status status;
  zip_int64_t n;
  while ((n = zip_fread(f, buffer.data(), buffer.size())) > 0) {
    produced += static_cast<uint64_t>(n);
    if (produced > cap) {
      status = decompressedTooLarge(cap, 0);
      break;
    }
    status = writeAll(out.fd, buffer.data(), static_cast<size_t>(n));
    if (!status.ok()) break;
    const uint64_t total = (st.valid & ZIP_STAT_SIZE) && st.size ? st.size : produced;
    if (!progress.report("inflating", static_cast<int>(std::min<uint64_t>(produced * 1000 / total, 1000))) ||
        cancel.isCancelled()) {
      status = cancelled();
      break;
    }
  }
  if (status.ok() && n < 0) {
    status = invalidInput("corrupt data in zip entry " + entryName + ": " + zip_file_strerror(f));
  }
  zip_fclose(f);
  RETURN_IF_ERROR(status);
  std::optional<MatrixResultInfo> matrixInfo;
  if (haveInfo) matrixInfo = std::move(info);
  return DumpSource::mapFile(out.fd, produced, DumpOrigin{path, ContainerKind::kZip, entryName, std::move(matrixInfo)});
}

}  // namespace

StatusOr<std::shared_ptr<DumpSource>> openDump(const std::string& path, const OpenOptions& options,
                                               ProgressSink& progress, const CancelToken& cancel) {
  ASSIGN_OR_RETURN(std::shared_ptr<DumpSource> raw, mapDumpFile(path));
  const auto bytes = raw->bytes();
  if (bytes.size() >= 2 && bytes[0] == 0x1f && bytes[1] == 0x8b) {
    return withContext(openGzip(path, bytes, options, progress, cancel), path);
  }
  if (bytes.size() >= 4 && bytes[0] == 'P' && bytes[1] == 'K' &&
      ((bytes[2] == 3 && bytes[3] == 4) || (bytes[2] == 5 && bytes[3] == 6))) {
    raw.reset();
    return withContext(openZip(path, options, progress, cancel), path);
  }
  return raw;  // plain: described by mapDumpFile
}

StatusOr<std::shared_ptr<HeapIndex>> openAndIndex(const std::string& path, const OpenOptions& openOptions,
                                                  const IndexOptions& indexOptions, ProgressSink& progress,
                                                  const CancelToken& cancel) {
  ASSIGN_OR_RETURN(auto source, openDump(path, openOptions, progress, cancel));
  return HeapIndex::build(std::move(source), indexOptions, progress, cancel);
}

}  // namespace mxi::core::hprof
