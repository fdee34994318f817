// -manifest (Matrix task 2): AndroidManifest.xml as JSON, values resolved through resources.arsc.
#include "core/apkcheck/apk_manifest.h"
#include "core/apkcheck/apk_tasks.h"

namespace mxi::core::apkcheck {

void manifestTask(const ApkInputs& in, const TaskParams&, TaskResult& out) {
  if (!in.manifest.ok()) {
    out.error = in.manifest.status().toString();
    return;
  }
  const androidres::ResourceTable* table = in.resources.ok() ? &*in.resources : nullptr;
  out.fields["manifest"] = manifestJson(*in.manifest, table);
  const ApkManifest m = readManifest(*in.manifest, table);
  out.verdict = m.package + " versionCode " + (m.versionCode ? std::to_string(*m.versionCode) : "?") + " versionName " +
                (m.versionName.empty() ? "?" : m.versionName) + ", minSdk " + (m.minSdk.empty() ? "?" : m.minSdk) +
                ", targetSdk " + (m.targetSdk.empty() ? "?" : m.targetSdk) + ", " +
                std::to_string(m.permissions.size()) + " permissions, " + std::to_string(m.components.size()) +
                " components";
  for (const std::string& p : m.permissions) out.findings.push_back({p, 0, "uses-permission"});
  for (const ManifestComponent& c : m.components) out.findings.push_back({c.name, 0, c.kind});
  if (!table && in.resources.status().code() != StatusCode::kNotFound) {
    out.error = "references left unresolved: " + in.resources.status().toString();
  }
}

}  // namespace mxi::core::apkcheck
