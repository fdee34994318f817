// -unusedResources (Matrix task 12): resources nothing reaches. Declared from R.txt when one is
// given (`--r-txt`, config `--rTxt`), else from resources.arsc; the output's "declared-from"
// says which. Reached: ids the code loads and the manifest's references, followed through the
// resource table and the XML files (resource_reachability.h). `--ignoreResources` globs match
// Matrix's "R.type.name". The bytes are the files an unused resource points at.
#include <algorithm>
#include <fstream>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

#include "core/apkcheck/apk_tasks.h"
#include "core/apkcheck/code_resource_refs.h"
#include "core/apkcheck/r_txt.h"
#include "core/apkcheck/resource_reachability.h"
#include "core/base/byte_units.h"

namespace mxi::core::apkcheck {

namespace {

StatusOr<std::vector<DeclaredResource>> readRTxtFile(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) return ioError(path + ": cannot read");
  std::ostringstream text;
  text << file.rdbuf();
  return withContext(parseRTxt(text.str()), path);
}

}  // namespace

void unusedResourcesTask(const ApkInputs& in, const TaskParams& params, TaskResult& out) {
  const std::string rTxt = param(params, "--rTxt", in.rTxtPath);
  if (!in.resources.ok() && in.resources.status().code() == StatusCode::kNotFound && rTxt.empty()) {
    // No resource table (code-only packages, e.g. a library or a test APK): nothing is declared,
    // so nothing is unused; res/ files no table names cannot be looked up by id at all.
    out.fields["declared-from"] = "none";
    out.fields["unused-resources"] = nlohmann::ordered_json::array();
    out.verdict = "no resources.arsc and no R.txt: the package declares no resources";
    return;
  }
  if (!in.resources.ok()) {
    out.error = in.resources.status().toString();
    return;
  }
  const androidres::ResourceTable& table = *in.resources;
  std::vector<DeclaredResource> declared;
  if (!rTxt.empty()) {
    auto fromFile = readRTxtFile(rTxt);
    if (!fromFile.ok()) {
      out.error = fromFile.status().toString();
      return;
    }
    declared = std::move(fromFile).value();
  } else {
    std::unordered_set<uint32_t> appPackages;
    for (const auto& p : table.packages()) {
      if (p.id != 0x01) appPackages.insert(p.id);
    }
    for (const androidres::ResourceEntry& e : table.entries()) {
      if (appPackages.contains(e.id >> 24)) declared.push_back({e.id, e.type, e.name});
    }
  }
  out.fields["declared-from"] = rTxt.empty() ? "resources.arsc" : "R.txt";

  // Roots from the code: ids it loads, and the R fields it reads, by name ("drawable/ic_menu").
  std::unordered_map<std::string, uint32_t> byName;
  for (const androidres::ResourceEntry& e : table.entries()) byName.emplace(e.type + "/" + e.name, e.id);
  for (const DeclaredResource& r : declared) byName.emplace(r.type + "/" + r.name, r.id);
  const CodeReferences code = codeResourceReferences(in);
  for (const std::string& p : code.problems) out.error += (out.error.empty() ? "" : "; ") + p;
  std::vector<uint32_t> roots(code.references.ids.begin(), code.references.ids.end());
  for (const dex::RField& f : code.references.rFields) {
    if (auto it = byName.find(f.type + "/" + f.name); it != byName.end()) roots.push_back(it->second);
  }
  if (in.manifest.ok()) collectXmlReferences(*in.manifest, roots);
  const Reachability reach = reachableResources(*in.package, table, roots);
  for (const std::string& p : reach.problems) out.error += (out.error.empty() ? "" : "; ") + p;

  const std::vector<std::regex> ignore = globParam(params, "--ignoreResources");
  std::vector<const DeclaredResource*> unused;
  for (const DeclaredResource& r : declared) {
    if (!reach.reached.contains(r.id) && !matchesAny(ignore, r.rName())) unused.push_back(&r);
  }
  std::sort(unused.begin(), unused.end(),
            [](const DeclaredResource* a, const DeclaredResource* b) { return a->rName() < b->rName(); });
  nlohmann::ordered_json names = nlohmann::ordered_json::array();
  for (const DeclaredResource* r : unused) {
    names.push_back(r->rName());
    uint64_t bytes = 0;
    std::string files;
    if (const androidres::ResourceEntry* e = table.find(r->id)) {
      for (const androidres::ResourceConfigValue& v : e->values) {
        if (v.value.type != androidres::ResValue::kString) continue;
        if (const ApkEntry* file = in.package->find(v.value.string)) {
          bytes += file->entry->size;
          files += (files.empty() ? "" : ", ") + v.value.string;
        }
      }
    }
    out.findings.push_back({r->rName(), bytes, files});
    out.savableBytes += bytes;
  }
  std::stable_sort(out.findings.begin(), out.findings.end(),
                   [](const TaskFinding& a, const TaskFinding& b) { return a.bytes > b.bytes; });
  out.fields["unused-resources"] = std::move(names);
  out.verdict = std::to_string(unused.size()) + " of " + std::to_string(declared.size()) + " resources (from " +
                (rTxt.empty() ? "resources.arsc" : "R.txt") + ") unused, " + bytesText(out.savableBytes) + " of files";
}

}  // namespace mxi::core::apkcheck
