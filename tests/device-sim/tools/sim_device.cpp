#include "sim_device.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "sim_database.h"
#include "sim_memory.h"
#include "sim_strictmode.h"

namespace mxi::sim {

namespace fs = std::filesystem;

namespace {

std::string readFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<std::string> lines(std::string text) {
  if (text.starts_with("\xEF\xBB\xBF")) text.erase(0, 3);
  std::vector<std::string> out;
  std::stringstream ss(text);
  for (std::string l; std::getline(ss, l);) {
    if (!l.empty() && l.back() == '\r') l.pop_back();
    out.push_back(l);
  }
  return out;
}

// Splits an all-process (or single-process) gfxinfo capture into apps.
void addGfxApps(SimDevice& d, const fs::path& file) {
  SimApp* app = nullptr;
  bool inBlock = false;
  std::string window;
  for (const std::string& l : lines(readFile(file))) {
    if (l.starts_with("** Graphics info for pid ")) {
      // ** Graphics info for pid 1955 [com.android.settings] **
      const size_t open = l.find('['), close = l.find(']');
      if (open == std::string::npos || close == std::string::npos) continue;
      SimApp a;
      a.pid = std::atoi(l.c_str() + 25);
      a.package = l.substr(open + 1, close - open - 1);
      const bool system = a.package.starts_with("com.android.") || a.package == "android.ext.services";
      a.user = system ? "system" : "u0_a" + std::to_string(100 + a.pid % 150);
      d.apps.push_back(std::move(a));
      app = &d.apps.back();
      window.clear();
    }
    if (app == nullptr) continue;
    if (l.starts_with("Uptime:") || l.starts_with("Applications Graphics")) continue;
    app->sectionLines.push_back(l);
    if (l == "---PROFILEDATA---") {
      inBlock = !inBlock;
      if (inBlock) app->blocks.push_back({window, {}, {}});
      continue;
    }
    if (inBlock) {
      SimBlock& b = app->blocks.back();
      if (b.header.empty()) {
        b.header = l;
      } else {
        b.rows.push_back(l);
      }
    } else if (l.starts_with("Window: ")) {
      window = l.substr(8);
    }
  }
}

// Matrix's Issue.toString() for a wrapper line {"type":N,"tag":"T","content":{...}}: the content
// object is taken verbatim (brace matching outside strings).
std::string issueToString(const std::string& json) {
  auto field = [&](const std::string& key) -> std::string {
    const size_t at = json.find("\"" + key + "\":");
    if (at == std::string::npos) return {};
    size_t v = at + key.size() + 3;
    if (json[v] == '"') return json.substr(v + 1, json.find('"', v + 1) - v - 1);
    size_t e = v;
    while (e < json.size() && json[e] != ',' && json[e] != '}') ++e;
    return json.substr(v, e - v);
  };
  const size_t c = json.find("\"content\":{");
  if (c == std::string::npos) return {};
  size_t i = c + 10, depth = 0;
  bool inString = false;
  for (; i < json.size(); ++i) {
    const char ch = json[i];
    if (inString) {
      if (ch == '\\')
        ++i;
      else if (ch == '"')
        inString = false;
    } else if (ch == '"') {
      inString = true;
    } else if (ch == '{') {
      ++depth;
    } else if (ch == '}' && --depth == 0) {
      break;
    }
  }
  const std::string content = json.substr(c + 10, i - (c + 10) + 1);
  return "tag[" + field("tag") + "]type[" + field("type") + "];key[null];content[" + content + "]";
}

void addIssueApps(SimDevice& d, const fs::path& dir, const std::string& extraIssues) {
  struct Source {
    std::string package;
    int pid;
    std::string logTag;
    char level;
    std::string prefix;
    std::vector<std::string> issues;
  };
  std::vector<Source> sources;
  // IOCanary sample: logged by the sample's TestPluginListener (MatrixLog.e(tag, issue.toString())).
  Source rzm{"com.rzm.matrix_testing", 21002, "TestPluginListener", 'E', "", {}};
  for (const auto& l : lines(readFile(dir / "logcat-tostring/io_com.rzm.matrix_testing.txt"))) {
    if (!l.empty()) rzm.issues.push_back(l);
  }
  // WPS production issue: Matrix's DefaultPluginListener ("report issue content: %s").
  Source wps{"cn.wps.moffice_eng", 21001, "Matrix.DefaultPluginListener", 'I', "report issue content: ", {}};
  for (const auto& l : lines(readFile(dir / "logcat-tostring/evilmethod_cn.wps.moffice_eng.txt"))) {
    if (!l.empty()) wps.issues.push_back(l);
  }
  Source manga{"mobi.mangatoon.comics.aphone.portuguese",
               21003,
               "Matrix.DefaultPluginListener",
               'I',
               "report issue content: ",
               {}};
  if (!extraIssues.empty()) {
    for (const auto& l : lines(readFile(extraIssues))) {
      if (!l.empty()) manga.issues.push_back(l);
    }
  }
  std::vector<fs::path> files;
  if (fs::is_directory(dir / "mangatoon-production")) {
    for (const auto& e : fs::directory_iterator(dir / "mangatoon-production")) files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    for (const auto& l : lines(readFile(f))) {
      const std::string s = l.empty() ? std::string() : issueToString(l);
      if (!s.empty()) manga.issues.push_back(s);
    }
  }
  sources = {rzm, wps, manga};
  int64_t n = 0;
  for (const Source& s : sources) {
    SimApp app;
    app.package = s.package;
    app.pid = s.pid;
    app.user = "u0_a" + std::to_string(s.pid % 150);
    d.apps.push_back(app);
    for (const std::string& issue : s.issues) {
      SimLogLine line{++n, s.pid, s.pid, s.level, s.logTag, s.prefix + issue, LogBuffer::kMain};
      const size_t room = kLogcatMaxPayload - line.tag.size() - 2;
      if (line.message.size() > room) line.message.resize(room);  // logcat truncates long entries
      d.log.push_back(std::move(line));
    }
  }
}

void addAnrApp(SimDevice& d, const fs::path& traces, int64_t atMs) {
  const std::string text = readFile(traces);
  const size_t start = text.find("----- pid ");
  if (start == std::string::npos) return;
  const int pid = std::atoi(text.c_str() + start + 10);
  const std::string endMarker = "----- end " + std::to_string(pid) + " -----\n";
  const size_t end = text.find(endMarker, start);
  const size_t cmd = text.find("Cmd line: ", start);
  if (end == std::string::npos || cmd == std::string::npos) return;
  d.anr.package = text.substr(cmd + 10, text.find('\n', cmd) - cmd - 10);
  d.anr.pid = pid;
  d.anr.traces = text.substr(start, end + endMarker.size() - start);
  d.anr.atMs = atMs;
  d.apps.push_back({d.anr.package, pid, "u0_a" + std::to_string(pid % 150), {}, {}});
}

std::string replaceAll(std::string text, const std::string& from, const std::string& to) {
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

// The demo's one app: issues and the ANR move to `package`'s process (the traces' pid and
// command line follow, so the report stays self-consistent).
void giveEverythingTo(SimDevice& d, const std::string& package) {
  const auto app = std::find_if(d.apps.begin(), d.apps.end(), [&](const SimApp& a) { return a.package == package; });
  if (app == d.apps.end()) return;
  for (SimLogLine& l : d.log) {
    if (l.buffer == LogBuffer::kMain) l.pid = l.tid = app->pid;
  }
  if (d.anr.pid != 0) {
    const std::string oldPid = std::to_string(d.anr.pid), newPid = std::to_string(app->pid);
    d.anr.traces = replaceAll(d.anr.traces, "----- pid " + oldPid + " ", "----- pid " + newPid + " ");
    d.anr.traces = replaceAll(d.anr.traces, "----- end " + oldPid + " ", "----- end " + newPid + " ");
    d.anr.traces = replaceAll(d.anr.traces, "Cmd line: " + d.anr.package + "\n", "Cmd line: " + package + "\n");
    d.anr.package = package;
    d.anr.pid = app->pid;
  }
}

// The am_anr event the system logs when it declares `anr` (its dropbox entry follows).
SimLogLine amAnrLine(const SimAnr& anr, int64_t atMs) {
  return {atMs,
          1200,
          1350,
          'I',
          "am_anr",
          "[0," + std::to_string(anr.pid) + "," + anr.package +
              ",952745541,Input dispatching timed out (Waiting to send non-key event because the touched window has "
              "not finished processing certain input events that were delivered to it over 500.0ms ago.)]",
          LogBuffer::kEvents};
}

// No reference captures: one synthetic app whose frames are generated (see android_tool.cpp), all
// of it labelled synthetic. Within the demo's first seconds (at logMs × 10, 20, 30 — 1, 2, 3 s by
// default) it logs a main-thread IO issue, an evil method and hangs into an ANR (anrAtMs), then an
// evil method every 50 × logMs (5 s).
void addSyntheticApp(SimDevice& d, const SimConfig& config) {
  const int64_t logMs = config.logMs, anrAtMs = config.anrAtMs;
  d.synthetic = true;
  d.model = "MXI-SIMULATED (synthetic demo data)";
  d.manufacturer = "Matrix Inspector";
  SimApp app;
  app.package = "com.example.mxi.demo";
  app.pid = 4242;
  app.user = "u0_a42";
  d.apps.push_back(app);
  const std::string process = ",\"process\":\"com.example.mxi.demo\"";
  auto log = [&](int64_t atMs, const std::string& tag, int type, const std::string& content) {
    d.log.push_back(
        {atMs, 4242, 4242, 'I', "Matrix.DefaultPluginListener",
         "report issue content: tag[" + tag + "]type[" + std::to_string(type) + "];key[null];content[" + content + "]",
         LogBuffer::kMain});
  };
  log(10 * logMs, "io", 1,
      "{\"synthetic\":true,\"path\":\"/data/user/0/com.example.mxi.demo/files/catalog.json\",\"size\":524288,"
      "\"op\":128,\"buffer\":4096,\"cost\":412,\"opType\":1,\"opSize\":524288,\"thread\":\"main\",\"stack\":"
      "\"java.io.FileInputStream.read(FileInputStream.java:255)\\ncom.example.mxi.demo.Catalog.load(Catalog.java:41)\\n"
      "com.example.mxi.demo.DemoActivity.onResume(DemoActivity.java:88)\\n\",\"repeat\":1,\"tag\":\"io\","
      "\"type\":1" +
          process + "}");
  for (int64_t i = 0; i < 1000; ++i) {
    const std::string content = "{\"synthetic\":true,\"machine\":\"MIDDLE\",\"detail\":\"NORMAL\",\"cost\":" +
                                std::to_string(700 + (i * 37) % 900) +
                                ",\"scene\":\"com.example.mxi.demo.DemoActivity\",\"stack\":\"0,1048574,1,800\\n\","
                                "\"stackKey\":\"1048574|\",\"tag\":\"Trace_EvilMethod\"" +
                                process + "}";
    log((20 + i * 50) * logMs, "Trace_EvilMethod", 0, content);
  }
  d.anr.package = app.package;
  d.anr.pid = app.pid;
  d.anr.atMs = anrAtMs;
  d.anr.traces =
      "----- pid 4242 at 2026-01-01 00:00:00 -----\nCmd line: com.example.mxi.demo\nABI: arm64\n"
      "Build type: optimized\n\n"
      "\"main\" prio=5 tid=1 Sleeping\n"
      "  | group=\"main\" sCount=1 dsCount=0 flags=1 obj=0x72f5d1a8 self=0xb400007a1c2c3800\n"
      "  | sysTid=4242 nice=-10 cgrp=top-app sched=0/0 handle=0x7b2e6a74f8\n"
      "  | state=S schedstat=( 5302154 1203398 21 ) utm=0 stm=0 core=4 HZ=100\n"
      "  | stack=0x7fe7a0f000-0x7fe7a11000 stackSize=8192KB\n"
      "  | held mutexes=\n"
      "  at java.lang.Thread.sleep(Native method)\n"
      "  - sleeping on <0x0e2e7c5e> (a java.lang.Object)\n"
      "  at java.lang.Thread.sleep(Thread.java:450)\n"
      "  - locked <0x0e2e7c5e> (a java.lang.Object)\n"
      "  at java.lang.Thread.sleep(Thread.java:355)\n"
      "  at com.example.mxi.demo.Catalog.waitForSync(Catalog.java:97)\n"
      "  at com.example.mxi.demo.DemoActivity.onClick(DemoActivity.java:120)\n"
      "  at android.view.View.performClick(View.java:7448)\n"
      "  at android.os.Handler.handleCallback(Handler.java:938)\n"
      "  at android.os.Looper.loop(Looper.java:223)\n"
      "  at android.app.ActivityThread.main(ActivityThread.java:7656)\n\n"
      "----- end 4242 -----\n";
  d.log.push_back(amAnrLine(d.anr, anrAtMs));
  addDemoActivityDestroys(config, app.pid, d.log);
  addDemoStrictMode(config, app.pid, d.log);
  if (demoOwnsDatabase(config)) addDemoSqliteLog(config, app.pid, d.log);
}

}  // namespace

SimDevice loadDevice(const SimConfig& config) {
  SimDevice d;
  d.apps.push_back({"init", 1, "root", {}, {}});
  d.apps.push_back({"system_server", 1200, "system", {}, {}});
  // The phone booted a minute before the timeline: `logcat -t 1` on the system buffer always has
  // a newest line to take a stamp from (ActivityManagerService.systemReady's).
  d.log.push_back({-60'000, 1200, 1247, 'I', "ActivityManager", "System now ready", LogBuffer::kSystem});
  if (config.referenceDir.empty()) {
    addSyntheticApp(d, config);
  } else {
    const fs::path ref = config.referenceDir;
    addGfxApps(d, ref / "gfxinfo/topicon-t865_all-processes_framestats.txt");
    addGfxApps(d, ref / "gfxinfo/choi890_soundvis_120hz_framestats.txt");
    addIssueApps(d, ref / "matrix-issues", config.extraIssues);
    for (SimLogLine& l : d.log) l.atMs *= config.logMs;
    addAnrApp(d, ref / "anr/wanandroid_arm64-device_traces.txt", config.anrAtMs);
    if (config.oneAppDemo) giveEverythingTo(d, config.foreground.empty() ? "com.android.settings" : config.foreground);
    if (d.anr.pid != 0) d.log.push_back(amAnrLine(d.anr, config.anrAtMs));
  }
  std::stable_sort(d.log.begin(), d.log.end(),
                   [](const SimLogLine& a, const SimLogLine& b) { return a.atMs < b.atMs; });
  d.foreground = config.foreground;
  if (d.foreground.empty()) d.foreground = d.synthetic ? "com.example.mxi.demo" : "com.android.settings";
  return d;
}

}  // namespace mxi::sim
