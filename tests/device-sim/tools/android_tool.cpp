// mxi-android-tool: stand-ins for the Android tools the agent runs (dumpsys, logcat, am, pm,
// getprop, setprop, pidof, ps, run-as, uname, input, cmd), one binary called through symlinks named like the tool
// (busybox style) or as `mxi-android-tool TOOL ARGS...`. They replay real captures over time (sim_device.h).
#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <climits>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "sim_am.h"
#include "sim_apks.h"
#include "sim_cmd.h"
#include "sim_context.h"
#include "sim_database.h"
#include "sim_dbinfo.h"
#include "sim_input.h"
#include "sim_launch_log.h"
#include "sim_launch_state.h"
#include "sim_memory.h"
#include "sim_processes.h"
#include "sim_props.h"
#include "sim_run_as.h"
#include "sim_sqlite_time.h"
#include "sim_strictmode.h"
#include "synthetic_frames.h"

namespace mxi::sim {
namespace {

// With MXI_SIM_FRAME_MS (frameMs > 0), the rows drawn so far at one every frameMs: tests
// fast-forward or outrun the polls with it. Without it rows follow their stamps in real time.
int64_t fastForwardRows(const Ctx& c) { return c.elapsed() < 0 ? 0 : c.elapsed() / c.config.frameMs + 1; }

// The synthetic app's rows listed so far: those started by now, or fast-forwarded.
int64_t syntheticRows(const Ctx& c, SyntheticFrames& frames) {
  if (c.config.frameMs > 0) return fastForwardRows(c);
  return c.elapsed() < 0 ? 0 : frames.rowsBy(c.elapsed() * c.config.refreshHz / 1000);
}

// One framestats row: IntendedVsync `v`, the frame taking `dur` ns to FrameCompleted.
std::string framestatsRow(int64_t v, int64_t dur) {
  std::string out = "0";
  for (int64_t f : {v, v, v + dur / 10, v + dur / 9, v + dur / 8, v + dur / 4, v + dur / 2, v + dur / 2 + 1,
                    v + dur / 2 + 2, v + dur * 3 / 4, v + dur}) {
    out += "," + std::to_string(f);
  }
  return out + ",\n";
}

// The synthetic app's framestats (synthetic_frames.h) on the phone's monotonic clock from the
// timeline's origin — the clock the agent stamps scenes, issues and ANRs with — the last 120 rows
// as a phone lists them. After `gfxinfo reset` only later frames; after a launch its first frame
// (sim_launch_state.h), then the frames that start once it is on screen.
std::string syntheticFramestats(const Ctx& c, const AppLaunchState& launch) {
  const int64_t period = 1'000'000'000 / std::max(1, c.config.refreshHz), base = originMonotonicNs(c.config);
  SyntheticFrames frames;
  const int64_t last = syntheticRows(c, frames);
  std::vector<std::string> rows;
  const bool launchDrawn = launch.firstFrameCompletedNs > 0 && launch.firstFrameVsyncNs >= launch.framesResetNs &&
                           launch.firstFrameCompletedNs <= monotonicNowNs();
  if (launchDrawn) {
    rows.push_back(framestatsRow(launch.firstFrameVsyncNs, launch.firstFrameCompletedNs - launch.firstFrameVsyncNs));
  }
  const int64_t listedFromNs = std::max(launch.framesResetNs, launchDrawn ? launch.firstFrameCompletedNs : 0);
  for (int64_t i = std::max<int64_t>(0, last - 120); i < last; ++i) {
    const int64_t v = base + frames.vsyncOf(i) * period;
    if (v >= listedFromNs) rows.push_back(framestatsRow(v, SyntheticFrames::durationNs(i, period)));
  }
  std::string out = "MXI SIMULATOR: synthetic demo data (no reference captures found)\n";
  out += "Window: com.example.mxi.demo/com.example.mxi.demo.DemoActivity\n---PROFILEDATA---\n";
  out +=
      "Flags,IntendedVsync,Vsync,HandleInputStart,AnimationStart,PerformTraversalsStart,DrawStart,SyncQueued,"
      "SyncStart,IssueDrawCommandsStart,SwapBuffers,FrameCompleted,\n";
  for (size_t i = rows.size() > 120 ? rows.size() - 120 : 0; i < rows.size(); ++i) out += rows[i];
  return out + "---PROFILEDATA---\n";
}

size_t countRows(const SimApp& app) {
  size_t n = 0;
  for (const SimBlock& b : app.blocks) n += b.rows.size();
  return n;
}

// A framestats row with its timestamp columns moved `shiftNs` later (the demo's loops).
std::string shiftedRow(const std::string& row, const std::vector<bool>& isStamp, int64_t shiftNs) {
  if (shiftNs == 0) return row;
  std::string out;
  size_t column = 0, start = 0;
  while (start <= row.size()) {
    const size_t comma = row.find(',', start);
    const std::string cell = row.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    const int64_t value = cell.empty() ? 0 : std::atoll(cell.c_str());
    out += column < isStamp.size() && isStamp[column] && value > 0 ? std::to_string(value + shiftNs) : cell;
    if (comma == std::string::npos) break;
    out += ',';
    start = comma + 1;
    ++column;
  }
  return out;
}

std::vector<bool> stampColumns(const std::string& header) {
  static const std::set<std::string> kStamps = {"IntendedVsync",
                                                "Vsync",
                                                "HandleInputStart",
                                                "AnimationStart",
                                                "PerformTraversalsStart",
                                                "DrawStart",
                                                "FrameDeadline",
                                                "FrameStartTime",
                                                "SyncQueued",
                                                "SyncStart",
                                                "IssueDrawCommandsStart",
                                                "SwapBuffers",
                                                "FrameCompleted",
                                                "GpuCompleted",
                                                "SwapBuffersCompleted",
                                                "DisplayPresentTime",
                                                "CommandSubmissionCompleted"};
  std::vector<bool> out;
  size_t start = 0;
  for (;;) {
    const size_t comma = header.find(',', start);
    out.push_back(kStamps.count(header.substr(start, comma == std::string::npos ? std::string::npos : comma - start)) >
                  0);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

// The value of column `index` of a CSV row (0 when absent).
int64_t cellAt(const std::string& row, size_t index) {
  size_t start = 0;
  for (size_t i = 0; i < index; ++i) {
    start = row.find(',', start);
    if (start == std::string::npos) return 0;
    ++start;
  }
  return std::atoll(row.c_str() + start);
}

// Where a block's IntendedVsync column is.
size_t vsyncColumn(const SimBlock& block) {
  const std::string prefix = block.header.substr(0, block.header.find("IntendedVsync"));
  return static_cast<size_t>(std::count(prefix.begin(), prefix.end(), ','));
}

// The capture's first and last IntendedVsync.
std::pair<int64_t, int64_t> captureRange(const SimApp& app) {
  int64_t low = INT64_MAX, high = 0;
  for (const SimBlock& b : app.blocks) {
    const size_t vsync = vsyncColumn(b);
    for (const std::string& row : b.rows) {
      const int64_t v = cellAt(row, vsync);
      if (v > 0) {
        low = std::min(low, v);
        high = std::max(high, v);
      }
    }
  }
  return {low, high};
}

// What a replayed app has drawn so far. The capture plays on the phone's monotonic clock (the
// one the agent stamps scenes, issues and ANRs with), its first frame at the timeline's origin;
// the demo loops it, each lap a second after the previous. By default a row appears when its
// time comes; with MXI_SIM_FRAME_MS one appears every frameMs, block after block (fast-forward).
struct Replay {
  int64_t shiftNs = 0;        // added to every stamp of the capture
  std::vector<size_t> shown;  // rows revealed per block (a prefix of each)
  size_t newestBlock = 0;     // the block holding the latest revealed row
};

Replay replay(const Ctx& c, const SimApp& app) {
  Replay r;
  r.shown.assign(app.blocks.size(), 0);
  const auto total = static_cast<int64_t>(countRows(app));
  if (total == 0) return r;
  const auto [low, high] = captureRange(app);
  const int64_t origin = originMonotonicNs(c.config), lapNs = high - low + 1'000'000'000;
  if (c.config.frameMs > 0) {
    int64_t budget = fastForwardRows(c);
    const int64_t lap = c.config.oneAppDemo && budget > total ? (budget - 1) / total : 0;
    budget -= lap * total;
    r.shiftNs = origin - low + lap * lapNs;
    for (size_t b = 0; b < app.blocks.size() && budget > 0; ++b) {
      r.shown[b] = static_cast<size_t>(std::min<int64_t>(budget, static_cast<int64_t>(app.blocks[b].rows.size())));
      budget -= static_cast<int64_t>(r.shown[b]);
      if (r.shown[b] > 0) r.newestBlock = b;
    }
    return r;
  }
  const int64_t now = monotonicNowNs();
  const int64_t lap = c.config.oneAppDemo && now > origin ? (now - origin) / lapNs : 0;
  r.shiftNs = origin - low + lap * lapNs;
  int64_t newest = INT64_MIN;
  for (size_t b = 0; b < app.blocks.size(); ++b) {
    const size_t vsync = vsyncColumn(app.blocks[b]);
    for (const std::string& row : app.blocks[b].rows) {
      const int64_t v = cellAt(row, vsync) + r.shiftNs;
      if (v > now) break;
      ++r.shown[b];
      if (v >= newest) {
        newest = v;
        r.newestBlock = b;
      }
    }
  }
  return r;
}

std::string gfxinfo(const Ctx& c, const std::string& package, bool reset) {
  std::string out = "Applications Graphics Acceleration Info:\nUptime: " + std::to_string(c.elapsed()) +
                    " Realtime: " + std::to_string(c.elapsed()) + "\n\n";
  const SimApp* app = findApp(c, package);
  if (app == nullptr || isStopped(c, *app)) return out;  // no process: no section
  AppLaunchState launch = readLaunchState(c, *app);
  if (reset) {  // what was listed so far is printed, then the app's renderer forgets it
    AppLaunchState after = launch;
    after.framesResetNs = monotonicNowNs();
    writeLaunchState(c.config, package, after);
  }
  if (c.device.synthetic)
    return out + "** Graphics info for pid " + std::to_string(app->pid) + " [" + package + "] **\n\n" +
           syntheticFramestats(c, launch);
  const Replay r = replay(c, *app);
  // A restarted process lists only what it drew since it started: rows revealed (fast-forward)
  // or stamped (real time) before then belong to the process that died; after a reset, only
  // what it drew since.
  const int64_t hiddenBeforeNs = std::max(startedNsOf(c, *app), launch.framesResetNs);
  const int64_t originNs = originMonotonicNs(c.config);
  auto drawnBeforeListed = [&](const std::string& row, size_t indexInReplay, size_t vsync) {
    if (hiddenBeforeNs == 0) return false;
    const int64_t drawnNs = c.config.frameMs > 0
                                ? originNs + static_cast<int64_t>(indexInReplay) * c.config.frameMs * 1'000'000
                                : cellAt(row, vsync) + r.shiftNs;
    return drawnNs < hiddenBeforeNs;
  };
  size_t block = 0, row = 0, rowsOfEarlierBlocks = 0;
  bool inBlock = false, headerDone = false;
  std::vector<bool> stamps;
  for (const std::string& l : app->sectionLines) {
    if (l.starts_with("** Graphics info for pid ")) {
      out += "** Graphics info for pid " + std::to_string(app->pid) + l.substr(l.find(' ', 25)) + "\n";
      continue;
    }
    if (l == "---PROFILEDATA---") {
      if (inBlock) rowsOfEarlierBlocks += app->blocks[block++].rows.size();
      inBlock = !inBlock;
      headerDone = false;
      row = 0;
      out += l + "\n";
      continue;
    }
    if (inBlock && headerDone) {
      const size_t index = row++;
      if (block < r.shown.size() && index < r.shown[block] &&
          !drawnBeforeListed(l, rowsOfEarlierBlocks + index, vsyncColumn(app->blocks[block]))) {
        out += shiftedRow(l, stamps, r.shiftNs) + "\n";
      }
      continue;
    }
    if (inBlock) {
      headerDone = true;
      stamps = stampColumns(l);
    }
    out += l + "\n";
  }
  return out;
}

// The resumed activity: the launcher's after HOME, BACK or a crash (sim_input.h, sim_launch.h),
// another app's launcher activity once launched in front, else the foreground app's window that
// is drawing now (the block holding the newest revealed row); "" when the foreground app does not
// run (the launcher is in front).
std::string resumedComponent(const Ctx& c) {
  const std::string front = frontPackage(c.config);
  if (front == kLauncher) return kLauncherActivity;
  if (!front.empty() && front != c.device.foreground) {
    const SimApp* app = findApp(c, front);
    return app != nullptr && !isStopped(c, *app) ? launcherActivityOf(c, *app) : std::string(kLauncherActivity);
  }
  const SimApp* app = findApp(c, c.device.foreground);
  if (app == nullptr || isStopped(c, *app)) return {};  // the launcher is in front
  if (c.device.synthetic || app->blocks.empty()) {
    return c.device.synthetic ? "com.example.mxi.demo/.DemoActivity" : app->package + "/.MainActivity";
  }
  const Replay r = replay(c, *app);
  // A block without an activity name (a dialog, a popup) belongs to the window before it.
  for (size_t b = r.newestBlock + 1; b-- > 0;) {
    if (app->blocks[b].window.find('/') != std::string::npos) return app->blocks[b].window;
  }
  return app->blocks.front().window;
}

int dumpsys(const Ctx& c, const std::vector<std::string>& a) {
  const std::string what = a.empty() ? "" : a[0];
  if (!what.empty() && ("," + c.config.missingServices + ",").find("," + what + ",") != std::string::npos) {
    std::printf("Can't find service: %s\n", what.c_str());
    return 0;
  }
  if (what == "gfxinfo" && a.size() >= 2) {
    std::fputs(gfxinfo(c, a[1], std::find(a.begin() + 2, a.end(), "reset") != a.end()).c_str(), stdout);
  } else if (what == "display") {
    // Format of Android 12's DisplayManagerService dump (abridged; no real capture exists).
    const int hz = c.config.refreshHz;
    std::printf(
        "DISPLAY MANAGER (dumpsys display)\n  mOnlyCode=false\n  mSafeMode=false\n\nDisplay Devices: size=1\n"
        "  DisplayDeviceInfo{\"Built-in Screen\": uniqueId=\"local:0\", 1600 x 2560, modeId 1, defaultModeId 1, "
        "supportedModes [{id=1, width=1600, height=2560, fps=%d.0, alternativeRefreshRates=[]}]}\n"
        "    mActiveModeId=1\n",
        hz);
  } else if (what == "SurfaceFlinger") {
    std::printf("Display 0 HWC layers:\nrefresh-rate              : %d.000000 fps\n", c.config.refreshHz);
  } else if (what == "dbinfo") {
    return dumpsysDbinfo(c, std::vector<std::string>(a.begin() + 1, a.end()));
  } else if (what == "meminfo") {
    return dumpsysMeminfo(c, std::vector<std::string>(a.begin() + 1, a.end()));
  } else if (what == "activity") {
    const std::string comp = resumedComponent(c);
    std::printf(
        "ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)\nDisplay #0 (activities from top to bottom):\n");
    // The resumed Activity's task history (the one record the foreground app holds), as the
    // leak watch counts records per process; then the per-display resumed line.
    if (const SimApp* app = findApp(c, comp.substr(0, comp.find('/'))); !comp.empty() && app != nullptr) {
      std::fputs(activityHistory(c, *app, comp).c_str(), stdout);
    }
    if (!comp.empty()) std::printf("\n  ResumedActivity: ActivityRecord{5e2c1a7 u0 %s t42}\n", comp.c_str());
  } else if (what == "dropbox" && a.size() >= 3 && a.back().ends_with("_strictmode")) {
    const std::string entries = demoStrictModeDropBox(c, a.back());
    size_t count = 0;
    for (size_t at = entries.find("====\n"); at != std::string::npos; at = entries.find("====\n", at + 1)) ++count;
    std::printf("Drop box contents: %zu entries\nMax entries: 1000\n\nSearching for: %s\n\n", count, a.back().c_str());
    std::fputs(entries.c_str(), stdout);
  } else if (what == "dropbox") {
    const bool ready = c.device.anr.pid != 0 && c.elapsed() >= c.device.anr.atMs + c.device.anr.dropboxDelayMs;
    std::printf("Drop box contents: %d entries\nMax entries: 1000\n\nSearching for: data_app_anr\n\n", ready ? 1 : 0);
    if (ready) {
      // DropBoxManagerService's --print layout around the real traces (the header lines are the
      // documented AppErrors fields; no real dropbox capture exists).
      const std::string body = "Process: " + c.device.anr.package + "\nPID: " + std::to_string(c.device.anr.pid) +
                               "\nFlags: 0x38c8be46\nPackage: " + c.device.anr.package +
                               " v1 (1.0)\nForeground: Yes\nSubject: Input dispatching timed out\n"
                               "Build: Meizu/simulated\n\n" +
                               c.device.anr.traces;
      std::printf("========================================\n2019-01-27 20:09:52 data_app_anr (text, %zu bytes)\n%s\n",
                  body.size(), body.c_str());
    }
  } else {
    std::printf("Can't find service: %s\n", what.c_str());
    return 0;
  }
  return 0;
}

void printLogLine(const Ctx& c, const SimLogLine& l) {
  const int64_t t = c.origin + l.atMs;
  std::printf("%10lld.%03lld %5d %5d %c %-8s: %s\n", static_cast<long long>(t / 1000), static_cast<long long>(t % 1000),
              l.pid, l.tid, l.level, l.tag.c_str(), l.message.c_str());
}

int logcat(const Ctx& c, const std::vector<std::string>& a) {
  // Buffers asked for (-b NAME, repeatable; "default" is logcat's main, system and crash).
  std::set<LogBuffer> wanted;
  bool dump = false;
  int64_t sinceMs = INT64_MIN;
  int64_t tailCount = -1;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i] == "-d") dump = true;
    if (a[i] == "-b" && i + 1 < a.size()) {
      const std::string b = a[++i];
      if (b == "main" || b == "all" || b == "default") wanted.insert(LogBuffer::kMain);
      if (b == "system" || b == "all" || b == "default") wanted.insert(LogBuffer::kSystem);
      if (b == "crash" || b == "all" || b == "default") wanted.insert(LogBuffer::kCrash);
      if (b == "events" || b == "all") wanted.insert(LogBuffer::kEvents);
    }
    if ((a[i] == "-T" || a[i] == "-t") && i + 1 < a.size()) {
      const std::string v = a[++i];
      if (a[i - 1] == "-d") dump = true;
      if (v.find('.') != std::string::npos) {
        sinceMs = static_cast<int64_t>(std::atof(v.c_str()) * 1000.0 + 0.5);
      } else {
        tailCount = std::atoll(v.c_str());
      }
    }
  }
  if (wanted.empty()) wanted = {LogBuffer::kMain, LogBuffer::kSystem, LogBuffer::kCrash};
  std::vector<const SimLogLine*> lines;
  for (const SimLogLine& l : c.device.log) {
    if (wanted.count(l.buffer) > 0) lines.push_back(&l);
  }
  size_t i = 0;
  const int64_t now = c.elapsed();
  if (tailCount >= 0) {
    size_t past = 0;
    while (past < lines.size() && lines[past]->atMs <= now) ++past;
    i = past - std::min<size_t>(past, static_cast<size_t>(tailCount));
  }
  for (; i < lines.size(); ++i) {
    const SimLogLine& l = *lines[i];
    if (c.origin + l.atMs < sinceMs) continue;
    const int64_t wait = c.origin + l.atMs - nowMs();
    if (wait > 0) {
      if (dump) break;
      std::fflush(stdout);
      std::this_thread::sleep_for(std::chrono::milliseconds(wait));
    }
    printLogLine(c, l);
  }
  std::fflush(stdout);
  if (dump) return 0;
  // logcat keeps following until killed — or, unlike a phone's, until its reader is gone (a test
  // that kills the agent must not leave followers behind): a pipe whose read end closed polls
  // POLLERR on the write end.
  for (;;) {
    pollfd out{STDOUT_FILENO, 0, 0};
    if (poll(&out, 1, 1000) > 0 && (out.revents & (POLLERR | POLLHUP | POLLNVAL)) != 0) return 0;
  }
}

// Android 7 and older: toolbox ps lists every process in its own columns and takes a word that
// is not one of its flags as a name prefix filter (the last one wins), so `ps -A -o …` lists none.
int toolboxPs(const Ctx& c, const std::vector<std::string>& a) {
  std::string nameFilter;
  for (const std::string& arg : a) {
    const bool flag = arg == "-t" || arg == "-x" || arg == "-P" || arg == "-p" || arg == "-c" || arg == "-n" ||
                      arg == "-Z" || arg == "--abi";
    if (!flag && !arg.empty() && !std::isdigit(static_cast<unsigned char>(arg[0]))) nameFilter = arg;
  }
  std::printf("USER      PID   PPID  VSIZE  RSS   WCHAN              PC  NAME\n");
  for (const SimApp& app : c.device.apps) {
    if (isStopped(c, app) || app.package.compare(0, nameFilter.size(), nameFilter) != 0) continue;
    std::printf("%-9s %-5d %-5d %-6d %-5d %-18s %08x S %s\n", app.user.c_str(), app.pid, 1, 1554388, 63404,
                "SyS_epoll_", 0, app.package.c_str());
  }
  return 0;
}

int ps(const Ctx& c, const std::vector<std::string>& args) {
  if (c.config.sdk < 26) return toolboxPs(c, args);
  std::printf("  PID USER           NAME\n");
  for (const SimApp& a : c.device.apps) {
    if (!isStopped(c, a)) std::printf("%5d %-14s %s\n", a.pid, a.user.c_str(), a.package.c_str());
  }
  return 0;
}

int pidof(const Ctx& c, const std::vector<std::string>& a) {
  std::string out;
  for (const SimApp& app : c.device.apps) {
    for (const std::string& name : a) {
      if (app.package == name && !isStopped(c, app)) out += (out.empty() ? "" : " ") + std::to_string(app.pid);
    }
  }
  if (out.empty()) return 1;
  std::printf("%s\n", out.c_str());
  return 0;
}

// `pm list packages [-3]`: the replayed apps' packages (process names up to ':', each once, in
// replay order), then those with APKs only (MXI_SIM_APKS, sim_apks.h); -3 leaves out system apps
// (those whose processes run as `system`). `pm path`: sim_apks.h.
int pm(const Ctx& c, const std::vector<std::string>& a) {
  if (!a.empty() && a[0] == "path") return pmPath(c.config, std::vector<std::string>(a.begin() + 1, a.end()));
  if (a.size() < 2 || a[0] != "list" || a[1] != "packages") {
    std::fprintf(stderr, "simulated pm: only list packages [-3] and path [--user N] PACKAGE are supported\n");
    return 1;
  }
  bool thirdPartyOnly = false;
  for (size_t i = 2; i < a.size(); ++i) {
    if (a[i] != "-3") {
      std::fprintf(stderr, "simulated pm: unsupported option %s\n", a[i].c_str());
      return 1;
    }
    thirdPartyOnly = true;
  }
  std::vector<std::string> listed;
  for (const SimApp& app : c.device.apps) {
    const std::string package = packageOf(app.package);
    if (package.find('.') == std::string::npos) continue;  // init, system_server: not packages
    if (thirdPartyOnly && app.user == "system") continue;
    if (std::find(listed.begin(), listed.end(), package) != listed.end()) continue;
    listed.push_back(package);
    std::printf("package:%s\n", package.c_str());
  }
  for (const SimApk& apk : installedApks(c.config)) {
    if (std::find(listed.begin(), listed.end(), apk.package) != listed.end()) continue;
    listed.push_back(apk.package);
    std::printf("package:%s\n", apk.package.c_str());
  }
  return 0;
}

int getprop(const Ctx& c, const std::vector<std::string>& a) {
  std::vector<std::pair<std::string, std::string>> props = {
      {"ro.build.version.release", std::to_string(c.config.sdk - 20)},
      {"ro.build.version.sdk", std::to_string(c.config.sdk)},
      {"ro.product.cpu.abi", c.config.abi.name},
      {"ro.product.cpu.abilist", c.config.abi.abiList},
      {"ro.product.manufacturer", c.device.manufacturer},
      {"ro.product.model", c.device.model},
      {"ro.serialno", "mxi-simulated"}};
  for (auto& set : setProperties(c.config)) props.push_back(std::move(set));  // setprop's (sim_props.h)
  for (const auto& [k, v] : props) {
    if (a.empty())
      std::printf("[%s]: [%s]\n", k.c_str(), v.c_str());
    else if (a[0] == k)
      std::printf("%s\n", v.c_str());
  }
  if (!a.empty()) {
    bool found = false;
    for (const auto& kv : props) found |= kv.first == a[0];
    if (!found) std::printf("\n");
  }
  return 0;
}

// toybox uname: -s (the default), -n, -r, -v, -m, -o, -a.
int uname(const Ctx& c, const std::vector<std::string>& a) {
  const std::vector<std::pair<char, std::string>> fields = {{'s', "Linux"},
                                                            {'n', "localhost"},
                                                            {'r', "5.10.0-android12-9"},
                                                            {'v', "#1 SMP PREEMPT"},
                                                            {'m', c.config.abi.unameMachine},
                                                            {'o', "Toybox"}};
  std::string wanted;
  for (const std::string& arg : a) {
    if (arg.size() < 2 || arg[0] != '-') {
      std::fprintf(stderr, "uname: unknown argument %s\n", arg.c_str());
      return 1;
    }
    wanted += arg.substr(1);
  }
  if (wanted.empty()) wanted = "s";
  if (wanted.find('a') != std::string::npos) wanted = "snrvmo";
  std::string line;
  for (const auto& [flag, value] : fields) {
    if (wanted.find(flag) != std::string::npos) line += (line.empty() ? "" : " ") + value;
  }
  std::printf("%s\n", line.c_str());
  return 0;
}

}  // namespace
}  // namespace mxi::sim

int main(int argc, char** argv) {
  using namespace mxi::sim;
  std::string tool = std::filesystem::path(argv[0]).filename().string();
  int first = 1;
  if (tool == "mxi-android-tool") {
    if (argc < 2) {
      std::fprintf(
          stderr,
          "usage: mxi-android-tool dumpsys|logcat|am|pm|getprop|setprop|pidof|ps|run-as|uname|input|cmd ARGS...\n");
      return 2;
    }
    tool = argv[1];
    first = 2;
  }
  Ctx c;
  c.config = loadConfig(argv[0]);
  logCall(c.config, argc, argv);
  c.device = loadDevice(c.config);
  c.startedNs = applyProcessState(c.config, c.device.apps);
  // The timeline starts when the agent starts collecting: following the log, polling frames,
  // memory or DropBox (listing apps or processes first does not start it), so what a demo shows
  // does not depend on how long the user took to press Start. `dumpsys activity` sees it once
  // begun without beginning it: mxi asks it before it starts the agent (is the app in front?), and
  // a slow start (a sanitizer build) must not eat the lead before the first frames and issues.
  const std::vector<std::string> args(argv + first, argv + argc);
  const bool collecting =
      tool == "logcat" ||
      (tool == "dumpsys" && !args.empty() &&
       (args[0] == "gfxinfo" || args[0] == "dropbox" || args[0] == "meminfo" || args[0] == "dbinfo"));
  const bool seesTimeline = tool == "dumpsys" && !args.empty() && args[0] == "activity";
  c.config.startsTimeline = collecting;
  if (collecting || seesTimeline) c.origin = originMs(c.config);
  // The demo app's database exists from the timeline's start on, for every tool (run-as copies it).
  if (c.device.synthetic) ensureDemoDatabase(c.config);
  signal(SIGPIPE, SIG_DFL);
  if (tool == "dumpsys") return dumpsys(c, args);
  if (tool == "logcat") {
    addForegroundSqliteTime(c);
    addLaunchLog(c);
    return logcat(c, args);
  }
  if (tool == "am") return am(c, args);
  if (tool == "ps") return ps(c, args);
  if (tool == "pidof") return pidof(c, args);
  if (tool == "pm") return pm(c, args);
  if (tool == "getprop") return getprop(c, args);
  if (tool == "setprop") return setprop(c.config, args);
  if (tool == "run-as") return runAs(c, args);
  if (tool == "uname") return uname(c, args);
  if (tool == "input") return input(c, args);
  if (tool == "cmd") return cmd(c, args);
  std::fprintf(stderr, "%s: not simulated\n", tool.c_str());
  return 127;
}
