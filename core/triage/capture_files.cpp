#include "core/triage/capture_files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>
#include <vector>

#define XXH_STATIC_LINKING_ONLY  // XXH3_state_t on the stack
#include <xxhash.h>

#include "core/session/session_format.h"

namespace mxi::core::triage {
namespace fs = std::filesystem;
namespace {

constexpr size_t kHeadBytes = 64 * 1024;

std::string readHead(const fs::path& path) {
  std::string head(kHeadBytes, '\0');
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return {};
  const ssize_t n = ::read(fd, head.data(), head.size());
  ::close(fd);
  head.resize(n > 0 ? static_cast<size_t>(n) : 0);
  return head;
}

int64_t modifiedMs(const fs::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return 0;
  return static_cast<int64_t>(st.st_mtim.tv_sec) * 1000 + st.st_mtim.tv_nsec / 1'000'000;
}

}  // namespace

const char* captureTypeName(CaptureType type) {
  switch (type) {
    case CaptureType::kHeapDump: return "hprof";
    case CaptureType::kSession: return "session";
    case CaptureType::kFramestats: return "framestats";
    case CaptureType::kMatrixIssues: return "issues";
    case CaptureType::kAnrTrace: return "anr";
  }
  return "?";
}

std::optional<CaptureType> classifyCapture(std::string_view head, bool named) {
  if (head.starts_with("JAVA PROFILE ")) return CaptureType::kHeapDump;
  if (head.starts_with("\x1f\x8b") || head.starts_with("PK\x03\x04")) return CaptureType::kHeapDump;
  if (head.starts_with(session::kFileMagic)) return CaptureType::kSession;
  if (head.find("---PROFILEDATA---") != std::string_view::npos) return CaptureType::kFramestats;
  if (head.find("----- pid ") != std::string_view::npos && head.find("\"main\"") != std::string_view::npos) {
    return CaptureType::kAnrTrace;
  }
  // Matrix issues: their tags, in JSON or in Issue.toString() lines.
  for (std::string_view tag : {"Trace_EvilMethod", "Trace_FPS", "Trace_StartUp", "Trace_Anr", "\"tag\":\"io\"",
                               "tag[io]", "\"tag\": \"io\""}) {
    if (head.find(tag) != std::string_view::npos) return CaptureType::kMatrixIssues;
  }
  // A logcat or DropBox dump with StrictMode reports: they are read as IOCanary issues.
  if (head.find("StrictMode policy violation") != std::string_view::npos ||
      head.find("_app_strictmode") != std::string_view::npos) {
    return CaptureType::kMatrixIssues;
  }
  // A file the user named is taken as a heap dump, so a damaged one says what is wrong with it.
  if (named) return CaptureType::kHeapDump;
  return std::nullopt;
}

StatusOr<std::vector<CaptureFile>> findCaptures(const std::vector<std::string>& paths) {
  std::vector<CaptureFile> found;
  auto consider = [&](const fs::path& path, bool named) {
    std::error_code ec;
    const uint64_t size = fs::file_size(path, ec);
    if (ec) return;
    const auto type = classifyCapture(readHead(path), named);
    if (!type) return;
    found.push_back({path.string(), *type, size, modifiedMs(path)});
  };
  for (const std::string& given : paths) {
    std::error_code ec;
    const auto status = fs::status(given, ec);
    if (ec || !fs::exists(status)) return notFound(given + ": no such file or folder");
    if (fs::is_directory(status)) {
      fs::recursive_directory_iterator it(given, fs::directory_options::skip_permission_denied, ec), end;
      if (ec) return ioError(given + ": " + ec.message());
      for (; it != end; it.increment(ec)) {
        if (ec) return ioError(given + ": " + ec.message());
        if (it->is_regular_file(ec) && !it->is_symlink(ec)) consider(it->path(), false);
      }
    } else {
      consider(given, true);
    }
  }
  std::sort(found.begin(), found.end(), [](const CaptureFile& a, const CaptureFile& b) { return a.path < b.path; });
  found.erase(std::unique(found.begin(), found.end(),
                          [](const CaptureFile& a, const CaptureFile& b) { return a.path == b.path; }),
              found.end());
  return found;
}

namespace {
std::string hex128(const XXH128_hash_t& h) {
  char hex[33];
  std::snprintf(hex, sizeof hex, "%016llx%016llx", static_cast<unsigned long long>(h.high64),
                static_cast<unsigned long long>(h.low64));
  return hex;
}
}  // namespace

std::string hashText(std::string_view text) { return hex128(XXH3_128bits(text.data(), text.size())); }

StatusOr<std::string> hashFile(const std::string& path, const CancelToken& cancel) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return ioError(path + ": " + std::strerror(errno));
  XXH3_state_t state;
  XXH3_128bits_reset(&state);
  std::vector<char> block(1 << 20);
  for (;;) {
    if (cancel.isCancelled()) {
      ::close(fd);
      return cancelled();
    }
    const ssize_t n = ::read(fd, block.data(), block.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const std::string message = std::strerror(errno);
      ::close(fd);
      return ioError(path + ": " + message);
    }
    if (n == 0) break;
    XXH3_128bits_update(&state, block.data(), static_cast<size_t>(n));
  }
  ::close(fd);
  return hex128(XXH3_128bits_digest(&state));
}

}  // namespace mxi::core::triage
