#include "core/triage/capture_mapping.h"

#include <cstdio>
#include <filesystem>

#include "core/analysis/heap_names.h"

namespace mxi::core::triage {
namespace {

bool isFile(const std::filesystem::path& path) {
  std::error_code ec;
  return std::filesystem::is_regular_file(path, ec);
}

// A path segment from a capture's own text: never a way out of the mappings folder.
bool safeSegment(const std::string& s) {
  return !s.empty() && s != "." && s != ".." && s.find('/') == std::string::npos && s.find('\\') == std::string::npos &&
         s.find('\0') == std::string::npos;
}

}  // namespace

std::string mappingFingerprintText(uint64_t fingerprint) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(fingerprint));
  return text;
}

std::string sidecarMappingPath(const std::string& capturePath) { return capturePath + ".mapping.txt"; }

MappingCatalog::MappingCatalog(std::string mappingsDir, std::string fallback)
    : m_dir(std::move(mappingsDir)), m_fallback(std::move(fallback)) {}

CaptureMapping MappingCatalog::load(const std::string& path) {
  std::lock_guard lock(m_mutex);
  if (const auto it = m_loaded.find(path); it != m_loaded.end()) return it->second;
  CaptureMapping out;
  out.path = path;
  if (auto loaded = analysis::loadMappingFile(path); !loaded.ok()) {
    out.missing = loaded.status().toString();  // "FILE: line N: … (at byte offset X)"
  } else {
    out.mapping = std::move(loaded).value();
    out.fingerprint = mappingFingerprintText(out.mapping->fingerprint());
  }
  m_loaded.emplace(path, out);
  return out;
}

Status MappingCatalog::checkFallback() {
  if (m_fallback.empty()) return okStatus();
  auto loaded = analysis::loadMappingFile(m_fallback);
  if (!loaded.ok()) return loaded.status();
  CaptureMapping fallback;
  fallback.path = m_fallback;
  fallback.mapping = std::move(loaded).value();
  fallback.fingerprint = mappingFingerprintText(fallback.mapping->fingerprint());
  std::lock_guard lock(m_mutex);
  m_loaded.insert_or_assign(m_fallback, std::move(fallback));
  return okStatus();
}

CaptureMapping MappingCatalog::find(const std::string& capturePath, const std::string& package,
                                    const std::string& versionCode) {
  if (const std::string sidecar = sidecarMappingPath(capturePath); isFile(sidecar)) return load(sidecar);
  CaptureMapping none;
  if (m_dir.empty()) {
    none.missing = "no " + sidecarMappingPath(capturePath) + " and no --mappings folder";
  } else if (!safeSegment(package)) {
    none.missing = "its app package is not known";
  } else if (!safeSegment(versionCode)) {
    none.missing = "the versionCode of " + package + " is not known";
  } else {
    const auto path = std::filesystem::path(m_dir) / package / versionCode / "mapping.txt";
    if (isFile(path)) return load(path.string());
    none.missing = "no " + path.string();
  }
  if (!m_fallback.empty()) return load(m_fallback);
  return none;
}

}  // namespace mxi::core::triage
