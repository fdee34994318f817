// Device bytes → session record → every export: agent messages built from the input (every
// string field raw, so invalid UTF-8 everywhere) run through the real LiveRecorder into a .mxs,
// and its live model (the sink `mxi record` and the live view read), then the file is loaded and
// exported as JSON, HTML and Chrome trace. Nothing may throw or crash.
#include <fuzzer/FuzzedDataProvider.h>
#include <unistd.h>

#include <filesystem>

#include "core/agentlink/live_recorder.h"
#include "core/exports/chrome_trace.h"
#include "core/exports/html_report.h"
#include "core/exports/session_json.h"
#include "core/json/json_reader.h"
#include "core/json/json_writer.h"
#include "core/live/live_record_feed.h"
#include "core/session/session_data.h"
#include "core/session/session_reader.h"
#include "tests/support/scripted_agent_stream.h"

namespace proto = mxi::core::protocol;

namespace {

proto::Message nextMessage(FuzzedDataProvider& in) {
  auto text = [&] { return in.ConsumeRandomLengthString(600); };
  switch (in.ConsumeIntegralInRange(0, 4)) {
    case 0: {
      proto::FrameBatch b;
      b.scene = text();
      b.refreshPeriodNs = in.ConsumeIntegralInRange<uint64_t>(0, 50'000'000);
      for (int n = in.ConsumeIntegralInRange(0, 4); n > 0; --n) {
        proto::FrameTiming t;
        t.intendedVsync = in.ConsumeIntegralInRange<int64_t>(0, 1'000'000'000'000);
        t.frameCompleted = t.intendedVsync + in.ConsumeIntegralInRange<int64_t>(-1000, 2'000'000'000);
        t.flags = in.ConsumeIntegralInRange<int64_t>(0, 3);
        b.frames.push_back(t);
      }
      return b;
    }
    case 1: {
      proto::SceneChange s;
      s.monotonicNs = in.ConsumeIntegral<uint32_t>();
      s.activity = text();
      return s;
    }
    case 2: {
      proto::MatrixIssue i;
      i.logTimeMs = in.ConsumeIntegral<uint32_t>();
      i.pid = in.ConsumeIntegral<int32_t>();
      i.tag = text();
      i.key = text();
      i.kind = static_cast<proto::IssueKind>(in.ConsumeIntegralInRange(0, 5));
      i.truncated = in.ConsumeBool();
      i.contentJson = text();
      i.monotonicNs = in.ConsumeIntegral<uint32_t>();
      return i;
    }
    case 3: {  // stamps in either order: a hostile peer's gap must not wrap
      proto::FrameGap g;
      g.scene = text();
      g.lastSeenVsyncNs = in.ConsumeIntegral<uint64_t>();
      g.nextSeenVsyncNs = in.ConsumeIntegral<uint64_t>();
      g.maxLostFrames = in.ConsumeIntegral<uint32_t>();
      return g;
    }
    default: {
      proto::AnrReport a;
      a.timeMs = in.ConsumeIntegral<uint32_t>();
      a.pid = in.ConsumeIntegral<int32_t>();
      a.reason = text();
      a.traces = text();
      a.monotonicNs = in.ConsumeIntegral<uint32_t>();
      return a;
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace mxi::core;
  FuzzedDataProvider in(data, size);
  proto::AgentHello hello;
  hello.deviceModel = in.ConsumeRandomLengthString(64);
  hello.abi = in.ConsumeRandomLengthString(16);
  hello.agentVersion = in.ConsumeRandomLengthString(16);
  hello.refreshMilliHz = in.ConsumeIntegralInRange<uint32_t>(0, 240'000);
  std::vector<proto::Message> messages;
  while (in.remaining_bytes() > 0 && messages.size() < 32) messages.push_back(nextMessage(in));

  static const std::string path =
      (std::filesystem::temp_directory_path() / ("fuzz_live_record_" + std::to_string(getpid()) + ".mxs")).string();
  CancelToken endOfScript;
  bool connected = false;
  agentlink::LiveRecorder recorder(
      {"com.example.fuzz", std::chrono::milliseconds(0), 1000, path},
      [&](proto::AgentHello& h) -> StatusOr<std::unique_ptr<agentlink::AgentConnection>> {
        if (connected) return ioError("gone");
        connected = true;
        h = hello;
        return std::make_unique<agentlink::AgentConnection>(
            std::make_unique<mxi::test::ScriptedAgentStream>(messages, endOfScript));
      },
      nullptr, nullptr);
  // The live model as `mxi record` and the live view feed it: every record decoded and counted.
  live::LiveSession figures;
  live::LiveRecordFeed feed(figures);
  recorder.addSink(feed);
  if (!recorder.run(endOfScript).ok()) return 0;
  (void)live::formatLiveStatus(figures.status());
  auto reader = session::SessionReader::open(path);
  if (!reader.ok()) return 0;
  NullProgress progress;
  auto loaded = session::loadSession(**reader, progress, CancelToken());
  if (!loaded.ok()) return 0;
  (void)json::dumpJson(exports::sessionToJson(**loaded), 2);
  (void)json::dumpJson(exports::sessionToChromeTrace(**loaded));
  (void)exports::sessionToHtml(**loaded);
  return 0;
}
