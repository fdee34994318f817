#include "sim_memory.h"

#include "sim_dbinfo.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace mxi::sim {
namespace {

bool isDemoApp(const Ctx& c, const SimApp& app) { return c.device.synthetic && app.package == "com.example.mxi.demo"; }

// The k-th event of a series with period `every`, `offsetNum/offsetDen` of a period in.
int64_t seriesAt(int64_t every, int64_t k, int64_t offsetNum, int64_t offsetDen) {
  return every * offsetNum / offsetDen + k * every;
}

// The destroy event's line as the release logs it (android.app EventLogTags): Android 9 and before
// am_on_destroy_called [user,class,reason]; 10–11 wm_on_destroy_called [token,class,reason];
// 12+ the same with the time onDestroy took.
SimLogLine destroyLine(const SimConfig& config, int pid, int64_t atMs, const char* activity, int64_t token) {
  std::string tag = "wm_on_destroy_called", fields;
  if (config.sdk <= 28) {
    tag = "am_on_destroy_called";
    fields = "0," + std::string(activity) + ",performDestroy";
  } else {
    fields = std::to_string(token) + "," + activity + ",performDestroy";
    if (config.sdk >= 31) fields += "," + std::to_string(1 + token % 4);
  }
  return {atMs, pid, pid, 'I', tag, "[" + fields + "]", LogBuffer::kEvents};
}

struct Memory {
  int64_t javaKb, nativeKb, codeKb, stackKb, graphicsKb, privateOtherKb, systemKb, totalPssKb, totalRssKb, swapKb;
  int64_t activities, views, appContexts;
};

// The demo's memory now: the leaked Activities' photos grow the Java heap, garbage piles up in a
// 4-second sawtooth of up to 390 kB (gone after a forced GC); other apps hold still.
Memory memoryOf(const Ctx& c, const SimApp& app, bool gcFirst) {
  const int64_t elapsed = std::max<int64_t>(0, c.elapsed());
  const bool demo = isDemoApp(c, app);
  const int64_t leaks = demo ? leaksBy(c.config, elapsed) : 0;
  const int64_t garbage = demo && !gcFirst ? (elapsed / 100 % 40) * 10 : 0;
  Memory m{};
  m.javaKb = 14'000 + leaks * 520 + garbage + (app.pid % 7) * 100;
  m.nativeKb = 22'345;
  m.codeKb = 13'456;
  m.stackKb = 812;
  m.graphicsKb = demo ? 9'876 : 0;
  m.privateOtherKb = 2'345;
  m.systemKb = 1'567;
  m.totalPssKb = m.javaKb + m.nativeKb + m.codeKb + m.stackKb + m.graphicsKb + m.privateOtherKb + m.systemKb;
  m.totalRssKb = m.totalPssKb + 73'000;
  m.swapKb = 120;
  m.activities = 1 + leaks;
  m.views = 41 + leaks * 17;
  m.appContexts = 3 + leaks;
  return m;
}

void row(std::string& out, const char* name, std::vector<int64_t> values, size_t width) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%13s", name);
  out += buf;
  for (int64_t v : values) {
    std::snprintf(buf, sizeof buf, "%9lld", static_cast<long long>(v));
    out += buf;
  }
  const size_t lineStart = out.rfind('\n') + 1;
  if (out.size() - lineStart < width) out.append(width - (out.size() - lineStart), ' ');
  out += '\n';
}

std::string pair(const char* a, int64_t x, const char* b, int64_t y) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "%21s%9lld%22s%9lld\n", a, static_cast<long long>(x), b, static_cast<long long>(y));
  return buf;
}

// Android 13–14: Pss Total, Private Dirty/Clean, SwapPss Dirty, Rss Total, Heap Size/Alloc/Free;
// the table's rows add up to the App Summary's categories.
std::string modernTable(const Memory& m, bool local) {
  std::string out =
      "                   Pss  Private  Private  SwapPss      Rss     Heap     Heap     Heap\n"
      "                 Total    Dirty    Clean    Dirty    Total     Size    Alloc     Free\n"
      "                ------   ------   ------   ------   ------   ------   ------   ------\n";
  const int64_t art = 1'200, dalvik = m.javaKb - art;
  const int64_t heapSize = local ? 0 : dalvik + 8'000, heapAlloc = local ? 0 : dalvik, heapFree = heapSize - heapAlloc;
  const int64_t nativeSize = local ? 0 : m.nativeKb + 6'000, nativeAlloc = local ? 0 : m.nativeKb - 400;
  row(out, "Native Heap",
      {m.nativeKb, m.nativeKb - 40, 0, 30, m.nativeKb + 900, nativeSize, nativeAlloc, nativeSize - nativeAlloc}, 85);
  row(out, "Dalvik Heap", {dalvik, dalvik - 20, 0, 40, dalvik + 6'000, heapSize, heapAlloc, heapFree}, 85);
  row(out, "Dalvik Other", {1'350, 144, 0, 20, 3'084}, 85);
  row(out, "Stack", {m.stackKb, m.stackKb, 0, 0, m.stackKb + 8}, 85);
  row(out, "Ashmem", {13, 0, 0, 0, 788}, 85);
  row(out, "Other dev", {21, 0, 20, 0, 292}, 85);
  row(out, ".so mmap", {m.codeKb - 3'000, 112, 36, 10, 59'264}, 85);
  row(out, ".jar mmap", {1'000, 0, 0, 0, 38'588}, 85);
  row(out, ".apk mmap", {1'200, 0, 1'100, 0, 20'132}, 85);
  row(out, ".dex mmap", {800, 4, 780, 0, 1'532}, 85);
  row(out, ".art mmap", {art, 216, 0, 10, 25'536}, 85);
  row(out, "Other mmap", {961, 8, 624, 0, 5'640}, 85);
  row(out, "GL mtrack", {m.graphicsKb, m.graphicsKb, 0, 0, m.graphicsKb}, 85);
  // The rest of the total, as the summary's System (shared pages' share).
  const int64_t listed = m.nativeKb + dalvik + 1'350 + m.stackKb + 13 + 21 + (m.codeKb - 3'000) + 1'000 + 1'200 + 800 +
                         art + 961 + m.graphicsKb;
  row(out, "Unknown", {m.totalPssKb - listed, 88, 0, 40, 952}, 85);
  row(out, "TOTAL",
      {m.totalPssKb, m.javaKb + m.nativeKb, 2'560, m.swapKb, m.totalRssKb, local ? 0 : heapSize + nativeSize,
       local ? 0 : heapAlloc + nativeAlloc, local ? 0 : heapFree + nativeSize - nativeAlloc},
      85);
  char buf[256];
  out +=
      " \n App Summary\n                       Pss(KB)                        Rss(KB)\n"
      "                        ------                         ------\n";
  auto summary = [&](const char* name, int64_t pss, int64_t rss) {
    std::snprintf(buf, sizeof buf, "%21s%9lld%31lld\n", name, static_cast<long long>(pss), static_cast<long long>(rss));
    out += buf;
  };
  summary("Java Heap:", m.javaKb, m.javaKb + 6'000);
  summary("Native Heap:", m.nativeKb, m.nativeKb + 900);
  summary("Code:", m.codeKb, 120'000);
  summary("Stack:", m.stackKb, m.stackKb + 8);
  summary("Graphics:", m.graphicsKb, m.graphicsKb);
  std::snprintf(buf, sizeof buf, "%21s%9lld\n%21s%9lld\n%21s%40lld\n \n",
                "Private Other:", static_cast<long long>(m.privateOtherKb),
                "System:", static_cast<long long>(m.systemKb), "Unknown:", 8'320LL);
  out += buf;
  std::snprintf(buf, sizeof buf, "%21s%9lld%22s%9lld%22s%9lld\n", "TOTAL PSS:", static_cast<long long>(m.totalPssKb),
                "TOTAL RSS:", static_cast<long long>(m.totalRssKb),
                "TOTAL SWAP PSS:", static_cast<long long>(m.swapKb));
  out += buf;
  return out;
}

// Android 4.4: no Rss column, no App Summary (the table's TOTAL Pss is the total).
std::string kitkatTable(const Memory& m, bool local) {
  std::string out =
      "                   Pss  Private  Private  Swapped     Heap     Heap     Heap\n"
      "                 Total    Dirty    Clean    Dirty     Size    Alloc     Free\n"
      "                ------   ------   ------   ------   ------   ------   ------\n";
  const int64_t heapSize = local ? 0 : m.javaKb + 8'000, heapAlloc = local ? 0 : m.javaKb;
  row(out, "Native Heap", {m.nativeKb, m.nativeKb - 40, 0, 0, local ? 0 : 8'948, local ? 0 : 8'520, local ? 0 : 271},
      0);
  row(out, "Dalvik Heap", {m.javaKb, m.javaKb - 400, 0, 0, heapSize, heapAlloc, heapSize - heapAlloc}, 0);
  row(out, "Dalvik Other", {3'875, 3'820, 0, 0}, 0);
  row(out, "Stack", {m.stackKb, m.stackKb, 0, 0}, 0);
  row(out, ".so mmap", {m.codeKb, 1'028, 12, 0}, 0);
  const int64_t listed = m.nativeKb + m.javaKb + 3'875 + m.stackKb + m.codeKb;
  row(out, "Unknown", {m.totalPssKb - listed, 5'324, 0, 0}, 0);
  row(out, "TOTAL",
      {m.totalPssKb, m.javaKb + m.nativeKb, 5'372, 0, heapSize + (local ? 0 : 8'948), heapAlloc + (local ? 0 : 8'520),
       heapSize - heapAlloc + (local ? 0 : 271)},
      0);
  return out;
}

}  // namespace

int64_t leaksBy(const SimConfig& config, int64_t elapsedMs) {
  const int64_t every = config.leakEveryMs;
  if (every <= 0 || elapsedMs < seriesAt(every, 0, 1, 4)) return 0;
  return (elapsedMs - seriesAt(every, 0, 1, 4)) / every + 1;
}

void addDemoActivityDestroys(const SimConfig& config, int pid, std::vector<SimLogLine>& log) {
  for (int64_t k = 0; k < 400; ++k) {
    if (config.leakEveryMs > 0)
      log.push_back(destroyLine(config, pid, seriesAt(config.leakEveryMs, k, 1, 4), kLeakyActivity, 118'820'153 + k));
    if (config.collectedEveryMs > 0)
      log.push_back(
          destroyLine(config, pid, seriesAt(config.collectedEveryMs, k, 5, 8), kCollectedActivity, 220'417'006 + k));
  }
}

int dumpsysMeminfo(const Ctx& c, const std::vector<std::string>& args) {
  bool local = false;
  std::string target;
  for (const std::string& a : args) {
    if (a == "--local") {
      local = true;
    } else if (!a.empty() && a[0] != '-') {
      target = a;
    }
  }
  const SimApp* app = nullptr;
  for (const SimApp& candidate : c.device.apps) {
    if (!isStopped(c, candidate) && !target.empty() &&
        (std::to_string(candidate.pid) == target || candidate.package == target)) {
      app = &candidate;
    }
  }
  if (app == nullptr || app->package.find('.') == std::string::npos) {
    std::printf("No process found for: %s\n", target.c_str());
    return 0;
  }
  // The app's own dump (not --local) sizes its databases on every connection (sim_dbinfo.h).
  if (!local && isDemoApp(c, *app)) noteDemoDatabaseStats(c);
  const bool summary = c.config.sdk >= 23;
  const Memory m = memoryOf(c, *app, !local);
  std::string out = summary ? "Applications Memory Usage (in Kilobytes):\n" : "Applications Memory Usage (kB):\n";
  out += "Uptime: " + std::to_string(219'723'726 + c.elapsed()) +
         " Realtime: " + std::to_string(584'341'125 + c.elapsed()) + "\n\n** MEMINFO in pid " +
         std::to_string(app->pid) + " [" + app->package + "] **\n";
  out += summary ? modernTable(m, local) : kitkatTable(m, local);
  if (!local) {
    // The app process ran Runtime.gc() first, then counted (ActivityThread.dumpMemInfo).
    out += summary ? " \n Objects\n" : "\n Objects\n";
    out += pair("Views:", m.views, "ViewRootImpl:", 1);
    out += pair("AppContexts:", m.appContexts, "Activities:", m.activities);
    out += pair("Assets:", 12, "AssetManagers:", 4);
    out += pair("Local Binders:", 31, "Proxy Binders:", 42);
    if (summary) {
      out += pair("Parcel memory:", 18, "Parcel count:", 74);
      out += pair("Death Recipients:", 2, "WebViews:", 0);
    } else {
      out += "    Death Recipients:        2\n     OpenSSL Sockets:        0\n";
    }
  }
  std::fputs(out.c_str(), stdout);
  return 0;
}

std::string activityHistory(const Ctx& c, const SimApp& app, const std::string& component) {
  const std::string pkg = component.substr(0, component.find('/'));
  const std::string uid = app.user.starts_with("u0_a") ? "u0a" + app.user.substr(4) : app.user;
  const std::string record = "ActivityRecord{5e2c1a7 u0 " + component + " t42}";
  const std::string process =
      "app=ProcessRecord{6752d47 " + std::to_string(app.pid) + ":" + app.package + "/" + uid + "}";
  if (c.config.sdk >= 29) {
    return "  * Task{d19dee2 #42 type=standard A=10042:" + pkg +
           " U=0 visible=true visibleRequested=true mode=fullscreen translucent=false sz=1}\n"
           "    * Hist  #0: " +
           record + "\n      packageName=" + pkg + " processName=" + app.package + "\n      " + process +
           "\n      state=RESUMED delayedResume=false finishing=false\n";
  }
  return "    Task id #42\n    * TaskRecord{5b1 #42 A=" + pkg + " U=0 StackId=12 sz=1}\n      * Hist #0: " + record +
         "\n          packageName=" + pkg + " processName=" + app.package + "\n          " + process + "\n";
}

}  // namespace mxi::sim
