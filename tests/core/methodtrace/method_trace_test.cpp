// The method-trace reader, call trees and verdicts: on real traces recorded on devices
// (tests/fixtures/method-traces, cross-checked with AOSP's dmtracedump) and on traces written
// with exact times (tests/support/method_trace_writer.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "core/methodtrace/method_trace.h"
#include "core/methodtrace/method_trace_tree.h"
#include "core/methodtrace/method_trace_verdicts.h"
#include "tests/support/method_trace_fixtures.h"
#include "tests/support/method_trace_writer.h"
#include "tests/support/programs.h"
#include "tests/support/test_paths.h"

namespace mxi::core::methodtrace {
namespace {

using test::MethodTraceWriter;

std::string fixtureBytes(const std::string& name) {
  std::string bytes = test::methodTraceBytes(name);
  EXPECT_FALSE(bytes.empty()) << name;
  return bytes;
}

MethodTrace read(const std::string& bytes) {
  auto r = readMethodTrace(bytes);
  EXPECT_TRUE(r.ok()) << r.status().toString();
  EXPECT_FALSE(r->error) << r->error->toString();
  return std::move(r->trace);
}

const TraceThread* threadNamed(const MethodTrace& t, const std::string& name) {
  for (const auto& th : t.threads) {
    if (th.name == name) return &th;
  }
  return nullptr;
}

// The thread's calls as perflib prints them: "foo -> bar" chains, one line per leaf path.
std::string callShape(const MethodTrace& t, const TraceThread& th) {
  std::string out;
  for (uint32_t i = 0; i < th.calls.size(); ++i) {
    const TraceCall& c = th.calls[i];
    out += std::string(c.depth * 2, ' ') + t.methods[c.method].qualifiedName() +
           (c.flags & TraceCall::kEnteredBefore ? " (before)" : "") + "\n";
  }
  return out;
}

TEST(MethodTraceTest, ReadsTheHeaderOfARealArtTrace) {
  const MethodTrace t = read(fixtureBytes("art-sampled-launcher.trace.gz"));
  EXPECT_EQ(t.version, 3);
  EXPECT_FALSE(t.streaming);
  EXPECT_EQ(t.clock, TraceClock::kDual);
  EXPECT_EQ(t.vm, "art");
  EXPECT_EQ(t.pid, 3001);
  EXPECT_EQ(t.elapsedTimeUs, 22622445u);
  EXPECT_EQ(t.declaredRecords, 186850u);
  EXPECT_EQ(t.records, 186850u);
  EXPECT_EQ(t.clockOverheadNs, 9498u);
  EXPECT_EQ(t.threads.size(), 111u);
  ASSERT_TRUE(t.mainThread());
  EXPECT_EQ(t.threads[*t.mainThread()].id, 3001u);
  EXPECT_EQ(t.threads[*t.mainThread()].name, "LauncherApplication-framethread");
  const auto& m = t.methods[t.threads[*t.mainThread()].calls[0].method];
  EXPECT_EQ(m.displayName(), "com.android.internal.os.ZygoteInit.main([Ljava/lang/String;)V");
  EXPECT_EQ(m.sourceFile, "ZygoteInit.java");
}

// AOSP's decoder and ours agree on every thread and on each thread's call order.
TEST(MethodTraceTest, AgreesWithDmtracedumpOnRealTraces) {
  const std::string tool = "/usr/bin/dmtracedump";
  ASSERT_TRUE(std::filesystem::exists(tool)) << "dmtracedump missing: scripts/setup.sh installs it";
  const auto dir = test::scratchDir("dmtracedump");
  for (const std::string name :
       {"art-sampled-launcher.trace.gz", "dalvik-burroak.trace.gz", "dalvik-jag-game.trace.gz", "perflib-basic.trace",
        "perflib-basic-api10.trace", "perflib-exception.trace", "perflib-mismatched.trace"}) {
    SCOPED_TRACE(name);
    const std::string bytes = fixtureBytes(name);
    const auto plain = dir / "t.trace";
    std::ofstream(plain, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    const auto run = test::runProgram({tool, "-o", plain.string()});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    // Theirs: the thread list, then "tid ent|xit|unr usecs <depth dots>class.method sig".
    std::map<uint32_t, std::string> theirThreads;
    std::map<uint32_t, std::vector<std::string>> theirCalls;
    std::istringstream in(run.out);
    std::string line;
    bool records = false;
    const std::regex threadLine(R"(^\s*(\d+) (.*)$)");
    const std::regex recordLine(R"(^\s*(\d+) (ent|xit|unr)\s+\d+[ -]?[.\-]*(\S+) (\S+))");
    std::smatch m;
    while (std::getline(in, line)) {
      if (line.starts_with("Trace (threadID")) {
        records = true;
      } else if (!records && line.starts_with("Threads (")) {
        continue;
      } else if (!records && std::regex_match(line, m, threadLine)) {
        theirThreads[std::stoul(m[1])] = m[2];
      } else if (records && std::regex_search(line, m, recordLine) && m[2] == "ent") {
        std::string n = m[3].str();
        std::replace(n.begin(), n.end(), '/', '.');
        n += m[4].str();
        if (n.starts_with("???.???")) n = "?";
        theirCalls[std::stoul(m[1])].push_back(n);
      }
    }
    const MethodTrace t = read(bytes);
    std::map<uint32_t, std::string> ourThreads;
    std::map<uint32_t, std::vector<std::string>> ourCalls;
    for (const TraceThread& th : t.threads) {
      if (!th.name.empty()) ourThreads[th.id] = th.name;
      for (const TraceCall& c : th.calls) {
        if (c.flags & TraceCall::kEnteredBefore) continue;
        const TraceMethod& tm = t.methods[c.method];
        ourCalls[th.id].push_back(tm.defined ? tm.qualifiedName() + tm.signature : "?");
      }
    }
    EXPECT_EQ(ourThreads, theirThreads);
    EXPECT_EQ(ourCalls, theirCalls);
    size_t enters = 0;
    for (const auto& [tid, calls] : ourCalls) enters += calls.size();
    EXPECT_GT(enters, 0u);
  }
}

// What AOSP's VmTraceParserTest asserts of its own test traces.
TEST(MethodTraceTest, RebuildsTheCallTreesAospAssertsForItsTraces) {
  {
    const MethodTrace t = read(fixtureBytes("perflib-mismatched.trace"));
    const TraceThread* th = threadNamed(t, "AsyncTask #1");
    ASSERT_NE(th, nullptr);
    EXPECT_EQ(callShape(t, *th),
              "com.test.android.traceview.MisMatched.foo (before)\n"
              "  com.test.android.traceview.MisMatched.bar (before)\n"
              "    android.os.Debug.startMethodTracing (before)\n"
              "      android.os.Debug.startMethodTracing (before)\n"
              "        dalvik.system.VMDebug.startMethodTracing (before)\n"
              "    com.test.android.traceview.MisMatched.baz\n"  // bar exits after it
              "android.os.Debug.stopMethodTracing\n"
              "  dalvik.system.VMDebug.stopMethodTracing\n");
  }
  for (const std::string name : {"perflib-basic.trace", "perflib-basic-api10.trace"}) {
    const MethodTrace t = read(fixtureBytes(name));
    const TraceThread* th = threadNamed(t, "AsyncTask #1");
    ASSERT_NE(th, nullptr) << name;
    EXPECT_EQ(callShape(t, *th),
              "android.os.Debug.startMethodTracing (before)\n"
              "  android.os.Debug.startMethodTracing (before)\n"
              "    dalvik.system.VMDebug.startMethodTracing" +
                  std::string(name == "perflib-basic.trace" ? " (before)" : "") +  // the API 10 trace has its enter
                  "\n"
                  "com.test.android.traceview.Basic.foo\n"
                  "  com.test.android.traceview.Basic.bar\n"
                  "android.os.Debug.stopMethodTracing\n"
                  "  dalvik.system.VMDebug.stopMethodTracing\n")
        << name;
  }
  const MethodTrace t = read(fixtureBytes("perflib-exception.trace"));
  const TraceThread* th = threadNamed(t, "AsyncTask #1");
  ASSERT_NE(th, nullptr);
  EXPECT_NE(callShape(t, *th).find("com.test.android.traceview.Exceptions.foo\n"
                                   "  com.test.android.traceview.Exceptions.bar\n"
                                   "    com.test.android.traceview.Exceptions.baz\n"
                                   "      java.lang.RuntimeException.<init>\n"
                                   "        java.lang.Exception.<init>\n"
                                   "          java.lang.Throwable.<init>\n"
                                   "            java.util.Collections.emptyList\n"
                                   "            java.lang.Throwable.fillInStackTrace\n"
                                   "              java.lang.Throwable.nativeFillInStackTrace\n"),
            std::string::npos)
      << callShape(t, *th);
}

// A main thread with exact times: Looper.loop → two dispatches, one slow with file IO inside.
MethodTraceWriter slowDispatchTrace(MethodTraceWriter::Clock clock = MethodTraceWriter::Clock::kDual) {
  MethodTraceWriter w(clock, 4242);
  w.thread(4242, "main");
  w.thread(4250, "worker");
  const uint32_t loop = w.method("android.os.Looper", "loop", "()V", "Looper.java");
  const uint32_t dispatch =
      w.method("android.os.Handler", "dispatchMessage", "(Landroid/os/Message;)V", "Handler.java");
  const uint32_t handle = w.method("com.example.FeedHandler", "handleMessage", "(Landroid/os/Message;)V", "Feed.java");
  const uint32_t parse = w.method("com.example.Feed", "parse", "()V", "Feed.java");
  const uint32_t read = w.method("java.io.FileInputStream", "read", "([B)I", "FileInputStream.java");
  const uint32_t quick = w.method("com.example.Ticker", "handleMessage", "(Landroid/os/Message;)V", "Ticker.java");
  const uint32_t run = w.method("java.lang.Thread", "run", "()V", "Thread.java");
  w.enter(4242, loop, 0, 0);
  w.enter(4242, dispatch, 1'000, 100);
  w.enter(4242, handle, 1'010, 110);
  w.enter(4242, parse, 1'020, 120);
  w.enter(4242, read, 101'000, 50'000);
  w.exit(4242, read, 141'000, 51'000);  // 40 ms of file IO
  w.exit(4242, parse, 801'000, 400'000);
  w.exit(4242, handle, 801'010, 400'010);
  w.exit(4242, dispatch, 801'020, 400'020);  // 800.02 ms
  w.enter(4250, run, 5'000, 0);
  w.enter(4242, dispatch, 900'000, 401'000);
  w.enter(4242, quick, 900'010, 401'010);
  w.exit(4242, quick, 905'000, 405'000);
  w.exit(4242, dispatch, 905'010, 405'010);
  w.elapsedUs = 1'000'000;
  return w;
}

TEST(MethodTraceTest, CallTreeHasExactInclusiveAndExclusiveTimes) {
  const MethodTrace t = read(slowDispatchTrace().classic());
  ASSERT_EQ(t.mainThread(), 0u);
  const TraceThread& main = t.threads[0];
  ASSERT_EQ(main.calls.size(), 7u);
  EXPECT_EQ(main.calls[0].flags, TraceCall::kUnfinished);  // Looper.loop never returns
  EXPECT_EQ(main.calls[0].wallUs, 905'010u);               // ends at the last event seen
  EXPECT_EQ(main.calls[1].wallUs, 800'020u);
  EXPECT_EQ(main.calls[1].cpuUs, 399'920u);
  EXPECT_EQ(main.calls[1].next, 5u);
  EXPECT_EQ(t.threads[1].calls[0].flags, TraceCall::kUnfinished);
  EXPECT_EQ(t.threads[1].calls[0].wallUs, 900'010u);  // until the trace's last wall time

  const TraceTree tree = callTreeOf(main);
  ASSERT_EQ(tree.nodes[0].children.size(), 1u);
  const auto& loop = tree.nodes[tree.nodes[0].children[0]];
  ASSERT_EQ(loop.children.size(), 1u);
  const auto& dispatch = tree.nodes[loop.children[0]];
  EXPECT_EQ(dispatch.calls, 2u);
  EXPECT_EQ(dispatch.wallUs, 800'020u + 5'010u);
  EXPECT_EQ(dispatch.selfWallUs, 20u + 20u);
  ASSERT_EQ(dispatch.children.size(), 2u);
  EXPECT_EQ(t.methods[tree.nodes[dispatch.children[0]].method].className, "com.example.FeedHandler");
  EXPECT_EQ(loop.selfWallUs, 905'010u - 805'030u);

  EXPECT_EQ(matrixStackOf(callTreeOf(main, 1), 60, 1000),
            "0,1,1,800\n"   // dispatchMessage
            "1,2,1,800\n"   // FeedHandler.handleMessage
            "2,3,1,799\n"   // Feed.parse
            "3,4,1,40\n");  // FileInputStream.read
}

TEST(MethodTraceTest, SlowDispatchBecomesAnEvilMethodAndItsFileReadAnIoIssue) {
  const MethodTrace t = read(slowDispatchTrace().classic());
  MethodTraceOptions options;
  const MethodTraceReport report = judgeMethodTrace(t, options);
  ASSERT_EQ(report.dispatches.size(), 2u);
  EXPECT_EQ(report.dispatches[0].target, "com.example.FeedHandler.handleMessage");
  EXPECT_EQ(report.dispatches[0].wallUs, 800'020u);
  EXPECT_EQ(report.dispatches[1].target, "com.example.Ticker.handleMessage");
  ASSERT_EQ(report.issues.size(), 2u);
  const matrix::MatrixIssue& evil = report.issues[0];
  EXPECT_EQ(evil.tag, "Trace_EvilMethod");
  EXPECT_EQ(evil.kind, matrix::IssueKind::kEvilMethod);
  EXPECT_EQ(evil.costMs, 800);
  EXPECT_EQ(evil.usage, "49.99%");
  EXPECT_EQ(evil.source, "methodTrace");
  EXPECT_EQ(evil.timeMs, 1'700'000'000'001);
  ASSERT_TRUE(evil.callTree);
  EXPECT_EQ(evil.callTree->name, "android.os.Handler.dispatchMessage(Landroid/os/Message;)V");
  ASSERT_EQ(evil.callTree->children.size(), 1u);
  const matrix::CallNode& parse = evil.callTree->children[0].children[0];
  EXPECT_EQ(parse.name, "com.example.Feed.parse()V");
  EXPECT_TRUE(parse.isStackKey);  // the deepest frame still holding 30% of the time
  EXPECT_EQ(parse.selfMs, 759);
  const matrix::MatrixIssue& io = report.issues[1];
  EXPECT_EQ(io.tag, "io");
  ASSERT_TRUE(io.io);
  EXPECT_EQ(io.type, 1);
  EXPECT_EQ(io.io->costMs, 40);
  EXPECT_EQ(io.io->opCount, 1);
  EXPECT_EQ(io.io->opType, "read");
  EXPECT_EQ(io.io->thread, "main");
  EXPECT_NE(io.contentJson.find("\"caller\":\"com.example.Feed.parse()V\""), std::string::npos) << io.contentJson;

  options.evilMethodMs = 801;
  options.ioOnceMs = 41;
  EXPECT_TRUE(judgeMethodTrace(t, options).issues.empty());
}

// The verdicts on a real trace: a TV launcher's main thread, 22.6 s sampled.
TEST(MethodTraceTest, RealArtTraceGivesItsSlowDispatches) {
  const MethodTrace t = read(fixtureBytes("art-sampled-launcher.trace.gz"));
  MethodTraceOptions options;
  const MethodTraceReport report = judgeMethodTrace(t, options);
  EXPECT_EQ(report.dispatches.size(), 384u);
  std::vector<int64_t> evil;
  for (const matrix::MatrixIssue& i : report.issues) {
    if (i.kind == matrix::IssueKind::kEvilMethod) evil.push_back(*i.costMs);
  }
  EXPECT_EQ(evil, (std::vector<int64_t>{727, 848}));
  options.evilMethodMs = 300;
  size_t over300 = 0;
  for (const matrix::MatrixIssue& i : judgeMethodTrace(t, options).issues)
    over300 += i.kind == matrix::IssueKind::kEvilMethod;
  EXPECT_EQ(over300, 11u);
}

TEST(MethodTraceTest, StreamingAndClassicGiveTheSameCalls) {
  for (auto clock :
       {MethodTraceWriter::Clock::kDual, MethodTraceWriter::Clock::kWall, MethodTraceWriter::Clock::kCpu}) {
    const MethodTraceWriter w = slowDispatchTrace(clock);
    const MethodTrace classic = read(w.classic());
    const MethodTrace streaming = read(w.streaming());
    EXPECT_TRUE(streaming.streaming);
    EXPECT_EQ(streaming.clock, classic.clock);
    EXPECT_EQ(streaming.records, classic.records);
    EXPECT_FALSE(streaming.declaredRecords);
    ASSERT_EQ(streaming.threads.size(), classic.threads.size());
    for (size_t i = 0; i < classic.threads.size(); ++i) {
      EXPECT_EQ(streaming.threads[i].name, classic.threads[i].name);
      ASSERT_EQ(streaming.threads[i].calls.size(), classic.threads[i].calls.size());
      for (size_t c = 0; c < classic.threads[i].calls.size(); ++c) {
        const TraceCall& a = classic.threads[i].calls[c];
        const TraceCall& b = streaming.threads[i].calls[c];
        EXPECT_EQ(streaming.methods[b.method].displayName(), classic.methods[a.method].displayName());
        EXPECT_EQ(b.startUs, a.startUs);
        EXPECT_EQ(b.wallUs, a.wallUs);
        EXPECT_EQ(b.cpuUs, a.cpuUs);
      }
    }
  }
}

// Cut anywhere: what came before is kept, the error names the byte offset.
TEST(MethodTraceTest, TruncatedTracesKeepWhatWasReadAndSayWhere) {
  const std::string real = fixtureBytes("dalvik-jag-game.trace.gz");
  const size_t data = real.find("\n*end\n") + 6 + 32;
  for (size_t cut : {data + 14 * 100 + 5, data + 14 * 2000}) {
    auto r = readMethodTrace(std::string_view(real).substr(0, cut));
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->trace.records, (cut - data) / 14);
    if ((cut - data) % 14) {
      ASSERT_TRUE(r->error);
      EXPECT_EQ(r->error->offset(), data + 14 * 100);
      EXPECT_NE(r->error->message().find("ends inside a record"), std::string::npos);
    } else {
      EXPECT_FALSE(r->error);
    }
  }
  auto header = readMethodTrace(std::string_view(real).substr(0, 300));
  ASSERT_TRUE(header.ok());
  ASSERT_TRUE(header->error);
  EXPECT_EQ(header->error->offset(), 300u);

  const std::string streaming = slowDispatchTrace().streaming();
  for (size_t cut = 33; cut < streaming.size(); cut += 7) {
    auto r = readMethodTrace(std::string_view(streaming).substr(0, cut));
    ASSERT_TRUE(r.ok());
    ASSERT_TRUE(r->error) << cut;
    EXPECT_LE(r->error->offset(), cut);
  }
  EXPECT_FALSE(readMethodTrace("not a trace").ok());
  EXPECT_FALSE(looksLikeMethodTrace("not a trace"));
  EXPECT_TRUE(looksLikeMethodTrace(real));
  EXPECT_TRUE(looksLikeMethodTrace(streaming));
}

TEST(MethodTraceTest, LaunchTraceGivesAStartupIssue) {
  MethodTraceWriter w(MethodTraceWriter::Clock::kDual, 7000);
  w.thread(7000, "main");
  const uint32_t bind =
      w.method("android.app.ActivityThread", "handleBindApplication", "(Landroid/app/ActivityThread$AppBindData;)V");
  const uint32_t appCreate =
      w.method("android.app.Instrumentation", "callApplicationOnCreate", "(Landroid/app/Application;)V");
  const uint32_t onCreate = w.method("com.example.App", "onCreate", "()V");
  const uint32_t actCreate =
      w.method("android.app.Instrumentation", "callActivityOnCreate", "(Landroid/app/Activity;Landroid/os/Bundle;)V");
  const uint32_t mainCreate = w.method("com.example.MainActivity", "onCreate", "(Landroid/os/Bundle;)V");
  const uint32_t doFrame = w.method("android.view.Choreographer", "doFrame", "(JI)V");
  w.enter(7000, bind, 100, 0);
  w.enter(7000, appCreate, 50'000, 0);
  w.enter(7000, onCreate, 50'010, 0);
  w.exit(7000, onCreate, 250'000, 0);
  w.exit(7000, appCreate, 250'100, 0);
  w.exit(7000, bind, 260'000, 0);
  w.enter(7000, actCreate, 300'000, 0);
  w.enter(7000, mainCreate, 300'010, 0);
  w.exit(7000, mainCreate, 400'000, 0);
  w.exit(7000, actCreate, 400'100, 0);
  w.enter(7000, doFrame, 450'000, 0);
  w.exit(7000, doFrame, 520'100, 0);
  MethodTraceOptions options;
  options.launch = LaunchTimes{612, 640, "COLD", "com.example/.MainActivity"};
  const MethodTraceReport report = judgeMethodTrace(read(w.classic()), options);
  ASSERT_EQ(report.issues.size(), 1u);
  const matrix::MatrixIssue& s = report.issues[0];
  EXPECT_EQ(s.tag, "Trace_StartUp");
  ASSERT_TRUE(s.startup);
  EXPECT_EQ(s.startup->applicationCreateMs, 250);  // bindApplication → Application.onCreate's end
  EXPECT_EQ(s.startup->betweenMs, 49);
  EXPECT_EQ(s.startup->firstActivityCreateMs, 520);  // → the first frame after the activity's onCreate
  EXPECT_EQ(s.startup->startupDurationMs, 520);
  EXPECT_EQ(s.startup->warmStart, false);
  EXPECT_EQ(s.startup->amTotalTimeMs, 612);
  EXPECT_EQ(s.startup->amWaitTimeMs, 640);
  EXPECT_EQ(s.startup->launchState, "COLD");
  EXPECT_EQ(s.scene, "com.example.MainActivity");
  // Its stack is the launch's main-thread tree from bindApplication (ms, floor): the slow
  // Application.onCreate is where Matrix's stack key points.
  EXPECT_EQ(s.stack, "0,0,1,259\n1,1,1,200\n2,2,1,199\n");
  EXPECT_EQ(s.stackKey, "2|");
}

TEST(MethodTraceTest, ProguardMappingNamesTheIssuesMethods) {
  const MethodTraceWriter w = test::obfuscatedSlowDispatch();
  auto proguard = mapping::R8Mapping::parse(test::kObfuscatedMapping);
  ASSERT_TRUE(proguard.ok());
  MethodTrace t = read(w.classic());
  deobfuscate(t, *proguard);
  EXPECT_EQ(t.methods[1].displayName(), "com.example.Slow.work()V");
  const MethodTraceReport report = judgeMethodTrace(t, {});
  ASSERT_EQ(report.issues.size(), 1u);
  ASSERT_TRUE(report.issues[0].callTree);
  EXPECT_EQ(report.issues[0].callTree->children.at(0).name, "com.example.Slow.work()V");
  EXPECT_EQ(report.dispatches[0].target, "com.example.Slow.work");
}

}  // namespace
}  // namespace mxi::core::methodtrace
