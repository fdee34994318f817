#include "core/apkcheck/apk_inputs.h"

#include <algorithm>
#include <charconv>

namespace mxi::core::apkcheck {

namespace {

// classes.dex → 1, classes7.dex → 7; 0 for anything else (dex files elsewhere are not the app's code).
int dexNumber(std::string_view name) {
  if (!name.starts_with("classes") || !name.ends_with(".dex")) return 0;
  const std::string_view digits = name.substr(7, name.size() - 7 - 4);
  if (digits.empty()) return 1;
  int n = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
  return ec == std::errc() && end == digits.data() + digits.size() && n >= 2 ? n : 0;
}

}  // namespace

std::string ApkInputs::className(const std::string& descriptor) const {
  const std::string name = dex::javaName(descriptor);
  return mapping ? mapping->originalClass(name) : name;
}

ApkInputs loadInputs(const ApkPackage& package) {
  ApkInputs in;
  in.package = &package;
  const size_t base = package.baseSplit();
  for (const ApkEntry& e : package.entries()) {
    if (e.split != base) continue;
    if (e.name() == "AndroidManifest.xml") {
      auto bytes = package.read(e);
      in.manifest = bytes.ok() ? withContext(androidres::parseBinaryXml(*bytes), e.name())
                               : StatusOr<androidres::XmlElement>(bytes.status().withContext(e.name()));
    } else if (e.name() == "resources.arsc") {
      auto bytes = package.read(e);
      in.resources = bytes.ok() ? withContext(androidres::ResourceTable::parse(*bytes), e.name())
                                : StatusOr<androidres::ResourceTable>(bytes.status().withContext(e.name()));
    }
  }
  if (!in.manifest.ok() && in.manifest.status().code() == StatusCode::kNotFound) {
    in.manifest = notFound("the base APK has no AndroidManifest.xml");
  }
  if (!in.resources.ok() && in.resources.status().code() == StatusCode::kNotFound) {
    in.resources = notFound("the base APK has no resources.arsc");
  }
  std::vector<std::pair<std::pair<size_t, int>, const ApkEntry*>> dexEntries;
  for (const ApkEntry& e : package.entries()) {
    if (const int n = dexNumber(e.name())) dexEntries.push_back({{e.split == base ? 0 : e.split + 1, n}, &e});
  }
  std::sort(dexEntries.begin(), dexEntries.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [order, e] : dexEntries) {
    DexEntry d;
    d.name = e->split == base ? e->name() : package.splits()[e->split].splitName + ": " + e->name();
    d.entry = e;
    auto bytes = package.view(*e);
    if (bytes.ok()) {
      auto parsed = withContext(dex::parseDex(bytes->bytes()), d.name);
      if (parsed.ok()) {
        d.parsed = static_cast<int>(in.dexes.size());
        in.dexes.push_back(std::move(parsed).value());
      } else {
        d.error = parsed.status();
      }
    } else {
      d.error = bytes.status().withContext(d.name);
    }
    in.dexFiles.push_back(std::move(d));
  }
  return in;
}

}  // namespace mxi::core::apkcheck
