// -duplicatedFile (Matrix task 10): files with identical bytes, grouped by size and then MD5
// (the value Matrix reports); only sizes shared by two entries or more are hashed. Saves every
// copy but one. Empty files are left out: they cost nothing.
#include <openssl/evp.h>

#include <algorithm>
#include <map>
#include <memory>

#include "core/apkcheck/apk_tasks.h"
#include "core/base/byte_units.h"

namespace mxi::core::apkcheck {

namespace {

// MD5 a slice at a time, each slice's mapped pages let go once hashed.
std::string md5Hex(const zip::EntryBytes& entry) {
  constexpr size_t kSlice = 1 << 20;
  const std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> context(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
  EVP_DigestInit_ex(context.get(), EVP_md5(), nullptr);
  const std::string_view bytes = entry.bytes();
  for (size_t at = 0; at < bytes.size(); at += kSlice) {
    const std::string_view slice = bytes.substr(at, kSlice);
    EVP_DigestUpdate(context.get(), slice.data(), slice.size());
    entry.doneWith(slice);
  }
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  EVP_DigestFinal_ex(context.get(), digest, &length);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string hex;
  for (unsigned i = 0; i < length; ++i) {
    hex += kHex[digest[i] >> 4];
    hex += kHex[digest[i] & 15];
  }
  return hex;
}

}  // namespace

void duplicateFileTask(const ApkInputs& in, const TaskParams&, TaskResult& out) {
  std::map<uint64_t, std::vector<const ApkEntry*>> bySize;
  for (const ApkEntry& e : in.package->entries()) {
    if (e.entry->size > 0) bySize[e.entry->size].push_back(&e);
  }
  struct Group {
    std::string md5;
    uint64_t size = 0;
    std::vector<std::string> files;
  };
  std::vector<Group> groups;
  for (const auto& [size, entries] : bySize) {
    if (entries.size() < 2) continue;
    std::map<std::string, std::vector<std::string>> byMd5;
    for (const ApkEntry* e : entries) {
      auto bytes = in.package->view(*e);
      if (!bytes.ok()) {
        out.error += (out.error.empty() ? "" : "; ") + e->name() + ": " + bytes.status().toString();
        continue;
      }
      byMd5[md5Hex(*bytes)].push_back(in.package->displayName(*e));
    }
    for (auto& [md5, files] : byMd5) {
      if (files.size() > 1) groups.push_back({md5, size, std::move(files)});
    }
  }
  // Matrix's order: largest size first; same size by MD5 so the output is stable.
  std::sort(groups.begin(), groups.end(),
            [](const Group& a, const Group& b) { return a.size != b.size ? a.size > b.size : a.md5 < b.md5; });
  nlohmann::ordered_json files = nlohmann::ordered_json::array();
  for (const Group& g : groups) {
    files.push_back({{"md5", g.md5}, {"size", g.size}, {"files", g.files}});
    const uint64_t saves = g.size * (g.files.size() - 1);
    std::string list;
    for (const std::string& f : g.files) list += (list.empty() ? "" : ", ") + f;
    out.findings.push_back(
        {g.md5, saves, std::to_string(g.files.size()) + " copies of " + bytesText(g.size) + ": " + list});
    out.savableBytes += saves;
  }
  out.fields["files"] = std::move(files);
  out.verdict = groups.empty() ? "no duplicate files"
                               : std::to_string(groups.size()) + " groups of identical files, " +
                                     bytesText(out.savableBytes) + " in the extra copies";
}

}  // namespace mxi::core::apkcheck
