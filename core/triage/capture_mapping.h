// Which R8/ProGuard mapping a capture's app was built with, so its names — and so its signatures
// — are the source's whatever R8 renamed them to in that build: a sidecar file next to the
// capture (`<capture>.mapping.txt`), else `<mappings>/<package>/<versionCode>/mapping.txt`.
// Each file is parsed once per run and shared by every capture that uses it (docs/TRIAGE.md).
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "core/base/status.h"
#include "core/mapping/r8_mapping.h"

namespace mxi::core::triage {

// The mapping one capture gets, or why it gets none.
struct CaptureMapping {
  std::shared_ptr<const mapping::R8Mapping> mapping;  // null: none
  std::string path;                                   // the file it came from
  std::string fingerprint;                            // mappingFingerprintText(mapping), "" when none
  std::string missing;                                // no mapping: why ("no <dir>/<pkg>/<code>/mapping.txt", …)
};

// R8Mapping::fingerprint() as the store keeps it: 16 lower-case hex digits.
std::string mappingFingerprintText(uint64_t fingerprint);
// "<capture>.mapping.txt": the sidecar that names one capture's mapping.
std::string sidecarMappingPath(const std::string& capturePath);

class MappingCatalog {
 public:
  // `mappingsDir` laid out as <package>/<versionCode>/mapping.txt; `fallback` a mapping.txt for
  // the captures neither a sidecar nor the folder has one for (`mxi triage --mapping FILE`); ""
  // for neither (sidecars only).
  explicit MappingCatalog(std::string mappingsDir = {}, std::string fallback = {});

  // The sidecar first (it names this one capture), then the folder by package and versionCode,
  // then the fallback.
  // A mapping file that does not parse gives no mapping, `missing` saying where it is broken:
  // the capture is analysed with the minified names and re-keyed once the file is fixed.
  CaptureMapping find(const std::string& capturePath, const std::string& package, const std::string& versionCode);

  // The fallback mapping read now: a broken or unreadable file named on the command line is an
  // error of the run (where it is broken), not a capture's missing mapping. Ok without one.
  Status checkFallback();
  // Whether anything but sidecars was given.
  bool configured() const { return !m_dir.empty() || !m_fallback.empty(); }

 private:
  CaptureMapping load(const std::string& path);

  std::string m_dir, m_fallback;
  std::mutex m_mutex;  // the workers share one catalog
  std::map<std::string, CaptureMapping> m_loaded;
};

}  // namespace mxi::core::triage
