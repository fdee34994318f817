// The fixture of the demo phone's launch tests (demo_launch_test.cpp, demo_launch_trace_test.cpp):
// a sandbox of the demo phone's tools per phone, `am start -W` parsed, the runner's preparation of
// each mode, and logcat read as the runner reads it.
#pragma once

#include <gtest/gtest.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/programs.h"
#include "tests/support/test_paths.h"

namespace mxi::test {

namespace fs = std::filesystem;

constexpr const char* kDemo = "com.example.mxi.demo";
constexpr const char* kActivity = "com.example.mxi.demo/.DemoActivity";
constexpr const char* kLauncher = "com.android.launcher3/.uioverrides.QuickstepLauncher";

// What `am start -W` printed, key by key ("LaunchState" → "COLD"), plus its other lines in order.
struct AmStart {
  std::map<std::string, std::string> fields;
  std::vector<std::string> lines;
  int64_t wallMs = 0;  // how long the host waited for it

  int64_t number(const std::string& key) const {
    const auto it = fields.find(key);
    return it == fields.end() ? -1 : std::atoll(it->second.c_str());
  }
  std::string state() const { return fields.count("LaunchState") ? fields.at("LaunchState") : ""; }
};

inline AmStart parseAmStart(const std::string& out, int64_t wallMs) {
  AmStart r;
  r.wallMs = wallMs;
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) {
    r.lines.push_back(line);
    const size_t colon = line.find(": ");
    if (colon != std::string::npos && line.find(' ') > colon) r.fields[line.substr(0, colon)] = line.substr(colon + 2);
  }
  return r;
}

inline int64_t monotonicNs() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

// "+612ms", "+1s234ms" as TimeUtils.formatDuration writes a launch time.
inline std::string formatted(int64_t ms) {
  return ms >= 1000 ? "+" + std::to_string(ms / 1000) + "s" + std::to_string(ms % 1000) + "ms"
                    : "+" + std::to_string(ms) + "ms";
}

// "+612ms" → 612, "+1s234ms" → 1234 (what formatted writes), -1 for anything else.
inline int64_t durationMs(const std::string& text) {
  long long seconds = 0, ms = 0;
  if (std::sscanf(text.c_str(), "+%llds%lldms", &seconds, &ms) == 2) return seconds * 1000 + ms;
  if (std::sscanf(text.c_str(), "+%lldms", &ms) == 1) return ms;
  return -1;
}

inline std::vector<std::string> linesOf(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// The messages of `tag`'s lines in logcat's threadtime output ("STAMP PID TID L TAG: MESSAGE").
inline std::vector<std::string> messagesOf(const std::string& log, const std::string& tag) {
  std::vector<std::string> out;
  for (const std::string& line : linesOf(log)) {
    std::istringstream in(line);
    std::string stamp, pid, tid, level;
    in >> stamp >> pid >> tid >> level;
    std::string rest;
    std::getline(in, rest);
    const size_t from = rest.find_first_not_of(' '), colon = rest.find(": ");
    if (from == std::string::npos || colon == std::string::npos) continue;
    std::string lineTag = rest.substr(from, colon - from);
    lineTag.erase(lineTag.find_last_not_of(' ') + 1);
    if (lineTag == tag) out.push_back(rest.substr(colon + 2));
  }
  return out;
}

// Those starting with `prefix`.
inline std::vector<std::string> startingWith(const std::vector<std::string>& messages, const std::string& prefix) {
  std::vector<std::string> out;
  for (const std::string& m : messages) {
    if (m.starts_with(prefix)) out.push_back(m);
  }
  return out;
}

inline int64_t median(std::vector<int64_t> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

class DemoLaunchTest : public ::testing::Test {
 protected:
  void SetUp() override { m_phone = makePhone("phone", {}); }

  // A sandbox of its own with these settings on top of the synthetic demo's.
  struct Phone {
    fs::path root;
    std::vector<std::string> env;
  };
  Phone makePhone(const std::string& name, const std::vector<std::string>& settings) {
    const fs::path scratch = scratchDir(name);
    Phone p{scratch / "root",
            {"MXI_SIM_REFERENCE=", "MXI_SIM_LEAD_MS=0", "MXI_SIM_STATE=" + (scratch / "state").string()}};
    const ProgramRun setup = runProgram({build::deviceSim(), "--tools", "--setup-only", "--root", p.root.string(),
                                         "--android-tool", build::androidTool()});
    EXPECT_EQ(setup.exitCode, 0) << setup.err;
    p.env.insert(p.env.end(), settings.begin(), settings.end());
    return p;
  }

  ProgramRun run(const Phone& p, const std::string& name, const std::vector<std::string>& args) {
    std::vector<std::string> argv = {(p.root / "bin" / name).string()};
    argv.insert(argv.end(), args.begin(), args.end());
    return runProgram(argv, RunOptions().withEnv(p.env));
  }
  std::string tool(const Phone& p, const std::string& name, const std::vector<std::string>& args) {
    const ProgramRun r = run(p, name, args);
    EXPECT_EQ(r.exitCode, 0) << name << ": " << r.err;
    EXPECT_EQ(r.err, "");
    return r.out;
  }
  std::string tool(const std::string& name, const std::vector<std::string>& args) { return tool(m_phone, name, args); }

  AmStart launchOn(const Phone& p, std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {"start", "-W"};
    args.insert(args.end(), extra.begin(), extra.end());
    args.insert(args.end(), {"-n", kActivity});
    const auto begin = std::chrono::steady_clock::now();
    const std::string out = tool(p, "am", args);
    return parseAmStart(
        out, std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - begin).count());
  }
  AmStart launch(std::vector<std::string> extra = {}) { return launchOn(m_phone, std::move(extra)); }

  // The runner's preparation of each mode (docs/STARTUP.md), then the launch.
  AmStart cold(const Phone& p) {
    tool(p, "am", {"force-stop", kDemo});
    return launchOn(p);
  }
  AmStart warm(const Phone& p) { return launchOn(p, {"--activity-clear-task"}); }
  AmStart hot(const Phone& p) {
    tool(p, "input", {"keyevent", "KEYCODE_HOME"});
    return launchOn(p);
  }

  // The newest log line's stamp: where the next launch's lines begin.
  std::string stamp(const Phone& p) {
    const auto lines = linesOf(tool(p, "logcat",
                                    {"-d", "-v", "threadtime", "-v", "epoch", "-b", "main", "-b", "system", "-b",
                                     "events", "-b", "crash", "-t", "1"}));
    std::istringstream in(lines.empty() ? "" : lines.back());
    std::string first;
    in >> first;
    return first;
  }
  // The lines stamped after `since` (logcat's -t is inclusive), as the runner reads them.
  std::string logSince(const Phone& p, const std::string& since) {
    const std::string out = tool(p, "logcat",
                                 {"-d", "-v", "threadtime", "-v", "epoch", "-b", "main", "-b", "system", "-b", "events",
                                  "-b", "crash", "-t", since});
    std::string after;
    for (const std::string& line : linesOf(out)) {
      if (std::atof(line.c_str()) > std::atof(since.c_str())) after += line + "\n";
    }
    return after;
  }

  std::string resumed(const Phone& p) {
    const std::string out = tool(p, "dumpsys", {"activity", "activities"});
    const size_t at = out.find("ResumedActivity: ActivityRecord{5e2c1a7 u0 ");
    if (at == std::string::npos) return "";
    const size_t from = at + 43;
    return out.substr(from, out.find(' ', from) - from);
  }

  Phone m_phone;
};

}  // namespace mxi::test
