#include "tests/support/apk_entry.h"

#include "core/zip/zip_archive.h"

namespace mxi::test {

std::optional<std::string> readApkEntry(const std::filesystem::path& apk, const std::string& name) {
  auto archive = core::zip::ZipArchive::open(apk.string());
  if (!archive.ok()) return std::nullopt;
  const core::zip::ZipEntry* entry = archive->find(name);
  if (entry == nullptr) return std::nullopt;
  auto bytes = archive->read(*entry);
  if (!bytes.ok()) return std::nullopt;
  return std::move(bytes).value();
}

}  // namespace mxi::test
