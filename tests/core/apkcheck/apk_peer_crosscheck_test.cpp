// Our readings of every shared fixture APK against the Android tools that read the same files:
// `aapt dump badging` (manifest fields), `dexdump -f`'s header (classes and method ids per dex)
// and androguard under /usr/bin/python3 (package, zip entries, per-dex counts). A tool that is not
// installed skips its test with a message (scripts/setup.sh installs all three); a difference fails.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/apkcheck/apk_check.h"
#include "core/apkcheck/apk_inputs.h"
#include "core/base/cancel_token.h"
#include "core/base/progress.h"
#include "tests/support/programs.h"
#include "tests/support/reference_fixtures.h"

namespace mxi::core::apkcheck {
namespace {

namespace fs = std::filesystem;
using nlohmann::ordered_json;

const std::vector<std::string> kFixtures = {
    "androguard_app-prod-debug_multidex.apk", "androguard_com.teleca.jamendo_35.apk",
    "apktool_issue1170_andresguard.apk",      "fdroidserver_org.dyndns.fules.ck_20.apk",
    "monochrome-player_app-debug.apk",
};

// The fixture folder, or "" when the shared reference is absent.
fs::path fixtureDir() {
  const fs::path dir = test::fixturePath("apk");
  return !dir.empty() && fs::is_directory(dir) ? dir : fs::path();
}

bool onPath(const std::string& program) {
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    if (!dir.empty() && ::access((fs::path(dir) / program).c_str(), X_OK) == 0) return true;
  }
  return false;
}

// What we report for one APK, in the peers' terms.
struct Ours {
  ApkManifest manifest;
  ordered_json application;  // the -manifest task's "application" element
  size_t entries = 0;        // -unzip: the files
  size_t zipEntries = 0;     // the central directory's entries, folders too (as androguard counts)
  struct Dex {
    uint64_t classes = 0;    // -countClass: classes defined
    uint64_t methodIds = 0;  // -countMethod: internal + external method ids
  };
  std::map<std::string, Dex> dexes;  // by file name
};

Ours ours(const fs::path& apk) {
  Ours o;
  auto package = ApkPackage::open({apk.string()});
  EXPECT_TRUE(package.ok()) << package.status().toString();
  if (!package.ok()) return o;
  o.zipEntries = package->base().archive.entries().size();
  CheckOptions options;
  for (const char* task : {"-unzip", "-manifest", "-countMethod", "-countClass"}) options.tasks.push_back({task, {}});
  NullProgress progress;
  CancelToken cancel;
  auto report = runApkCheck(*package, options, progress, cancel);
  EXPECT_TRUE(report.ok()) << report.status().toString();
  if (!report.ok()) return o;
  for (const TaskResult& t : report->tasks) EXPECT_EQ(t.error, "") << t.option;
  EXPECT_TRUE(report->manifest.has_value());
  if (report->manifest) o.manifest = *report->manifest;
  o.entries = report->tasks[0].fields["entries"].size();
  const ordered_json& manifest = report->tasks[1].fields["manifest"];
  if (manifest.contains("application")) o.application = manifest["application"][0];
  for (const auto& d : report->tasks[2].fields["dex-files"]) {
    o.dexes[d["dex-file"]].methodIds =
        d["total-internal-methods"].get<uint64_t>() + d["total-external-methods"].get<uint64_t>();
  }
  for (const auto& d : report->tasks[3].fields["dex-files"]) {
    for (const auto& p : d["packages"]) o.dexes[d["dex-file"]].classes += p["classes"].size();
  }
  return o;
}

// Every file the manifest's application icon can be, one per configuration, through the
// resource table: aapt names the one its default device picks.
std::set<std::string> iconFiles(const fs::path& apk) {
  std::set<std::string> files;
  auto package = ApkPackage::open({apk.string()});
  if (!package.ok()) return files;
  const ApkInputs in = loadInputs(*package);
  if (!in.manifest.ok() || !in.resources.ok()) return files;
  for (const androidres::XmlElement& child : in.manifest->children) {
    const androidres::XmlAttribute* icon = child.name == "application" ? child.attribute("icon") : nullptr;
    if (!icon || icon->value.type != androidres::ResValue::kReference) continue;
    if (const androidres::ResourceEntry* entry = in.resources->find(icon->value.data)) {
      for (const androidres::ResourceConfigValue& v : entry->values) files.insert(v.value.string);
    }
  }
  return files;
}

// aapt's `key='value'` pairs on the badging line that starts with `prefix` ("package:").
std::map<std::string, std::string> badgingLine(const std::string& badging, const std::string& prefix) {
  std::map<std::string, std::string> values;
  std::istringstream lines(badging);
  for (std::string line; std::getline(lines, line);) {
    if (!line.starts_with(prefix)) continue;
    static const std::regex pair(R"(([A-Za-z]+)='([^']*)')");
    for (std::sregex_iterator it(line.begin(), line.end(), pair), end; it != end; ++it) values[(*it)[1]] = (*it)[2];
    // One-value lines: "sdkVersion:'21'".
    if (const size_t quote = line.find(":'"); quote == prefix.size() - 1) {
      values[""] = line.substr(quote + 2, line.size() - quote - 3);
    }
  }
  return values;
}

TEST(ApkPeerCrossCheckTest, ManifestFieldsEqualAaptBadging) {
  const fs::path dir = fixtureDir();
  if (dir.empty()) GTEST_SKIP() << "reference fixtures apk/ are absent (../shared/reference)";
  if (!onPath("aapt")) GTEST_SKIP() << "aapt is not installed (Debian: apt-get install aapt): not compared";
  for (const std::string& name : kFixtures) {
    SCOPED_TRACE(name);
    const auto run = test::runProgram({"aapt", "dump", "badging", (dir / name).string()});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const Ours o = ours(dir / name);
    const auto package = badgingLine(run.out, "package:");
    EXPECT_EQ(o.manifest.package, package.at("name"));
    ASSERT_TRUE(o.manifest.versionCode.has_value());
    EXPECT_EQ(std::to_string(*o.manifest.versionCode), package.at("versionCode"));
    EXPECT_EQ(o.manifest.versionName, package.at("versionName"));
    EXPECT_EQ(o.manifest.minSdk, badgingLine(run.out, "sdkVersion:").at(""));
    EXPECT_EQ(o.manifest.targetSdk, badgingLine(run.out, "targetSdkVersion:").at(""));
    const auto application = badgingLine(run.out, "application:");
    ASSERT_TRUE(application.contains("label") && application.contains("icon")) << run.out;
    EXPECT_EQ(o.application.value("android:label", ""), application.at("label"));
    // Our icon is the resource's default (else first) configuration's file; aapt's the one its
    // mdpi device picks. Both, and every density aapt lists, are files of that one resource.
    const std::set<std::string> files = iconFiles(dir / name);
    EXPECT_TRUE(files.contains(o.application.value("android:icon", ""))) << o.application.dump();
    std::istringstream lines(run.out);
    size_t icons = 0;
    for (std::string line; std::getline(lines, line);) {
      if (!line.starts_with("application-icon-")) continue;
      const std::string path = line.substr(line.find(":'") + 2, line.size() - line.find(":'") - 3);
      EXPECT_TRUE(files.contains(path)) << line;
      ++icons;
    }
    EXPECT_TRUE(files.contains(application.at("icon"))) << application.at("icon");
    EXPECT_GE(icons, 2u);
  }
}

// dexdump -f's header field `name` ("class_defs_size"), -1 when absent.
long long headerField(const std::string& dump, const std::string& name) {
  const std::regex field(name + R"(\s*:\s*(\d+))");
  std::smatch m;
  return std::regex_search(dump, m, field) ? std::stoll(m[1]) : -1;
}

TEST(ApkPeerCrossCheckTest, PerDexCountsEqualDexdumpHeader) {
  const fs::path dir = fixtureDir();
  if (dir.empty()) GTEST_SKIP() << "reference fixtures apk/ are absent (../shared/reference)";
  if (!onPath("dexdump")) GTEST_SKIP() << "dexdump is not installed (Debian: apt-get install dexdump): not compared";
  const fs::path scratch = test::scratchDir("dexdump");
  size_t compared = 0;
  for (const std::string& name : kFixtures) {
    SCOPED_TRACE(name);
    const Ours o = ours(dir / name);
    auto package = ApkPackage::open({(dir / name).string()});
    ASSERT_TRUE(package.ok());
    const ApkInputs in = loadInputs(*package);
    ASSERT_EQ(in.dexFiles.size(), o.dexes.size());
    for (const DexEntry& d : in.dexFiles) {
      SCOPED_TRACE(d.name);
      auto bytes = in.dexBytes(d);
      ASSERT_TRUE(bytes.ok()) << bytes.status().toString();
      const fs::path file = scratch / (fs::path(name).stem().string() + "-" + d.name);
      std::ofstream(file, std::ios::binary).write(bytes->bytes().data(), std::streamsize(bytes->bytes().size()));
      const fs::path dump = scratch / (file.filename().string() + ".txt");
      const auto run = test::runProgram({"dexdump", "-f", "-o", dump.string(), file.string()});
      ASSERT_EQ(run.exitCode, 0) << run.err;
      // The header comes first: its fields are in the first few KB of the dump.
      std::string head(4096, '\0');
      std::ifstream(dump).read(head.data(), std::streamsize(head.size()));
      ASSERT_TRUE(o.dexes.contains(d.name));
      EXPECT_EQ(static_cast<long long>(o.dexes.at(d.name).classes), headerField(head, "class_defs_size"));
      EXPECT_EQ(static_cast<long long>(o.dexes.at(d.name).methodIds), headerField(head, "method_ids_size"));
      ++compared;
    }
  }
  EXPECT_EQ(compared, 6u);  // abcore's two dex, one in each other fixture
}

// Prints, per APK given, "apk PATH PACKAGE ENTRIES" then "dex NAME CLASSES METHOD_IDS" lines.
constexpr const char* kAndroguardCounts = R"PY(
import logging, sys
logging.disable(logging.CRITICAL)
try:  # androguard 4
    from androguard.core.apk import APK
    from androguard.core.dex import DEX as Dex
except ImportError:  # androguard 3 (Debian 12's)
    from androguard.core.bytecodes.apk import APK
    from androguard.core.bytecodes.dvm import DalvikVMFormat as Dex
for path in sys.argv[1:]:
    a = APK(path)
    print("apk", path, a.get_package(), len(a.get_files()))
    for name in a.get_files():
        if name.startswith("classes") and name.endswith(".dex") and "/" not in name:
            d = Dex(a.get_file(name))
            print("dex", name, len(d.get_classes()), d.header.method_ids_size)
)PY";

TEST(ApkPeerCrossCheckTest, PackageEntriesAndDexCountsEqualAndroguard) {
  const fs::path dir = fixtureDir();
  if (dir.empty()) GTEST_SKIP() << "reference fixtures apk/ are absent (../shared/reference)";
  const std::string python = "/usr/bin/python3";
  if (test::runProgram({python, "-c", "import androguard"}).exitCode != 0) {
    GTEST_SKIP() << "androguard is not importable by " << python
                 << " (Debian: apt-get install androguard): not compared";
  }
  const fs::path script = test::scratchDir("androguard") / "counts.py";
  std::ofstream(script) << kAndroguardCounts;
  std::vector<std::string> argv = {python, script.string()};
  for (const std::string& name : kFixtures) argv.push_back((dir / name).string());
  const auto run = test::runProgram(argv);  // one interpreter for all: its start-up is most of the cost
  ASSERT_EQ(run.exitCode, 0) << run.err;

  std::map<std::string, std::vector<std::string>> theirs;  // APK path → its lines
  std::string current;
  std::istringstream lines(run.out);
  for (std::string line; std::getline(lines, line);) {
    if (line.starts_with("apk ")) current = line.substr(4, line.find(' ', 4) - 4);
    theirs[current].push_back(line);
  }
  for (const std::string& name : kFixtures) {
    SCOPED_TRACE(name);
    const std::string path = (dir / name).string();
    const Ours o = ours(path);
    size_t folders = 0;
    const auto package = ApkPackage::open({path});
    ASSERT_TRUE(package.ok()) << package.status().toString();
    for (const zip::ZipEntry& e : package->base().archive.entries()) folders += e.isDirectory() ? 1 : 0;
    EXPECT_EQ(o.entries, o.zipEntries - folders);  // -unzip lists files only
    std::vector<std::string> expected = {"apk " + path + " " + o.manifest.package + " " + std::to_string(o.zipEntries)};
    for (const auto& [dex, counts] : o.dexes) {
      expected.push_back("dex " + dex + " " + std::to_string(counts.classes) + " " + std::to_string(counts.methodIds));
    }
    std::vector<std::string> got = theirs[path];
    std::sort(got.begin() + (got.empty() ? 0 : 1), got.end());  // dex lines in name order, as ours
    EXPECT_EQ(got, expected) << run.out;
  }
}

}  // namespace
}  // namespace mxi::core::apkcheck
