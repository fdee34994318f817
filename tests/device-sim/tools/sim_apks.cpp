#include "sim_apks.h"

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>

#include "tests/device-sim/phone_setup.h"

namespace mxi::sim {

namespace fs = std::filesystem;

namespace {

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> out;
  size_t start = 0;
  for (;;) {
    const size_t end = text.find(separator, start);
    out.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos) return out;
    start = end + 1;
  }
}

// 22 characters of URL-safe base64 and "==", as Android names an install directory after 16
// random bytes; here the bytes come from the package name (FNV-1a and xorshift) and `salt`.
std::string randomPart(const std::string& package, uint64_t salt) {
  static const char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  uint64_t h = 1469598103934665603ull ^ salt;
  for (unsigned char ch : package) h = (h ^ ch) * 1099511628211ull;
  std::string out;
  for (int i = 0; i < 22; ++i) {
    h ^= h << 13;
    h ^= h >> 7;
    h ^= h << 17;
    out += kAlphabet[h % 64];
  }
  return out + "==";
}

// The file at `target` is `source`'s copy (same size); otherwise it is copied beside and renamed.
bool install(const std::string& source, const fs::path& target) {
  std::error_code targetError, sourceError, ec;
  const auto have = fs::file_size(target, targetError), want = fs::file_size(source, sourceError);
  if (!targetError && !sourceError && have == want) return true;
  fs::create_directories(target.parent_path(), ec);
  const fs::path temp = target.string() + ".installing." + std::to_string(getpid());
  if (!fs::copy_file(source, temp, fs::copy_options::overwrite_existing, ec)) {
    std::fprintf(stderr, "simulated pm: cannot install %s: %s\n", source.c_str(), ec.message().c_str());
    return false;
  }
  fs::rename(temp, target, ec);
  return !ec;
}

}  // namespace

std::string apkDevicePath(const std::string& package, size_t index, const std::string& source) {
  const std::string dir = "/data/app/~~" + randomPart(package, 1) + "/" + package + "-" + randomPart(package, 2);
  if (index == 0) return dir + "/base.apk";
  const std::string name = fs::path(source).filename().string();
  return dir + "/" + (name.starts_with("split_") ? name : "split_" + name);
}

std::vector<SimApk> installedApks(const SimConfig& config) {
  std::vector<SimApk> apps;
  if (!config.apks.empty()) {
    for (const std::string& item : split(config.apks, ';')) {
      const size_t eq = item.find('=');
      if (eq == 0 || eq == std::string::npos || eq + 1 == item.size()) {
        std::fprintf(stderr, "simulated pm: MXI_SIM_APKS item '%s' is not PACKAGE=FILE[:FILE…]\n", item.c_str());
        continue;
      }
      SimApk app;
      app.package = item.substr(0, eq);
      app.sources = split(item.substr(eq + 1), ':');
      apps.push_back(std::move(app));
    }
  }
  bool demoNamed = false;
  for (const SimApk& app : apps) demoNamed |= app.package == kDemoPackage;
  if (!config.demoApk.empty() && !demoNamed) apps.push_back(SimApk{kDemoPackage, {config.demoApk}, {}});
  for (SimApk& app : apps) {
    for (size_t i = 0; i < app.sources.size(); ++i)
      app.devicePaths.push_back(apkDevicePath(app.package, i, app.sources[i]));
  }
  return apps;
}

int pmPath(const SimConfig& config, const std::vector<std::string>& args) {
  std::string package;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--user" && i + 1 < args.size()) {
      ++i;
    } else if (package.empty() && !args[i].starts_with("-")) {
      package = args[i];
    } else {
      std::fprintf(stderr, "simulated pm: path takes [--user N] PACKAGE, not %s\n", args[i].c_str());
      return 1;
    }
  }
  for (const SimApk& app : installedApks(config)) {
    if (app.package != package) continue;
    std::string out;
    for (size_t i = 0; i < app.sources.size(); ++i) {
      if (!install(app.sources[i], fs::path(config.root + app.devicePaths[i]))) return 1;
      out += "package:" + app.devicePaths[i] + "\n";
    }
    std::fputs(out.c_str(), stdout);
    return 0;
  }
  return 1;
}

}  // namespace mxi::sim
