// The agent wire protocol's messages (docs/PROTOCOL.md lists every field). Desktop → agent
// types are 0x01..0x0F, agent → desktop 0x10..0x2F; Heartbeat goes both ways. A type a peer
// does not know decodes to UnknownMessage and is skipped (forward compatibility).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace mxi::core::protocol {

// Changes only for incompatible changes (docs/PROTOCOL.md). 2: AnrReport lost mainThreadStack.
inline constexpr uint16_t kProtocolVersion = 2;

enum class MessageType : uint16_t {
  kHello = 0x01,
  kStartCollecting = 0x02,
  kStopCollecting = 0x03,
  kHeapDumpRequest = 0x04,
  kProcessListRequest = 0x05,
  kPackageListRequest = 0x06,
  kMethodTraceRequest = 0x07,
  kAgentHello = 0x10,
  kFrameBatch = 0x11,
  kSceneChange = 0x12,
  kMatrixIssue = 0x13,
  kAnrReport = 0x14,
  kProcessList = 0x15,
  kAppState = 0x16,
  kHeapDumpBegin = 0x17,
  kHeapDumpChunk = 0x18,
  kHeapDumpEnd = 0x19,
  kError = 0x1A,
  kHeartbeat = 0x1B,
  kPackageList = 0x1C,
  kFrameGap = 0x1D,
  kMethodTraceStarted = 0x1E,
  kMemorySample = 0x1F,
  kStrictModeReport = 0x20,
  kSqlOperations = 0x21,
  kSqliteLog = 0x22,
};

// Desktop → agent, first message: the token the agent was started with must match.
struct Hello {
  static constexpr MessageType kType = MessageType::kHello;
  uint16_t protocolVersion = kProtocolVersion;
  std::string sessionToken;
  std::string clientName;
  friend bool operator==(const Hello&, const Hello&) = default;
};

// Agent → desktop, answer to a valid Hello.
struct AgentHello {
  static constexpr MessageType kType = MessageType::kAgentHello;
  uint16_t protocolVersion = kProtocolVersion;
  std::string agentVersion;
  std::string buildHash;
  std::string deviceModel;
  uint32_t sdkLevel = 0;
  std::string abi;
  uint32_t refreshMilliHz = 0;  // display refresh rate × 1000 (60000, 90000, 120000)
  uint64_t wallClockMs = 0;     // layout 2: the device's wall clock when it answered (0: unknown)
  std::string agentMachine;     // layout 3: the machine the agent binary was built for (aarch64, arm, x86_64)
  uint64_t monotonicNs = 0;     // layout 4: the device's CLOCK_MONOTONIC when it answered (frames' clock; 0: unknown)
  friend bool operator==(const AgentHello&, const AgentHello&) = default;
};

// Collector bits of StartCollecting::collectors.
enum CollectorBits : uint32_t {
  kCollectFrames = 1u << 0,
  kCollectMatrixIssues = 1u << 1,
  kCollectAnr = 1u << 2,
  kCollectProcesses = 1u << 3,
  kCollectAll = 0xF,  // SQL is asked for by StartCollecting.sqlIntervalMs, not by a bit
};

// What the agent does when a destroyed Activity stays counted in the heap (docs/LEAKS.md): every
// mode but kOff watches and sends the verdict; the desktop acts on the mode (Matrix's NO_DUMP,
// MANUAL_DUMP, AUTO_DUMP). A value past kAuto (a newer desktop) is watched like kReport.
enum class LeakWatchMode : uint8_t { kOff = 0, kReport = 1, kManual = 2, kAuto = 3 };
// "off", "report", "manual", "auto" (the verdict's "dump_mode"); "report" for an unknown value.
const char* leakWatchModeName(LeakWatchMode mode);

struct StartCollecting {
  static constexpr MessageType kType = MessageType::kStartCollecting;
  std::string packageName;
  uint32_t pollIntervalMs = 1000;
  uint32_t collectors = kCollectAll;
  // Layout 2: read logcat from this device wall-clock time (ms since the epoch) instead of from
  // now, so issues and ANRs logged while no agent ran still arrive; 0: from now.
  uint64_t logSinceMs = 0;
  // Layout 3: sample the app's memory every memoryIntervalMs without calling into it (0: off; an
  // older desktop's layout has no sampling), and watch destroyed Activities for leaks.
  uint32_t memoryIntervalMs = 0;
  LeakWatchMode leakWatch = LeakWatchMode::kOff;
  uint32_t leakCheckIntervalMs = 0;  // 0: the agent's default (5000)
  uint32_t leakChecks = 0;           // 0: the agent's default (3)
  // Layout 4: poll `dumpsys dbinfo <package>` every sqlIntervalMs for the app's SQL operations and
  // forward its SQLiteLog "automatic index" lines (0: off; an older desktop's layout asks for none).
  uint32_t sqlIntervalMs = 0;
  friend bool operator==(const StartCollecting&, const StartCollecting&) = default;
};

struct StopCollecting {
  static constexpr MessageType kType = MessageType::kStopCollecting;
  friend bool operator==(const StopCollecting&, const StopCollecting&) = default;
};

// Bits of HeapDumpRequest::flags (and of HeapDumpBegin::flags: those the agent honoured).
enum HeapDumpFlags : uint32_t {
  kHeapDumpGcFirst = 1u << 0,  // `am dumpheap -g`
  kHeapDumpBitmapShift = 1,    // bits 1-2: bitmap pixels `-b FORMAT` (Android 15 / SDK 35+)
  kHeapDumpBitmapMask = 3u << 1,
  kHeapDumpShrinkOnDevice = 1u << 3,  // shrink with core's shrinker before streaming
};
enum class BitmapFormat : uint32_t { kNone = 0, kPng = 1, kJpg = 2, kWebp = 3 };
inline BitmapFormat bitmapFormatOf(uint32_t flags) {
  return static_cast<BitmapFormat>((flags & kHeapDumpBitmapMask) >> kHeapDumpBitmapShift);
}
inline uint32_t bitmapFormatFlags(BitmapFormat format) { return static_cast<uint32_t>(format) << kHeapDumpBitmapShift; }
// "png", "jpg", "webp" (as `am dumpheap -b` takes them); "" for kNone.
const char* bitmapFormatName(BitmapFormat format);

struct HeapDumpRequest {
  static constexpr MessageType kType = MessageType::kHeapDumpRequest;
  uint32_t requestId = 0;
  std::string packageName;
  int32_t pid = 0;     // 0: the package's main process
  uint32_t flags = 0;  // HeapDumpFlags
  friend bool operator==(const HeapDumpRequest&, const HeapDumpRequest&) = default;
};

// Bits of MethodTraceRequest::flags.
enum MethodTraceFlags : uint32_t {
  kMethodTraceLaunch = 1u << 0,     // cold launch: `am start -S -W --start-profiler FILE … COMPONENT`
  kMethodTraceStreaming = 1u << 1,  // `--streaming` (ART writes as it goes; no buffer to overflow)
};

// ART method tracing of the package's process for `durationMs` (`am profile start|stop`), or of
// a cold launch; answered with MethodTraceStarted, then the trace file as a transfer
// (HeapDumpBegin/Chunk/End with this requestId), or an Error with it.
struct MethodTraceRequest {
  static constexpr MessageType kType = MessageType::kMethodTraceRequest;
  uint32_t requestId = 0;
  std::string packageName;
  int32_t pid = 0;             // 0: the package's main process (not for a launch)
  uint32_t durationMs = 5000;  // how long to trace (after the launch, for a launch)
  uint32_t samplingUs = 0;     // 0: every call (instrumented); else the sampling interval
  uint32_t flags = 0;          // MethodTraceFlags
  std::string component;       // launch: "pkg/.Activity"; empty: the package's launcher activity
  friend bool operator==(const MethodTraceRequest&, const MethodTraceRequest&) = default;
};

struct ProcessListRequest {
  static constexpr MessageType kType = MessageType::kProcessListRequest;
  friend bool operator==(const ProcessListRequest&, const ProcessListRequest&) = default;
};

// Bits of PackageListRequest::flags.
enum PackageListFlags : uint32_t {
  kThirdPartyPackagesOnly = 1u << 0,  // `pm list packages -3`
};

// The installed packages (an app picker's list), answered by PackageList.
struct PackageListRequest {
  static constexpr MessageType kType = MessageType::kPackageListRequest;
  uint32_t flags = 0;
  friend bool operator==(const PackageListRequest&, const PackageListRequest&) = default;
};

// Per-frame timings as `dumpsys gfxinfo <pkg> framestats` reports them (CLOCK_MONOTONIC ns;
// 0 where the platform has no such column).
struct FrameTiming {
  uint64_t flags = 0;
  int64_t intendedVsync = 0;
  int64_t vsync = 0;
  int64_t handleInputStart = 0;
  int64_t animationStart = 0;
  int64_t performTraversalsStart = 0;
  int64_t drawStart = 0;
  int64_t syncQueued = 0;
  int64_t syncStart = 0;
  int64_t issueDrawCommandsStart = 0;
  int64_t swapBuffers = 0;
  int64_t frameCompleted = 0;
  int64_t gpuCompleted = 0;
  int64_t frameIntervalNs = 0;  // the vsync period the row reports, 0 when absent
  friend bool operator==(const FrameTiming&, const FrameTiming&) = default;
};

struct FrameBatch {
  static constexpr MessageType kType = MessageType::kFrameBatch;
  std::string packageName;
  std::string scene;             // activity the frames belong to (window name or focused activity)
  uint64_t refreshPeriodNs = 0;  // display refresh period at the time of the poll
  std::vector<FrameTiming> frames;
  friend bool operator==(const FrameBatch&, const FrameBatch&) = default;
};

struct SceneChange {
  static constexpr MessageType kType = MessageType::kSceneChange;
  uint64_t monotonicNs = 0;
  std::string packageName;
  std::string activity;  // fully qualified class name, empty when the app lost focus
  friend bool operator==(const SceneChange&, const SceneChange&) = default;
};

enum class IssueKind : uint8_t {
  kUnknown = 0,
  kEvilMethod = 1,  // Trace_EvilMethod
  kFps = 2,         // Trace_FPS
  kStartup = 3,     // Trace_StartUp
  kIo = 4,          // io
  kMemory = 5,      // memory (ResourceCanary)
  kSqlite = 6,      // SQLiteLint
};
IssueKind issueKindFromTag(std::string_view tag);
const char* issueKindName(IssueKind kind);

// One Matrix issue as `Issue.toString()` logged it: tag[..]type[..];key[..];content[<JSON>].
struct MatrixIssue {
  static constexpr MessageType kType = MessageType::kMatrixIssue;
  uint64_t logTimeMs = 0;  // logcat timestamp (device wall clock, ms since the epoch)
  int32_t pid = 0;
  std::string logTag;  // the logcat tag (e.g. Matrix.DefaultPluginListener)
  std::string tag;     // the issue tag (Trace_EvilMethod, io, ...)
  int32_t type = 0;
  std::string key;
  IssueKind kind = IssueKind::kUnknown;
  bool truncated = false;  // logcat cut the line: content is not complete JSON
  std::string contentJson;
  uint64_t monotonicNs = 0;  // layout 2: logTimeMs on the device's CLOCK_MONOTONIC (0: unknown)
  friend bool operator==(const MatrixIssue&, const MatrixIssue&) = default;
};

struct AnrReport {
  static constexpr MessageType kType = MessageType::kAnrReport;
  uint64_t timeMs = 0;  // am_anr event time (device wall clock)
  int32_t pid = 0;
  std::string packageName;
  std::string reason;
  // The dropbox entry (truncated to the payload bound); the desktop parses it (core/trace
  // anr_trace.h) and shows the main thread first.
  std::string traces;
  uint64_t monotonicNs = 0;  // layout 2: timeMs on the device's CLOCK_MONOTONIC (0: unknown)
  friend bool operator==(const AnrReport&, const AnrReport&) = default;
};

struct ProcessInfo {
  int32_t pid = 0;
  std::string user;
  std::string name;
  friend bool operator==(const ProcessInfo&, const ProcessInfo&) = default;
};

struct ProcessList {
  static constexpr MessageType kType = MessageType::kProcessList;
  std::string foregroundPackage;
  std::vector<ProcessInfo> processes;
  friend bool operator==(const ProcessList&, const ProcessList&) = default;
};

// One installed package and whether any of its processes runs.
struct PackageInfo {
  std::string packageName;
  bool running = false;  // a process of the package (main or pkg:suffix) is alive
  int32_t mainPid = 0;   // the process named exactly like the package, 0 when there is none
  friend bool operator==(const PackageInfo&, const PackageInfo&) = default;
};

// Sorted by name. Each entry is length-prefixed on the wire so later layouts can append
// per-package fields that older receivers skip.
struct PackageList {
  static constexpr MessageType kType = MessageType::kPackageList;
  std::vector<PackageInfo> packages;
  friend bool operator==(const PackageList&, const PackageList&) = default;
};

enum class AppRunState : uint8_t { kStopped = 0, kRunning = 1 };

struct AppState {
  static constexpr MessageType kType = MessageType::kAppState;
  std::string packageName;
  int32_t pid = 0;
  AppRunState state = AppRunState::kStopped;
  bool foreground = false;
  friend bool operator==(const AppState&, const AppState&) = default;
};

struct HeapDumpBegin {
  static constexpr MessageType kType = MessageType::kHeapDumpBegin;
  uint32_t requestId = 0;
  int32_t pid = 0;
  uint64_t totalBytes = 0;  // size of what is streamed (uncompressed; the shrunk dump when shrunk)
  // Layout 2: the request's flags the agent honoured (a bitmap format the device cannot dump is
  // dropped), and the dump's size before shrinking (= totalBytes when not shrunk).
  uint32_t flags = 0;
  uint64_t originalBytes = 0;
  friend bool operator==(const HeapDumpBegin&, const HeapDumpBegin&) = default;
};

// One independently zlib-compressed piece of the dump; progress = (offset + rawLength) / total.
struct HeapDumpChunk {
  static constexpr MessageType kType = MessageType::kHeapDumpChunk;
  uint32_t requestId = 0;
  uint64_t offset = 0;
  uint32_t rawLength = 0;
  std::vector<uint8_t> zlibData;
  friend bool operator==(const HeapDumpChunk&, const HeapDumpChunk&) = default;
};

struct HeapDumpEnd {
  static constexpr MessageType kType = MessageType::kHeapDumpEnd;
  uint32_t requestId = 0;
  uint64_t totalBytes = 0;
  uint32_t crc32 = 0;  // of the whole uncompressed dump
  friend bool operator==(const HeapDumpEnd&, const HeapDumpEnd&) = default;
};

enum class ErrorCode : uint32_t {
  kBadToken = 1,
  kBadRequest = 2,
  kInvalidPackage = 3,
  kToolFailed = 4,
  kHeapDumpFailed = 5,
  kNotRunning = 6,
  kInternal = 7,
  kMethodTraceFailed = 8,
};

struct Error {
  static constexpr MessageType kType = MessageType::kError;
  ErrorCode code = ErrorCode::kInternal;
  uint32_t requestId = 0;  // the heap-dump request it concerns, 0 otherwise
  std::string message;
  friend bool operator==(const Error&, const Error&) = default;
};

struct Heartbeat {
  static constexpr MessageType kType = MessageType::kHeartbeat;
  uint64_t sequence = 0;
  uint64_t monotonicMs = 0;
  friend bool operator==(const Heartbeat&, const Heartbeat&) = default;
};

// Agent → desktop: two framestats polls of a window did not overlap, so frames between them were
// never listed (the platform keeps only a window's last kFramestatsRingFrames). Sent before the
// batch that follows the gap.
struct FrameGap {
  static constexpr MessageType kType = MessageType::kFrameGap;
  std::string packageName;
  std::string scene;
  uint64_t lastSeenVsyncNs = 0;  // IntendedVsync of the newest row the earlier poll listed
  uint64_t nextSeenVsyncNs = 0;  // IntendedVsync of the oldest row the later poll lists
  uint32_t maxLostFrames = 0;    // the vsyncs strictly between them: at most this many frames lost
  friend bool operator==(const FrameGap&, const FrameGap&) = default;
};

// Agent → desktop: tracing started in process `pid`; for a launch, what `am start -W` printed
// (Status, LaunchState, Activity, TotalTime, WaitTime…).
struct MethodTraceStarted {
  static constexpr MessageType kType = MessageType::kMethodTraceStarted;
  uint32_t requestId = 0;
  int32_t pid = 0;
  std::string launchOutput;
  friend bool operator==(const MethodTraceStarted&, const MethodTraceStarted&) = default;
};

// Bits of MemorySample::marks: what happened since the previous sample (the same bits as
// core/session's MemoryMark, which the session record keeps).
enum MemorySampleMarks : uint32_t {
  kSampleGcForced = 1u << 0,    // the sample's own `dumpsys meminfo <pid>` made the app collect garbage
  kSampleHeapDumped = 1u << 1,  // a heap dump was taken
  kSampleLeakFound = 1u << 2,   // a leak verdict was sent
};

// Agent → desktop: the package's main process's memory at monotonicNs (kB; -1 where the source
// does not give a category: a meminfo without App Summary, /proc/<pid>/smaps_rollup).
struct MemorySample {
  static constexpr MessageType kType = MessageType::kMemorySample;
  uint64_t monotonicNs = 0;
  int32_t pid = 0;
  int64_t javaHeapKb = -1;
  int64_t nativeHeapKb = -1;
  int64_t codeKb = -1;
  int64_t stackKb = -1;
  int64_t graphicsKb = -1;
  int64_t privateOtherKb = -1;
  int64_t systemKb = -1;
  int64_t totalPssKb = -1;
  int64_t totalRssKb = -1;
  int64_t totalSwapKb = -1;
  uint32_t marks = 0;  // MemorySampleMarks
  std::string source;  // what it was read from: "dumpsys meminfo --local", "smaps_rollup", "dumpsys meminfo"
  friend bool operator==(const MemorySample&, const MemorySample&) = default;
};

// Where the agent read a StrictModeReport: the `StrictMode` logcat tag, or a DropBox
// `data_app_strictmode` / `system_app_strictmode` entry.
enum class StrictModeSource : uint8_t { kLogcat = 0, kDropBox = 1 };

// Agent → desktop: one StrictMode violation report of the package's processes, as raw text (the
// agent cannot link the JSON mapping; the desktop parses it with core/strictmode/strictmode_text.h
// and maps it to an IOCanary issue with core/strictmode).
struct StrictModeReport {
  static constexpr MessageType kType = MessageType::kStrictModeReport;
  uint64_t logTimeMs = 0;    // logcat timestamp / DropBox entry time (device wall clock, ms since the epoch)
  int32_t pid = 0;           // 0: unknown
  int32_t tid = 0;           // 0: unknown
  uint64_t monotonicNs = 0;  // logTimeMs on the device's CLOCK_MONOTONIC (0: unknown)
  StrictModeSource source = StrictModeSource::kLogcat;
  bool truncated = false;  // the agent's parser found the report cut (logcat dropped its end)
  std::string text;        // the report's lines as collected (logcat lines with their prefix, or the DropBox entry)
  friend bool operator==(const StrictModeReport&, const StrictModeReport&) = default;
};

// One operation of a connection's ring in `dumpsys dbinfo` (core/dbinfo's DbinfoOperation), sent
// once, when it has finished.
struct SqlOperation {
  std::string timeText;      // as the device printed it ("2021-10-26 22:50:27.305", "06-10 09:21:34.320")
  uint64_t wallClockMs = 0;  // timeText as the agent places it (device local time; 0: unknown)
  uint64_t monotonicNs = 0;  // wallClockMs on the device's CLOCK_MONOTONIC (0: unknown)
  std::string kind;          // "execute", "executeForCursorWindow", …
  int64_t durationMs = -1;   // "took N ms" (-1: not printed)
  std::string status;        // "succeeded", "failed"
  std::string sql;           // as printed (bind values are never shown)
  friend bool operator==(const SqlOperation&, const SqlOperation&) = default;
};

// Agent → desktop: the operations one connection ran since the previous poll, oldest first
// (prepare ops and `dumpsys meminfo`'s own PRAGMAs left out).
struct SqlOperations {
  static constexpr MessageType kType = MessageType::kSqlOperations;
  int32_t pid = 0;  // 0: the dump printed none
  std::string process;
  std::string dbPath;         // the connection pool's path
  int32_t connectionId = -1;  // "Connection #N" (-1: not printed)
  // The ring rolled over since the previous poll (none of the operations it listed are still
  // listed): operations ran in between that nobody saw. How many is unknown.
  bool ringRolledOver = false;
  std::vector<SqlOperation> operations;
  friend bool operator==(const SqlOperations&, const SqlOperations&) = default;
};

// Agent → desktop: a `SQLiteLog` logcat line of the package's processes that tells of a missing
// index ("(284) automatic index on t(col)"), as logged; the desktop reads the table and columns.
struct SqliteLog {
  static constexpr MessageType kType = MessageType::kSqliteLog;
  uint64_t logTimeMs = 0;    // device wall clock, ms since the epoch
  uint64_t monotonicNs = 0;  // logTimeMs on CLOCK_MONOTONIC (0: unknown)
  int32_t pid = 0;
  int32_t tid = 0;
  std::string message;  // the line's message
  friend bool operator==(const SqliteLog&, const SqliteLog&) = default;
};

// A frame of a type this build does not know; skipped by receivers.
struct UnknownMessage {
  uint16_t type = 0;
  size_t payloadBytes = 0;
  friend bool operator==(const UnknownMessage&, const UnknownMessage&) = default;
};

using Message =
    std::variant<Hello, StartCollecting, StopCollecting, HeapDumpRequest, ProcessListRequest, AgentHello, FrameBatch,
                 SceneChange, MatrixIssue, AnrReport, ProcessList, AppState, HeapDumpBegin, HeapDumpChunk, HeapDumpEnd,
                 Error, Heartbeat, UnknownMessage, PackageListRequest, PackageList, FrameGap, MethodTraceRequest,
                 MethodTraceStarted, MemorySample, StrictModeReport, SqlOperations, SqliteLog>;

}  // namespace mxi::core::protocol
