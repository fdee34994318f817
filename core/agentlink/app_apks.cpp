#include "core/agentlink/app_apks.h"

#include <filesystem>

#include "core/adb/shell.h"
#include "core/adb/sync_client.h"
#include "core/agentlink/app_presence.h"
#include "core/agentlink/device_apps.h"
#include "core/base/text_lines.h"
#include "core/devicetext/package_name.h"

namespace mxi::core::agentlink {

namespace fs = std::filesystem;

namespace {

// One bar over all files: the bytes of the files done plus this file's share of its own size.
class OverallProgress final : public ProgressSink {
 public:
  OverallProgress(ProgressSink& outer, uint64_t total) : m_outer(outer), m_total(total) {}
  void startFile(std::string name, uint64_t bytesBefore, uint64_t size) {
    m_phase = "pull " + name;
    m_before = bytesBefore;
    m_size = size;
  }
  bool report(std::string_view, int permille) override {
    const uint64_t done = m_before + m_size * static_cast<uint64_t>(permille) / kMax;
    return m_outer.report(m_phase, m_total == 0 ? kMax : static_cast<int>(done * kMax / m_total));
  }

 private:
  ProgressSink& m_outer;
  uint64_t m_total;
  std::string m_phase;
  uint64_t m_before = 0;
  uint64_t m_size = 0;
};

}  // namespace

std::vector<std::string> parsePmPath(std::string_view output) {
  std::vector<std::string> paths;
  text::forEachLine(output, [&](std::string_view line) {
    if (line.starts_with("package:") && line.size() > 8) paths.emplace_back(line.substr(8));
  });
  return paths;
}

StatusOr<std::vector<std::string>> listApkPaths(adb::AdbDevice& device, const std::string& package,
                                                const adb::IoLimits& limits) {
  if (!devicetext::isValidPackageName(package)) return invalidInput("'" + package + "' is not a package name");
  ASSIGN_OR_RETURN(const adb::ShellResult shell, adb::runShell(device, "pm path " + package, {}, limits));
  std::vector<std::string> paths = parsePmPath(shell.out);
  if (!paths.empty()) return paths;
  // pm path says nothing for an app it does not know: name the installed ones most like it.
  ASSIGN_OR_RETURN(const std::vector<DeviceApp> apps, listDeviceApps(device, limits));
  const AppCheck check = checkApp(apps, package);
  if (check.presence != AppPresence::kNotInstalled) {
    return notFound("pm path " + package + " listed no APK file" +
                    (shell.err.empty() ? std::string() : ": " + std::string(text::trim(shell.err))));
  }
  return notFound(notInstalledMessage(package, check.similar));
}

StatusOr<std::vector<PulledApk>> pullApks(adb::AdbDevice& device, const std::string& package,
                                          const std::string& directory, ProgressSink& progress,
                                          const adb::IoLimits& limits,
                                          const std::function<void(uint64_t totalBytes)>& onTotal) {
  ASSIGN_OR_RETURN(const std::vector<std::string> paths, listApkPaths(device, package, limits));
  std::error_code ec;
  fs::create_directories(directory, ec);
  if (ec) return ioError("cannot make " + directory + ": " + ec.message());
  ASSIGN_OR_RETURN(auto session, adb::SyncSession::open(device, limits));
  std::vector<uint64_t> sizes;
  uint64_t total = 0;
  for (const std::string& path : paths) {
    ASSIGN_OR_RETURN(const adb::SyncStat st, session->stat(path, limits));
    if (!st.exists()) return notFound(path + " (listed by pm path " + package + ") is not on the device");
    sizes.push_back(st.size);
    total += st.size;
  }
  if (onTotal) onTotal(total);
  OverallProgress overall(progress, total);
  std::vector<PulledApk> pulled;
  uint64_t before = 0;
  for (size_t i = 0; i < paths.size(); ++i) {
    const std::string name = fs::path(paths[i]).filename().string();
    const std::string local = (fs::path(directory) / name).string();
    overall.startFile(name, before, sizes[i]);
    auto result = session->pull(paths[i], local, overall, limits);
    if (!result.ok()) {
      if (result.status().code() == StatusCode::kCancelled) return result.status();
      return Status(result.status().code(), name + ": pull cut after " + std::to_string(session->lastPullReceived()) +
                                                " of " + std::to_string(sizes[i]) + " bytes, nothing of it kept (" +
                                                result.status().message() + ")");
    }
    pulled.push_back(PulledApk{paths[i], local, result->bytes});
    before += sizes[i];
  }
  session->quit(limits);
  return pulled;
}

}  // namespace mxi::core::agentlink
