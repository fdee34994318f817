// Each message's wire layout, declared once: `fields(v, m)` names the message's fields in wire
// order to a visitor `v`, which encodes them, decodes them, or measures them (message_codec.cpp).
// docs/PROTOCOL.md describes the same layouts for people.
//
// What a visitor is asked to do with a field:
//   v(field, name)                      an integer, bool, string, byte blob (vector<uint8_t>),
//                                       or an enum as its underlying integer, any value kept
//   v.known(field, last, name)          an enum whose values past `last` are an error
//   v.knownOr(field, last, other, name) an enum whose values past `last` decode as `other`
//   v.since(layout, field, name)        a field that layout appended; absent when an older
//                                       sender's payload ends where that layout began
//   v.since(layout, field, name, absent)  the same, taking `absent` when it is absent
//   v.list(vector, name)                u32 count, then each element's own fields
//   v.entries(vector, name, entryName)  u32 count, then each element as u32 length + fields, so a
//                                       later layout can append per-element fields
// Names are "Message.field": decoding errors quote them.
#pragma once

#include <concepts>
#include <type_traits>

#include "core/protocol/messages.h"

namespace mxi::core::protocol {

// `m` is a T or a const T: one field list serves the encoder (const) and the decoder.
template <class M, class T>
concept WireOf = std::same_as<std::remove_const_t<M>, T>;

void fields(auto& v, WireOf<Hello> auto& m) {
  v(m.protocolVersion, "Hello.protocolVersion");
  v(m.sessionToken, "Hello.sessionToken");
  v(m.clientName, "Hello.clientName");
}

void fields(auto& v, WireOf<StartCollecting> auto& m) {
  v(m.packageName, "StartCollecting.packageName");
  v(m.pollIntervalMs, "StartCollecting.pollIntervalMs");
  v(m.collectors, "StartCollecting.collectors");
  v.since(2, m.logSinceMs, "StartCollecting.logSinceMs");
  v.since(3, m.memoryIntervalMs, "StartCollecting.memoryIntervalMs");
  v.since(3, m.leakWatch, "StartCollecting.leakWatch");  // any value kept: leakWatchModeName says how it is read
  v.since(3, m.leakCheckIntervalMs, "StartCollecting.leakCheckIntervalMs");
  v.since(3, m.leakChecks, "StartCollecting.leakChecks");
  v.since(4, m.sqlIntervalMs, "StartCollecting.sqlIntervalMs");
}

void fields(auto&, WireOf<StopCollecting> auto&) {}

void fields(auto& v, WireOf<HeapDumpRequest> auto& m) {
  v(m.requestId, "HeapDumpRequest.requestId");
  v(m.packageName, "HeapDumpRequest.packageName");
  v(m.pid, "HeapDumpRequest.pid");
  v(m.flags, "HeapDumpRequest.flags");
}

void fields(auto&, WireOf<ProcessListRequest> auto&) {}

void fields(auto& v, WireOf<PackageListRequest> auto& m) { v(m.flags, "PackageListRequest.flags"); }

void fields(auto& v, WireOf<MethodTraceRequest> auto& m) {
  v(m.requestId, "MethodTraceRequest.requestId");
  v(m.packageName, "MethodTraceRequest.packageName");
  v(m.pid, "MethodTraceRequest.pid");
  v(m.durationMs, "MethodTraceRequest.durationMs");
  v(m.samplingUs, "MethodTraceRequest.samplingUs");
  v(m.flags, "MethodTraceRequest.flags");
  v(m.component, "MethodTraceRequest.component");
}

void fields(auto& v, WireOf<AgentHello> auto& m) {
  v(m.protocolVersion, "AgentHello.protocolVersion");
  v(m.agentVersion, "AgentHello.agentVersion");
  v(m.buildHash, "AgentHello.buildHash");
  v(m.deviceModel, "AgentHello.deviceModel");
  v(m.sdkLevel, "AgentHello.sdkLevel");
  v(m.abi, "AgentHello.abi");
  v(m.refreshMilliHz, "AgentHello.refreshMilliHz");
  v.since(2, m.wallClockMs, "AgentHello.wallClockMs");
  v.since(3, m.agentMachine, "AgentHello.agentMachine");
  v.since(4, m.monotonicNs, "AgentHello.monotonicNs");
}

void fields(auto& v, WireOf<FrameTiming> auto& f) {
  v(f.flags, "FrameTiming.flags");
  v(f.intendedVsync, "FrameTiming.intendedVsync");
  v(f.vsync, "FrameTiming.vsync");
  v(f.handleInputStart, "FrameTiming.handleInputStart");
  v(f.animationStart, "FrameTiming.animationStart");
  v(f.performTraversalsStart, "FrameTiming.performTraversalsStart");
  v(f.drawStart, "FrameTiming.drawStart");
  v(f.syncQueued, "FrameTiming.syncQueued");
  v(f.syncStart, "FrameTiming.syncStart");
  v(f.issueDrawCommandsStart, "FrameTiming.issueDrawCommandsStart");
  v(f.swapBuffers, "FrameTiming.swapBuffers");
  v(f.frameCompleted, "FrameTiming.frameCompleted");
  v(f.gpuCompleted, "FrameTiming.gpuCompleted");
  v(f.frameIntervalNs, "FrameTiming.frameIntervalNs");
}

void fields(auto& v, WireOf<FrameBatch> auto& m) {
  v(m.packageName, "FrameBatch.packageName");
  v(m.scene, "FrameBatch.scene");
  v(m.refreshPeriodNs, "FrameBatch.refreshPeriodNs");
  v.list(m.frames, "FrameBatch.frames");
}

void fields(auto& v, WireOf<SceneChange> auto& m) {
  v(m.monotonicNs, "SceneChange.monotonicNs");
  v(m.packageName, "SceneChange.packageName");
  v(m.activity, "SceneChange.activity");
}

void fields(auto& v, WireOf<MatrixIssue> auto& m) {
  v(m.logTimeMs, "MatrixIssue.logTimeMs");
  v(m.pid, "MatrixIssue.pid");
  v(m.logTag, "MatrixIssue.logTag");
  v(m.tag, "MatrixIssue.tag");
  v(m.type, "MatrixIssue.type");
  v(m.key, "MatrixIssue.key");
  // A kind this build does not know is kept as unknown; the tag still says what it is.
  v.knownOr(m.kind, IssueKind::kSqlite, IssueKind::kUnknown, "MatrixIssue.kind");
  v(m.truncated, "MatrixIssue.truncated");
  v(m.contentJson, "MatrixIssue.contentJson");
  v.since(2, m.monotonicNs, "MatrixIssue.monotonicNs");
}

void fields(auto& v, WireOf<AnrReport> auto& m) {
  v(m.timeMs, "AnrReport.timeMs");
  v(m.pid, "AnrReport.pid");
  v(m.packageName, "AnrReport.packageName");
  v(m.reason, "AnrReport.reason");
  v(m.traces, "AnrReport.traces");
  v.since(2, m.monotonicNs, "AnrReport.monotonicNs");
}

void fields(auto& v, WireOf<ProcessInfo> auto& p) {
  v(p.pid, "ProcessInfo.pid");
  v(p.user, "ProcessInfo.user");
  v(p.name, "ProcessInfo.name");
}

void fields(auto& v, WireOf<ProcessList> auto& m) {
  v(m.foregroundPackage, "ProcessList.foregroundPackage");
  v.list(m.processes, "ProcessList.processes");
}

void fields(auto& v, WireOf<PackageInfo> auto& p) {
  v(p.packageName, "PackageInfo.packageName");
  v(p.running, "PackageInfo.running");
  v(p.mainPid, "PackageInfo.mainPid");
}

void fields(auto& v, WireOf<PackageList> auto& m) { v.entries(m.packages, "PackageList.packages", "PackageInfo"); }

void fields(auto& v, WireOf<AppState> auto& m) {
  v(m.packageName, "AppState.packageName");
  v(m.pid, "AppState.pid");
  v.known(m.state, AppRunState::kRunning, "AppState.state");
  v(m.foreground, "AppState.foreground");
}

void fields(auto& v, WireOf<HeapDumpBegin> auto& m) {
  v(m.requestId, "HeapDumpBegin.requestId");
  v(m.pid, "HeapDumpBegin.pid");
  v(m.totalBytes, "HeapDumpBegin.totalBytes");
  v.since(2, m.flags, "HeapDumpBegin.flags");
  v.since(2, m.originalBytes, "HeapDumpBegin.originalBytes", m.totalBytes);  // layout 1 streamed as dumped
}

void fields(auto& v, WireOf<HeapDumpChunk> auto& m) {
  v(m.requestId, "HeapDumpChunk.requestId");
  v(m.offset, "HeapDumpChunk.offset");
  v(m.rawLength, "HeapDumpChunk.rawLength");
  v(m.zlibData, "HeapDumpChunk.zlibData");
}

void fields(auto& v, WireOf<HeapDumpEnd> auto& m) {
  v(m.requestId, "HeapDumpEnd.requestId");
  v(m.totalBytes, "HeapDumpEnd.totalBytes");
  v(m.crc32, "HeapDumpEnd.crc32");
}

void fields(auto& v, WireOf<Error> auto& m) {
  v(m.code, "Error.code");  // unknown codes are kept as numbers
  v(m.requestId, "Error.requestId");
  v(m.message, "Error.message");
}

void fields(auto& v, WireOf<Heartbeat> auto& m) {
  v(m.sequence, "Heartbeat.sequence");
  v(m.monotonicMs, "Heartbeat.monotonicMs");
}

void fields(auto& v, WireOf<FrameGap> auto& m) {
  v(m.packageName, "FrameGap.packageName");
  v(m.scene, "FrameGap.scene");
  v(m.lastSeenVsyncNs, "FrameGap.lastSeenVsyncNs");
  v(m.nextSeenVsyncNs, "FrameGap.nextSeenVsyncNs");
  v(m.maxLostFrames, "FrameGap.maxLostFrames");
}

void fields(auto& v, WireOf<MethodTraceStarted> auto& m) {
  v(m.requestId, "MethodTraceStarted.requestId");
  v(m.pid, "MethodTraceStarted.pid");
  v(m.launchOutput, "MethodTraceStarted.launchOutput");
}

void fields(auto& v, WireOf<MemorySample> auto& m) {
  v(m.monotonicNs, "MemorySample.monotonicNs");
  v(m.pid, "MemorySample.pid");
  v(m.javaHeapKb, "MemorySample.javaHeapKb");
  v(m.nativeHeapKb, "MemorySample.nativeHeapKb");
  v(m.codeKb, "MemorySample.codeKb");
  v(m.stackKb, "MemorySample.stackKb");
  v(m.graphicsKb, "MemorySample.graphicsKb");
  v(m.privateOtherKb, "MemorySample.privateOtherKb");
  v(m.systemKb, "MemorySample.systemKb");
  v(m.totalPssKb, "MemorySample.totalPssKb");
  v(m.totalRssKb, "MemorySample.totalRssKb");
  v(m.totalSwapKb, "MemorySample.totalSwapKb");
  v(m.marks, "MemorySample.marks");
  v(m.source, "MemorySample.source");
}

void fields(auto& v, WireOf<StrictModeReport> auto& m) {
  v(m.logTimeMs, "StrictModeReport.logTimeMs");
  v(m.pid, "StrictModeReport.pid");
  v(m.tid, "StrictModeReport.tid");
  v(m.monotonicNs, "StrictModeReport.monotonicNs");
  // A source a newer agent adds reads as logcat text: the desktop's parser reads both forms alike.
  v.knownOr(m.source, StrictModeSource::kDropBox, StrictModeSource::kLogcat, "StrictModeReport.source");
  v(m.truncated, "StrictModeReport.truncated");
  v(m.text, "StrictModeReport.text");
}

void fields(auto& v, WireOf<SqlOperation> auto& m) {
  v(m.timeText, "SqlOperation.timeText");
  v(m.wallClockMs, "SqlOperation.wallClockMs");
  v(m.monotonicNs, "SqlOperation.monotonicNs");
  v(m.kind, "SqlOperation.kind");
  v(m.durationMs, "SqlOperation.durationMs");
  v(m.status, "SqlOperation.status");
  v(m.sql, "SqlOperation.sql");
}

void fields(auto& v, WireOf<SqlOperations> auto& m) {
  v(m.pid, "SqlOperations.pid");
  v(m.process, "SqlOperations.process");
  v(m.dbPath, "SqlOperations.dbPath");
  v(m.connectionId, "SqlOperations.connectionId");
  v(m.ringRolledOver, "SqlOperations.ringRolledOver");
  // Length-prefixed: a later layout can append per-operation fields (the thread, when known).
  v.entries(m.operations, "SqlOperations.operations", "SqlOperation");
}

void fields(auto& v, WireOf<SqliteLog> auto& m) {
  v(m.logTimeMs, "SqliteLog.logTimeMs");
  v(m.monotonicNs, "SqliteLog.monotonicNs");
  v(m.pid, "SqliteLog.pid");
  v(m.tid, "SqliteLog.tid");
  v(m.message, "SqliteLog.message");
}

}  // namespace mxi::core::protocol
