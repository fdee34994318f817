#include "core/protocol/message_codec.h"

#include "core/protocol/byte_io.h"

namespace mxi::core::protocol {

namespace {

constexpr size_t kFrameTimingBytes = 14 * 8;

// ---- encoding: one put() per message ----
void put(ByteWriter& w, const Hello& m) {
  w.u16(m.protocolVersion);
  w.str(m.sessionToken);
  w.str(m.clientName);
}
void put(ByteWriter& w, const StartCollecting& m) {
  w.str(m.packageName);
  w.u32(m.pollIntervalMs);
  w.u32(m.collectors);
  w.u64(m.logSinceMs);
}
void put(ByteWriter&, const StopCollecting&) {}
void put(ByteWriter& w, const HeapDumpRequest& m) {
  w.u32(m.requestId);
  w.str(m.packageName);
  w.i32(m.pid);
  w.u32(m.flags);
}
void put(ByteWriter& w, const MethodTraceRequest& m) {
  w.u32(m.requestId);
  w.str(m.packageName);
  w.i32(m.pid);
  w.u32(m.durationMs);
  w.u32(m.samplingUs);
  w.u32(m.flags);
  w.str(m.component);
}
void put(ByteWriter& w, const MethodTraceStarted& m) {
  w.u32(m.requestId);
  w.i32(m.pid);
  w.str(m.launchOutput);
}
void put(ByteWriter&, const ProcessListRequest&) {}
void put(ByteWriter& w, const PackageListRequest& m) { w.u32(m.flags); }
void put(ByteWriter& w, const AgentHello& m) {
  w.u16(m.protocolVersion);
  w.str(m.agentVersion);
  w.str(m.buildHash);
  w.str(m.deviceModel);
  w.u32(m.sdkLevel);
  w.str(m.abi);
  w.u32(m.refreshMilliHz);
  w.u64(m.wallClockMs);
  w.str(m.agentMachine);
  w.u64(m.monotonicNs);
}
void put(ByteWriter& w, const FrameBatch& m) {
  w.str(m.packageName);
  w.str(m.scene);
  w.u64(m.refreshPeriodNs);
  w.u32(static_cast<uint32_t>(m.frames.size()));
  for (const FrameTiming& f : m.frames) {
    w.u64(f.flags);
    for (int64_t v : {f.intendedVsync, f.vsync, f.handleInputStart, f.animationStart, f.performTraversalsStart,
                      f.drawStart, f.syncQueued, f.syncStart, f.issueDrawCommandsStart, f.swapBuffers, f.frameCompleted,
                      f.gpuCompleted, f.frameIntervalNs}) {
      w.i64(v);
    }
  }
}
void put(ByteWriter& w, const SceneChange& m) {
  w.u64(m.monotonicNs);
  w.str(m.packageName);
  w.str(m.activity);
}
void put(ByteWriter& w, const MatrixIssue& m) {
  w.u64(m.logTimeMs);
  w.i32(m.pid);
  w.str(m.logTag);
  w.str(m.tag);
  w.i32(m.type);
  w.str(m.key);
  w.u8(static_cast<uint8_t>(m.kind));
  w.u8(m.truncated ? 1 : 0);
  w.str(m.contentJson);
  w.u64(m.monotonicNs);
}
void put(ByteWriter& w, const AnrReport& m) {
  w.u64(m.timeMs);
  w.i32(m.pid);
  w.str(m.packageName);
  w.str(m.reason);
  w.str(m.mainThreadStack);
  w.str(m.traces);
  w.u64(m.monotonicNs);
}
void put(ByteWriter& w, const ProcessList& m) {
  w.str(m.foregroundPackage);
  w.u32(static_cast<uint32_t>(m.processes.size()));
  for (const ProcessInfo& p : m.processes) {
    w.i32(p.pid);
    w.str(p.user);
    w.str(p.name);
  }
}
void put(ByteWriter& w, const FrameGap& m) {
  w.str(m.packageName);
  w.str(m.scene);
  w.u64(m.lastSeenVsyncNs);
  w.u64(m.nextSeenVsyncNs);
  w.u32(m.maxLostFrames);
}
void put(ByteWriter& w, const PackageList& m) {
  w.u32(static_cast<uint32_t>(m.packages.size()));
  std::vector<uint8_t> entry;
  for (const PackageInfo& p : m.packages) {
    entry.clear();
    ByteWriter e(entry);
    e.str(p.packageName);
    e.u8(p.running ? 1 : 0);
    e.i32(p.mainPid);
    w.u32(static_cast<uint32_t>(entry.size()));
    w.bytes(entry);
  }
}
void put(ByteWriter& w, const AppState& m) {
  w.str(m.packageName);
  w.i32(m.pid);
  w.u8(static_cast<uint8_t>(m.state));
  w.u8(m.foreground ? 1 : 0);
}
void put(ByteWriter& w, const HeapDumpBegin& m) {
  w.u32(m.requestId);
  w.i32(m.pid);
  w.u64(m.totalBytes);
  w.u32(m.flags);
  w.u64(m.originalBytes);
}
void put(ByteWriter& w, const HeapDumpChunk& m) {
  w.u32(m.requestId);
  w.u64(m.offset);
  w.u32(m.rawLength);
  w.u32(static_cast<uint32_t>(m.zlibData.size()));
  w.bytes(m.zlibData);
}
void put(ByteWriter& w, const HeapDumpEnd& m) {
  w.u32(m.requestId);
  w.u64(m.totalBytes);
  w.u32(m.crc32);
}
void put(ByteWriter& w, const Error& m) {
  w.u32(static_cast<uint32_t>(m.code));
  w.u32(m.requestId);
  w.str(m.message);
}
void put(ByteWriter& w, const Heartbeat& m) {
  w.u64(m.sequence);
  w.u64(m.monotonicMs);
}
void put(ByteWriter&, const UnknownMessage&) { MXI_CHECK(false && "UnknownMessage cannot be encoded"); }

// ---- decoding: one get() per message ----
// A field a later layout appended: absent in payloads of older senders (the default stays).
Status appended(ByteReader& r, uint64_t& v, const char* what) {
  return r.remaining() == 0 ? okStatus() : r.u64(v, what);
}
Status appended(ByteReader& r, std::string& v, const char* what) {
  return r.remaining() == 0 ? okStatus() : r.str(v, what);
}

Status get(ByteReader& r, Hello& m) {
  RETURN_IF_ERROR(r.u16(m.protocolVersion, "Hello.protocolVersion"));
  RETURN_IF_ERROR(r.str(m.sessionToken, "Hello.sessionToken"));
  return r.str(m.clientName, "Hello.clientName");
}
Status get(ByteReader& r, StartCollecting& m) {
  RETURN_IF_ERROR(r.str(m.packageName, "StartCollecting.packageName"));
  RETURN_IF_ERROR(r.u32(m.pollIntervalMs, "StartCollecting.pollIntervalMs"));
  RETURN_IF_ERROR(r.u32(m.collectors, "StartCollecting.collectors"));
  return appended(r, m.logSinceMs, "StartCollecting.logSinceMs");
}
Status get(ByteReader&, StopCollecting&) { return okStatus(); }
Status get(ByteReader& r, HeapDumpRequest& m) {
  RETURN_IF_ERROR(r.u32(m.requestId, "HeapDumpRequest.requestId"));
  RETURN_IF_ERROR(r.str(m.packageName, "HeapDumpRequest.packageName"));
  RETURN_IF_ERROR(r.i32(m.pid, "HeapDumpRequest.pid"));
  return r.u32(m.flags, "HeapDumpRequest.flags");
}
Status get(ByteReader& r, MethodTraceRequest& m) {
  RETURN_IF_ERROR(r.u32(m.requestId, "MethodTraceRequest.requestId"));
  RETURN_IF_ERROR(r.str(m.packageName, "MethodTraceRequest.packageName"));
  RETURN_IF_ERROR(r.i32(m.pid, "MethodTraceRequest.pid"));
  RETURN_IF_ERROR(r.u32(m.durationMs, "MethodTraceRequest.durationMs"));
  RETURN_IF_ERROR(r.u32(m.samplingUs, "MethodTraceRequest.samplingUs"));
  RETURN_IF_ERROR(r.u32(m.flags, "MethodTraceRequest.flags"));
  return r.str(m.component, "MethodTraceRequest.component");
}
Status get(ByteReader& r, MethodTraceStarted& m) {
  RETURN_IF_ERROR(r.u32(m.requestId, "MethodTraceStarted.requestId"));
  RETURN_IF_ERROR(r.i32(m.pid, "MethodTraceStarted.pid"));
  return r.str(m.launchOutput, "MethodTraceStarted.launchOutput");
}
Status get(ByteReader&, ProcessListRequest&) { return okStatus(); }
Status get(ByteReader& r, PackageListRequest& m) { return r.u32(m.flags, "PackageListRequest.flags"); }
Status get(ByteReader& r, AgentHello& m) {
  RETURN_IF_ERROR(r.u16(m.protocolVersion, "AgentHello.protocolVersion"));
  RETURN_IF_ERROR(r.str(m.agentVersion, "AgentHello.agentVersion"));
  RETURN_IF_ERROR(r.str(m.buildHash, "AgentHello.buildHash"));
  RETURN_IF_ERROR(r.str(m.deviceModel, "AgentHello.deviceModel"));
  RETURN_IF_ERROR(r.u32(m.sdkLevel, "AgentHello.sdkLevel"));
  RETURN_IF_ERROR(r.str(m.abi, "AgentHello.abi"));
  RETURN_IF_ERROR(r.u32(m.refreshMilliHz, "AgentHello.refreshMilliHz"));
  RETURN_IF_ERROR(appended(r, m.wallClockMs, "AgentHello.wallClockMs"));
  RETURN_IF_ERROR(appended(r, m.agentMachine, "AgentHello.agentMachine"));
  return appended(r, m.monotonicNs, "AgentHello.monotonicNs");
}
Status get(ByteReader& r, FrameBatch& m) {
  RETURN_IF_ERROR(r.str(m.packageName, "FrameBatch.packageName"));
  RETURN_IF_ERROR(r.str(m.scene, "FrameBatch.scene"));
  RETURN_IF_ERROR(r.u64(m.refreshPeriodNs, "FrameBatch.refreshPeriodNs"));
  uint32_t n = 0;
  RETURN_IF_ERROR(r.count(n, kFrameTimingBytes, "FrameBatch.frames"));
  m.frames.resize(n);
  for (FrameTiming& f : m.frames) {
    RETURN_IF_ERROR(r.u64(f.flags, "FrameTiming.flags"));
    for (int64_t* v : {&f.intendedVsync, &f.vsync, &f.handleInputStart, &f.animationStart, &f.performTraversalsStart,
                       &f.drawStart, &f.syncQueued, &f.syncStart, &f.issueDrawCommandsStart, &f.swapBuffers,
                       &f.frameCompleted, &f.gpuCompleted, &f.frameIntervalNs}) {
      RETURN_IF_ERROR(r.i64(*v, "FrameTiming"));
    }
  }
  return okStatus();
}
Status get(ByteReader& r, SceneChange& m) {
  RETURN_IF_ERROR(r.u64(m.monotonicNs, "SceneChange.monotonicNs"));
  RETURN_IF_ERROR(r.str(m.packageName, "SceneChange.packageName"));
  return r.str(m.activity, "SceneChange.activity");
}
Status get(ByteReader& r, MatrixIssue& m) {
  RETURN_IF_ERROR(r.u64(m.logTimeMs, "MatrixIssue.logTimeMs"));
  RETURN_IF_ERROR(r.i32(m.pid, "MatrixIssue.pid"));
  RETURN_IF_ERROR(r.str(m.logTag, "MatrixIssue.logTag"));
  RETURN_IF_ERROR(r.str(m.tag, "MatrixIssue.tag"));
  RETURN_IF_ERROR(r.i32(m.type, "MatrixIssue.type"));
  RETURN_IF_ERROR(r.str(m.key, "MatrixIssue.key"));
  uint8_t kind = 0, truncated = 0;
  RETURN_IF_ERROR(r.u8(kind, "MatrixIssue.kind"));
  RETURN_IF_ERROR(r.u8(truncated, "MatrixIssue.truncated"));
  // A kind this build does not know is kept as unknown; the tag still says what it is.
  m.kind = kind <= static_cast<uint8_t>(IssueKind::kSqlite) ? static_cast<IssueKind>(kind) : IssueKind::kUnknown;
  m.truncated = truncated != 0;
  RETURN_IF_ERROR(r.str(m.contentJson, "MatrixIssue.contentJson"));
  return appended(r, m.monotonicNs, "MatrixIssue.monotonicNs");
}
Status get(ByteReader& r, AnrReport& m) {
  RETURN_IF_ERROR(r.u64(m.timeMs, "AnrReport.timeMs"));
  RETURN_IF_ERROR(r.i32(m.pid, "AnrReport.pid"));
  RETURN_IF_ERROR(r.str(m.packageName, "AnrReport.packageName"));
  RETURN_IF_ERROR(r.str(m.reason, "AnrReport.reason"));
  RETURN_IF_ERROR(r.str(m.mainThreadStack, "AnrReport.mainThreadStack"));
  RETURN_IF_ERROR(r.str(m.traces, "AnrReport.traces"));
  return appended(r, m.monotonicNs, "AnrReport.monotonicNs");
}
Status get(ByteReader& r, ProcessList& m) {
  RETURN_IF_ERROR(r.str(m.foregroundPackage, "ProcessList.foregroundPackage"));
  uint32_t n = 0;
  RETURN_IF_ERROR(r.count(n, 12, "ProcessList.processes"));
  m.processes.resize(n);
  for (ProcessInfo& p : m.processes) {
    RETURN_IF_ERROR(r.i32(p.pid, "ProcessInfo.pid"));
    RETURN_IF_ERROR(r.str(p.user, "ProcessInfo.user"));
    RETURN_IF_ERROR(r.str(p.name, "ProcessInfo.name"));
  }
  return okStatus();
}
Status get(ByteReader& r, FrameGap& m) {
  RETURN_IF_ERROR(r.str(m.packageName, "FrameGap.packageName"));
  RETURN_IF_ERROR(r.str(m.scene, "FrameGap.scene"));
  RETURN_IF_ERROR(r.u64(m.lastSeenVsyncNs, "FrameGap.lastSeenVsyncNs"));
  RETURN_IF_ERROR(r.u64(m.nextSeenVsyncNs, "FrameGap.nextSeenVsyncNs"));
  return r.u32(m.maxLostFrames, "FrameGap.maxLostFrames");
}
Status get(ByteReader& r, PackageList& m) {
  uint32_t n = 0;
  // An entry is at least its length, an empty name, `running` and `mainPid`.
  RETURN_IF_ERROR(r.count(n, 4 + 4 + 1 + 4, "PackageList.packages"));
  m.packages.resize(n);
  for (PackageInfo& p : m.packages) {
    std::span<const uint8_t> bytes;
    RETURN_IF_ERROR(r.sized(bytes, "PackageInfo"));
    const size_t base = r.offset() - bytes.size();
    ByteReader e(bytes);
    uint8_t running = 0;
    Status s = e.str(p.packageName, "PackageInfo.packageName");
    if (s.ok()) s = e.u8(running, "PackageInfo.running");
    if (s.ok()) s = e.i32(p.mainPid, "PackageInfo.mainPid");
    if (!s.ok()) return Status(s.code(), s.message(), base + s.offset());
    p.running = running != 0;  // bytes after mainPid: fields of a newer layout
  }
  return okStatus();
}
Status get(ByteReader& r, AppState& m) {
  RETURN_IF_ERROR(r.str(m.packageName, "AppState.packageName"));
  RETURN_IF_ERROR(r.i32(m.pid, "AppState.pid"));
  uint8_t state = 0, fg = 0;
  RETURN_IF_ERROR(r.u8(state, "AppState.state"));
  RETURN_IF_ERROR(r.u8(fg, "AppState.foreground"));
  if (state > static_cast<uint8_t>(AppRunState::kRunning)) {
    return invalidInput("AppState.state: unknown value " + std::to_string(state), r.offset() - 2);
  }
  m.state = static_cast<AppRunState>(state);
  m.foreground = fg != 0;
  return okStatus();
}
Status get(ByteReader& r, HeapDumpBegin& m) {
  RETURN_IF_ERROR(r.u32(m.requestId, "HeapDumpBegin.requestId"));
  RETURN_IF_ERROR(r.i32(m.pid, "HeapDumpBegin.pid"));
  RETURN_IF_ERROR(r.u64(m.totalBytes, "HeapDumpBegin.totalBytes"));
  if (r.remaining() == 0) {  // layout 1: streamed as dumped
    m.originalBytes = m.totalBytes;
    return okStatus();
  }
  RETURN_IF_ERROR(r.u32(m.flags, "HeapDumpBegin.flags"));
  return r.u64(m.originalBytes, "HeapDumpBegin.originalBytes");
}
Status get(ByteReader& r, HeapDumpChunk& m) {
  RETURN_IF_ERROR(r.u32(m.requestId, "HeapDumpChunk.requestId"));
  RETURN_IF_ERROR(r.u64(m.offset, "HeapDumpChunk.offset"));
  RETURN_IF_ERROR(r.u32(m.rawLength, "HeapDumpChunk.rawLength"));
  return r.blob(m.zlibData, "HeapDumpChunk.zlibData");
}
Status get(ByteReader& r, HeapDumpEnd& m) {
  RETURN_IF_ERROR(r.u32(m.requestId, "HeapDumpEnd.requestId"));
  RETURN_IF_ERROR(r.u64(m.totalBytes, "HeapDumpEnd.totalBytes"));
  return r.u32(m.crc32, "HeapDumpEnd.crc32");
}
Status get(ByteReader& r, Error& m) {
  uint32_t code = 0;
  RETURN_IF_ERROR(r.u32(code, "Error.code"));
  m.code = static_cast<ErrorCode>(code);  // unknown codes are kept as numbers
  RETURN_IF_ERROR(r.u32(m.requestId, "Error.requestId"));
  return r.str(m.message, "Error.message");
}
Status get(ByteReader& r, Heartbeat& m) {
  RETURN_IF_ERROR(r.u64(m.sequence, "Heartbeat.sequence"));
  return r.u64(m.monotonicMs, "Heartbeat.monotonicMs");
}

template <typename T>
StatusOr<Message> decodeAs(const Frame& frame) {
  T m;
  ByteReader r(frame.payload);
  Status s = get(r, m);
  if (!s.ok()) {
    const uint64_t base = frame.streamOffset + kFrameHeaderBytes;
    return Status(s.code(), s.message(), s.hasOffset() ? base + s.offset() : base);
  }
  return Message(std::move(m));
}

}  // namespace

MessageType messageType(const Message& message) {
  struct V {
    MessageType operator()(const Hello&) const { return MessageType::kHello; }
    MessageType operator()(const StartCollecting&) const { return MessageType::kStartCollecting; }
    MessageType operator()(const StopCollecting&) const { return MessageType::kStopCollecting; }
    MessageType operator()(const HeapDumpRequest&) const { return MessageType::kHeapDumpRequest; }
    MessageType operator()(const ProcessListRequest&) const { return MessageType::kProcessListRequest; }
    MessageType operator()(const AgentHello&) const { return MessageType::kAgentHello; }
    MessageType operator()(const FrameBatch&) const { return MessageType::kFrameBatch; }
    MessageType operator()(const SceneChange&) const { return MessageType::kSceneChange; }
    MessageType operator()(const MatrixIssue&) const { return MessageType::kMatrixIssue; }
    MessageType operator()(const AnrReport&) const { return MessageType::kAnrReport; }
    MessageType operator()(const ProcessList&) const { return MessageType::kProcessList; }
    MessageType operator()(const AppState&) const { return MessageType::kAppState; }
    MessageType operator()(const HeapDumpBegin&) const { return MessageType::kHeapDumpBegin; }
    MessageType operator()(const HeapDumpChunk&) const { return MessageType::kHeapDumpChunk; }
    MessageType operator()(const HeapDumpEnd&) const { return MessageType::kHeapDumpEnd; }
    MessageType operator()(const Error&) const { return MessageType::kError; }
    MessageType operator()(const Heartbeat&) const { return MessageType::kHeartbeat; }
    MessageType operator()(const PackageListRequest&) const { return MessageType::kPackageListRequest; }
    MessageType operator()(const PackageList&) const { return MessageType::kPackageList; }
    MessageType operator()(const FrameGap&) const { return MessageType::kFrameGap; }
    MessageType operator()(const MethodTraceRequest&) const { return MessageType::kMethodTraceRequest; }
    MessageType operator()(const MethodTraceStarted&) const { return MessageType::kMethodTraceStarted; }
    MessageType operator()(const UnknownMessage& m) const { return static_cast<MessageType>(m.type); }
  };
  return std::visit(V{}, message);
}

std::vector<uint8_t> encodePayload(const Message& message) {
  std::vector<uint8_t> out;
  ByteWriter w(out);
  std::visit([&w](const auto& m) { put(w, m); }, message);
  return out;
}

uint8_t layoutVersion(MessageType type) {
  switch (type) {
    case MessageType::kAgentHello: return 4;
    case MessageType::kStartCollecting:
    case MessageType::kMatrixIssue:
    case MessageType::kAnrReport:
    case MessageType::kHeapDumpBegin: return 2;  // fields appended
    default: return 1;
  }
}

void appendMessage(std::vector<uint8_t>& out, const Message& message) {
  const std::vector<uint8_t> payload = encodePayload(message);
  const MessageType type = messageType(message);
  appendFrame(out, static_cast<uint16_t>(type), layoutVersion(type), payload);
}

std::vector<uint8_t> encodeMessage(const Message& message) {
  std::vector<uint8_t> out;
  appendMessage(out, message);
  return out;
}

StatusOr<Message> decodeMessage(const Frame& frame) {
  switch (static_cast<MessageType>(frame.type)) {
    case MessageType::kHello: return decodeAs<Hello>(frame);
    case MessageType::kStartCollecting: return decodeAs<StartCollecting>(frame);
    case MessageType::kStopCollecting: return decodeAs<StopCollecting>(frame);
    case MessageType::kHeapDumpRequest: return decodeAs<HeapDumpRequest>(frame);
    case MessageType::kProcessListRequest: return decodeAs<ProcessListRequest>(frame);
    case MessageType::kAgentHello: return decodeAs<AgentHello>(frame);
    case MessageType::kFrameBatch: return decodeAs<FrameBatch>(frame);
    case MessageType::kSceneChange: return decodeAs<SceneChange>(frame);
    case MessageType::kMatrixIssue: return decodeAs<MatrixIssue>(frame);
    case MessageType::kAnrReport: return decodeAs<AnrReport>(frame);
    case MessageType::kProcessList: return decodeAs<ProcessList>(frame);
    case MessageType::kAppState: return decodeAs<AppState>(frame);
    case MessageType::kHeapDumpBegin: return decodeAs<HeapDumpBegin>(frame);
    case MessageType::kHeapDumpChunk: return decodeAs<HeapDumpChunk>(frame);
    case MessageType::kHeapDumpEnd: return decodeAs<HeapDumpEnd>(frame);
    case MessageType::kError: return decodeAs<Error>(frame);
    case MessageType::kHeartbeat: return decodeAs<Heartbeat>(frame);
    case MessageType::kPackageListRequest: return decodeAs<PackageListRequest>(frame);
    case MessageType::kMethodTraceRequest: return decodeAs<MethodTraceRequest>(frame);
    case MessageType::kMethodTraceStarted: return decodeAs<MethodTraceStarted>(frame);
    case MessageType::kPackageList: return decodeAs<PackageList>(frame);
    case MessageType::kFrameGap: return decodeAs<FrameGap>(frame);
  }
  return Message(UnknownMessage{frame.type, frame.payload.size()});
}

IssueKind issueKindFromTag(std::string_view tag) {
  if (tag == "Trace_EvilMethod") return IssueKind::kEvilMethod;
  if (tag == "Trace_FPS") return IssueKind::kFps;
  if (tag == "Trace_StartUp") return IssueKind::kStartup;
  if (tag == "io") return IssueKind::kIo;
  if (tag == "memory") return IssueKind::kMemory;
  if (tag == "SQLiteLint") return IssueKind::kSqlite;
  return IssueKind::kUnknown;
}

const char* bitmapFormatName(BitmapFormat format) {
  switch (format) {
    case BitmapFormat::kNone: return "";
    case BitmapFormat::kPng: return "png";
    case BitmapFormat::kJpg: return "jpg";
    case BitmapFormat::kWebp: return "webp";
  }
  return "";
}

const char* issueKindName(IssueKind kind) {
  switch (kind) {
    case IssueKind::kUnknown: return "unknown";
    case IssueKind::kEvilMethod: return "evil-method";
    case IssueKind::kFps: return "fps";
    case IssueKind::kStartup: return "startup";
    case IssueKind::kIo: return "io";
    case IssueKind::kMemory: return "memory";
    case IssueKind::kSqlite: return "sqlite";
  }
  return "unknown";
}

}  // namespace mxi::core::protocol
