// The demo phone's traced launches (issue 45; tests/device-sim/tools/sim_launch.h): a launch traced
// with --start-profiler or under `am profile start` is the demo app's own launch, judged by
// core/methodtrace into Matrix's stages, as `mxi startup --trace` reads it.
#include <set>
#include <thread>

#include <nlohmann/json.hpp>

#include "core/methodtrace/method_trace.h"
#include "core/methodtrace/method_trace_tree.h"
#include "core/methodtrace/method_trace_verdicts.h"
#include "tests/agent/demo_launch_fixture.h"
#include "tests/support/method_trace_fixtures.h"

namespace mxi::test {
namespace {

using namespace std::chrono_literals;

// A traced launch as `mxi startup --trace` reads it: the trace file judged by core/methodtrace
// with `am start -W`'s answers.
struct JudgedLaunch {
  core::methodtrace::MethodTrace trace;
  core::methodtrace::MethodTraceReport report;

  std::vector<std::string> tags() const {
    std::vector<std::string> out;
    for (const std::string& json : report.issueJson) {
      out.push_back(nlohmann::json::parse(json).at("tag").get<std::string>());
    }
    return out;
  }
  // The issue tagged `tag` (an empty object when there is none).
  nlohmann::json issue(const std::string& tag) const {
    for (const std::string& json : report.issueJson) {
      auto j = nlohmann::json::parse(json);
      if (j.at("tag") == tag) return j;
    }
    return nlohmann::json::object();
  }
  const core::methodtrace::TraceThread& main() const { return trace.threads.at(report.mainThread.value()); }
  // The slowest path through the call tree under the Trace_StartUp issue's call, down to where
  // less than 30 % of its time is (where the app's views and Matrix's stacks point).
  std::vector<std::string> slowestPath() const {
    std::vector<std::string> names;
    size_t at = 0;
    while (at < report.issueJson.size() && nlohmann::json::parse(report.issueJson[at]).at("tag") != "Trace_StartUp") {
      ++at;
    }
    if (at == report.issueJson.size()) return names;
    const auto tree = core::methodtrace::callTreeOf(main(), report.issueCalls.at(at));
    for (uint32_t node = 0;;) {
      const auto& m = trace.methods.at(tree.nodes[node].method);
      names.push_back(m.className + "." + m.name);
      if (tree.nodes[node].children.empty()) break;
      const uint32_t slowest = tree.nodes[node].children.front();
      if (tree.nodes[slowest].wallUs * 10 < tree.nodes[0].wallUs * 3) break;
      node = slowest;
    }
    return names;
  }
};

JudgedLaunch judged(const fs::path& file, const AmStart& am) {
  JudgedLaunch out;
  auto read = core::methodtrace::readMethodTrace(readFile(file));
  EXPECT_TRUE(read.ok()) << read.status().toString();
  if (!read.ok()) return out;
  EXPECT_FALSE(read->error.has_value());
  out.trace = std::move(read->trace);
  core::methodtrace::MethodTraceOptions options;
  options.process = kDemo;
  options.launch = core::methodtrace::LaunchTimes{am.number("TotalTime"), am.number("WaitTime"), am.state(),
                                                  am.fields.count("Activity") ? am.fields.at("Activity") : ""};
  out.report = core::methodtrace::judgeMethodTrace(out.trace, options);
  return out;
}

int64_t epochMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// `am start -W --start-profiler FILE` of the demo app, then `am profile stop`, as `mxi startup
// --trace` runs a cold launch: the file is that launch, from the application's bind (40 ms into
// it, after the fork) to its first frame at TotalTime, with Matrix's stages. The tracer makes the
// launch a quarter slower than the seeded cold time (850 ms ± 8 %), and the trace's layout (for a
// 612 ms launch) stretches after the bind to match.
TEST_F(DemoLaunchTest, AColdLaunchWithTheProfilerIsTracedWithMatrixStages) {
  const fs::path file = scratchDir("cold-trace") / "launch.trace";
  tool("am", {"force-stop", kDemo});
  const std::string since = stamp(m_phone);
  const int64_t before = epochMs();
  const AmStart a = launch({"--start-profiler", file.string(), "--sampling", "1000"});
  ASSERT_EQ(a.state(), "COLD");
  const int64_t total = a.number("TotalTime");
  EXPECT_TRUE(total >= 977 && total <= 1148) << total;  // 1.25 × [782, 918]
  EXPECT_GT(a.number("WaitTime"), total);
  EXPECT_FALSE(fs::exists(file));  // ART writes the trace when profiling stops
  EXPECT_EQ(tool("am", {"profile", "stop", kDemo}), "");
  const int64_t after = epochMs();
  const JudgedLaunch j = judged(file, a);
  ASSERT_TRUE(j.report.mainThread.has_value());

  // A classic v3 dual-clock trace of the new process, begun as it binds the application.
  EXPECT_EQ(j.trace.version, 3);
  EXPECT_FALSE(j.trace.streaming);
  EXPECT_TRUE(j.trace.hasCpuClock());
  EXPECT_EQ(j.trace.pid, 30001);
  EXPECT_EQ(j.main().id, 30001u);
  EXPECT_EQ(j.main().name, "main");
  EXPECT_GE(static_cast<int64_t>(j.trace.startTimeUs / 1000), before + 40);
  EXPECT_LE(static_cast<int64_t>(j.trace.startTimeUs / 1000), after);
  std::set<std::string> threads;
  for (const auto& t : j.trace.threads) threads.insert(t.name);
  for (const char* name : {"main", "RenderThread", "HeapTaskDaemon", "mxi-prefetch"}) {
    EXPECT_TRUE(threads.count(name)) << name;
  }

  // Matrix's stages, laid out for 612 ms and stretched by (TotalTime − 40) / 572:
  // Application.onCreate ends 250 ms after the bind, the activity's creation begins 33 ms later,
  // its first frame ends 572 ms after the bind (612 − the 40 ms fork).
  EXPECT_EQ(j.tags(), (std::vector<std::string>{"Trace_StartUp", "io"}));
  const nlohmann::json startup = j.issue("Trace_StartUp");
  const double stretch = static_cast<double>(total - 40) / 572;
  EXPECT_NEAR(startup.at("application_create").get<double>(), 250 * stretch, 1) << startup.dump();
  EXPECT_NEAR(startup.at("stage_between_app_and_activity").get<double>(), 33 * stretch, 1);
  EXPECT_EQ(startup.at("first_activity_create"), total - 40);
  EXPECT_EQ(startup.at("startup_duration"), total - 40);
  EXPECT_EQ(startup.at("is_warm_start_up"), false);
  EXPECT_EQ(startup.at("scene"), "com.example.mxi.demo.DemoActivity");
  EXPECT_EQ(startup.at("am_total_time"), total);
  EXPECT_EQ(startup.at("launch_state"), "COLD");
  EXPECT_EQ(startup.at("process"), kDemo);
  EXPECT_EQ(startup.at("time"), j.trace.startTimeUs / 1000);  // the bind, where the trace begins
  // Where the launch's time went: the application's initSdks, reading its config file.
  EXPECT_EQ(
      j.slowestPath(),
      (std::vector<std::string>{
          "android.app.ActivityThread.handleBindApplication", "android.app.Instrumentation.callApplicationOnCreate",
          "com.example.mxi.demo.DemoApplication.onCreate", "com.example.mxi.demo.DemoApplication.initSdks",
          "com.example.mxi.demo.DemoApplication.readSdkConfig", "java.io.FileInputStream.read"}));
  // That read is main-thread IO: four reads of 20 ms each, stretched.
  const nlohmann::json io = j.issue("io");
  EXPECT_NEAR(io.at("cost").get<double>(), 80 * stretch, 2);
  EXPECT_EQ(io.at("op"), 4);
  EXPECT_NEAR(io.at("maxOnceCost").get<double>(), 20 * stretch, 1);
  EXPECT_EQ(io.at("caller"), "com.example.mxi.demo.DemoApplication.readSdkConfig()Lorg/json/JSONObject;");
  // The Looper's three turns: bindApplication, the activity's launch and resume, the first frame.
  ASSERT_EQ(j.report.dispatches.size(), 3u);
  EXPECT_EQ(j.report.dispatches[2].target, "android.view.Choreographer$FrameDisplayEventReceiver.run");

  // The profiled app still reports fully drawn, 150–400 ms after its first frame.
  std::this_thread::sleep_for(450ms);
  const auto drawn = startingWith(messagesOf(logSince(m_phone, since), "ActivityTaskManager"), "Fully drawn ");
  ASSERT_EQ(drawn.size(), 1u);
  const std::string prefix = std::string("Fully drawn ") + kActivity + ": ";
  ASSERT_TRUE(drawn[0].starts_with(prefix)) << drawn[0];
  const int64_t fullyMs = durationMs(drawn[0].substr(prefix.size()));
  EXPECT_EQ(drawn[0], prefix + formatted(fullyMs));  // over a second: "+1s234ms"
  EXPECT_TRUE(fullyMs >= total + 150 && fullyMs <= total + 400) << drawn[0];

  // The next traced launch is its own, stretched to its own TotalTime.
  const fs::path next = scratchDir("cold-trace") / "next.trace";
  tool("am", {"force-stop", kDemo});
  const AmStart b = launch({"--start-profiler", next.string()});
  tool("am", {"profile", "stop", kDemo});
  const JudgedLaunch k = judged(next, b);
  EXPECT_EQ(k.trace.pid, 30002);
  EXPECT_NE(b.number("TotalTime"), total);
  EXPECT_EQ(k.issue("Trace_StartUp").at("first_activity_create"), b.number("TotalTime") - 40);

  // The same launch on another phone with the same seed gives the same trace (only its clock differs).
  const Phone other = makePhone("cold-trace-again", {});
  const fs::path again = scratchDir("cold-trace") / "again.trace";
  tool(other, "am", {"force-stop", kDemo});
  const AmStart c = launchOn(other, {"--start-profiler", again.string()});
  tool(other, "am", {"profile", "stop", kDemo});
  EXPECT_EQ(c.number("TotalTime"), total);
  const JudgedLaunch same = judged(again, c);
  EXPECT_EQ(same.trace.records, j.trace.records);
  for (const char* stage : {"application_create", "stage_between_app_and_activity", "first_activity_create"}) {
    EXPECT_EQ(same.issue("Trace_StartUp").at(stage), startup.at(stage)) << stage;
  }
}

// `am profile start` on the running app, then a warm launch (`mxi startup --mode warm --trace`):
// no bindApplication, the activity created again; its first frame ends TotalTime (the seeded
// warm time) into the launch, 38 ms of which come before callActivityOnCreate.
TEST_F(DemoLaunchTest, AWarmLaunchUnderAmProfileIsTracedFromTheActivitysCreation) {
  cold(m_phone);
  tool("input", {"keyevent", "KEYCODE_HOME"});
  const fs::path file = scratchDir("warm-trace") / "warm.trace";
  EXPECT_EQ(tool("am", {"profile", "start", "--sampling", "1000", kDemo, file.string()}), "");
  const AmStart w = warm(m_phone);
  ASSERT_EQ(w.state(), "WARM");
  const int64_t total = w.number("TotalTime");
  EXPECT_TRUE(total >= 402 && total <= 473) << total;  // traced: 1.25 × the seeded [322, 378]
  tool("am", {"profile", "stop", kDemo});
  const JudgedLaunch j = judged(file, w);
  EXPECT_EQ(j.tags(), std::vector<std::string>{"Trace_StartUp"});
  const nlohmann::json startup = j.issue("Trace_StartUp");
  EXPECT_FALSE(startup.contains("application_create")) << startup.dump();
  EXPECT_FALSE(startup.contains("stage_between_app_and_activity"));
  EXPECT_EQ(startup.at("first_activity_create"), total - 38);
  EXPECT_EQ(startup.at("startup_duration"), total - 38);
  EXPECT_EQ(startup.at("is_warm_start_up"), true);
  EXPECT_EQ(startup.at("launch_state"), "WARM");
  EXPECT_EQ(j.slowestPath().at(0), "android.app.Instrumentation.callActivityOnCreate");
  EXPECT_NE(std::find(j.slowestPath().begin(), j.slowestPath().end(), "android.view.LayoutInflater.inflate"),
            j.slowestPath().end());
}

// A hot launch creates no activity (onRestart, onStart, onResume), so Matrix finds no launch in
// its trace; the trace still holds the restart and the first frame, TotalTime after the launch
// began (its transaction is dispatched 8 ms in; the frame's dispatch ends 0.3 ms after doFrame).
TEST_F(DemoLaunchTest, AHotLaunchUnderAmProfileShowsTheRestartAndTheFrame) {
  cold(m_phone);
  tool("input", {"keyevent", "KEYCODE_HOME"});
  const fs::path file = scratchDir("hot-trace") / "hot.trace";
  tool("am", {"profile", "start", kDemo, file.string()});
  const AmStart h = launch();
  ASSERT_EQ(h.state(), "HOT");
  tool("am", {"profile", "stop", kDemo});
  const JudgedLaunch j = judged(file, h);
  EXPECT_TRUE(j.tags().empty());
  ASSERT_EQ(j.report.dispatches.size(), 2u);
  const auto& restart = j.report.dispatches[0];
  const auto& frame = j.report.dispatches[1];
  EXPECT_EQ(restart.target, "android.app.ActivityThread$H.handleMessage");
  EXPECT_EQ(frame.target, "android.view.Choreographer$FrameDisplayEventReceiver.run");
  EXPECT_EQ(static_cast<int64_t>(frame.startUs + frame.wallUs - restart.startUs),
            (h.number("TotalTime") - 8) * 1000 + 300);
}

// What is not a traced launch of the demo app keeps the trace it had: the demo phone's sample
// (MXI_SIM_SAMPLE_TRACE, what --demo sets up) for `am profile` on the running demo app (the live
// view's and `mxi record --method-trace`'s traces), and a trace a test names
// (MXI_SIM_TRACE_SOURCE) for every profiling, launches included.
TEST_F(DemoLaunchTest, WithoutALaunchOrWithAChosenTraceTheFileIsThatTrace) {
  const fs::path dir = scratchDir("chosen-traces");
  const fs::path sample = dir / "sample.trace";
  { std::ofstream(sample, std::ios::binary) << methodTraceBytes("art-sampled-launcher.trace.gz"); }
  const std::string sampleBytes = readFile(sample);
  ASSERT_FALSE(sampleBytes.empty());
  const Phone demo = makePhone("sample", {"MXI_SIM_SAMPLE_TRACE=" + sample.string()});
  cold(demo);
  tool(demo, "am", {"profile", "start", "--sampling", "1000", kDemo, (dir / "running.trace").string()});
  tool(demo, "am", {"profile", "stop", kDemo});
  EXPECT_TRUE(readFile(dir / "running.trace") == sampleBytes);
  // A launch of it is its own, though.
  tool(demo, "am", {"force-stop", kDemo});
  const AmStart launched = launchOn(demo, {"--start-profiler", (dir / "launch.trace").string()});
  tool(demo, "am", {"profile", "stop", kDemo});
  EXPECT_EQ(judged(dir / "launch.trace", launched).issue("Trace_StartUp").at("first_activity_create"),
            launched.number("TotalTime") - 40);

  const fs::path chosen = methodTraceFixture("perflib-basic.trace");
  const Phone named =
      makePhone("named", {"MXI_SIM_TRACE_SOURCE=" + chosen.string(), "MXI_SIM_SAMPLE_TRACE=" + sample.string()});
  tool(named, "am", {"force-stop", kDemo});
  launchOn(named, {"--start-profiler", (dir / "named.trace").string()});
  tool(named, "am", {"profile", "stop", kDemo});
  EXPECT_TRUE(readFile(dir / "named.trace") == readFile(chosen));

  // Without any trace, the demo app profiled without a launch has nothing to write.
  cold(m_phone);
  tool("am", {"profile", "start", kDemo, (dir / "none.trace").string()});
  const ProgramRun stop = run(m_phone, "am", {"profile", "stop", kDemo});
  EXPECT_EQ(stop.exitCode, 1);
  EXPECT_EQ(stop.err, "simulated am: MXI_SIM_TRACE_SOURCE is not set\n");
  EXPECT_FALSE(fs::exists(dir / "none.trace"));
}

}  // namespace
}  // namespace mxi::test
