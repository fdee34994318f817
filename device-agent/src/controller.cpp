#include "device-agent/src/controller.h"

#include <algorithm>

#include "core/devicetext/app_list.h"
#include "device-agent/src/heap_dumper.h"
#include "device-agent/src/validation.h"

namespace mxi::agent {

namespace proto = core::protocol;
using core::devicetext::joinPackagesWithProcesses;
using core::devicetext::parsePmListPackages;
using namespace std::chrono_literals;

Controller::Controller(const AgentOptions& options, const ToolBox& tools, DeviceProfile& device, ClientConnection& link,
                       CollectorScheduler& collection)
    : m_options(options), m_tools(tools), m_device(device), m_link(link), m_collection(collection) {}

void Controller::handle(const proto::Message& message) {
  if (const auto* start = std::get_if<proto::StartCollecting>(&message)) {
    startCollecting(*start);
  } else if (std::holds_alternative<proto::StopCollecting>(message)) {
    m_collection.stop();
  } else if (const auto* dump = std::get_if<proto::HeapDumpRequest>(&message)) {
    dumpHeap(*dump);
  } else if (const auto* trace = std::get_if<proto::MethodTraceRequest>(&message)) {
    startMethodTrace(*trace);
  } else if (std::holds_alternative<proto::ProcessListRequest>(message)) {
    m_collection.refreshProcesses();
    send(proto::ProcessList{m_collection.app().foregroundPackage(), m_collection.app().processes()});
  } else if (const auto* packages = std::get_if<proto::PackageListRequest>(&message)) {
    sendPackageList(*packages);
  }
  // Heartbeats, a repeated Hello and unknown types need no answer.
}

void Controller::tick(Clock::time_point now) {
  if (m_tracer.busy() && now >= m_tracer.stopAt()) finishMethodTrace();
}

void Controller::startCollecting(const proto::StartCollecting& start) {
  if (!isValidPackageName(start.packageName)) {
    m_link.sendError(proto::ErrorCode::kInvalidPackage,
                     "invalid package name (expected [A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z0-9_]+)+)");
    return;
  }
  m_collection.start(start);
}

int32_t Controller::processOf(const std::string& package, int32_t wanted) {
  m_collection.refreshProcesses();
  return m_collection.app().processOf(package, wanted);
}

void Controller::dumpHeap(const proto::HeapDumpRequest& request) {
  if (!isValidPackageName(request.packageName)) {
    m_link.sendError(proto::ErrorCode::kInvalidPackage, "invalid package name", request.requestId);
    return;
  }
  // Only pids of the named package, as ps reports them, ever reach `am`.
  const int32_t pid = processOf(request.packageName, request.pid);
  if (pid == 0) {
    m_link.sendError(proto::ErrorCode::kNotRunning, request.packageName + " has no such running process",
                     request.requestId);
    return;
  }
  HeapDumpJob job;
  job.requestId = request.requestId;
  job.pid = pid;
  job.gcFirst = (request.flags & proto::kHeapDumpGcFirst) != 0;
  // A format the device cannot dump is dropped; HeapDumpBegin.flags tells the client.
  if (m_device.get().sdkLevel >= kMinSdkForBitmapDump) job.bitmaps = proto::bitmapFormatOf(request.flags);
  job.shrink = (request.flags & proto::kHeapDumpShrinkOnDevice) != 0;
  job.dataDir = m_options.dataDir;
  job.stableMs = m_options.heapStableMs;
  core::Status s = runHeapDump(m_tools, job, [this](const proto::Message& m) { return send(m); });
  if (!s.ok() && s.code() != core::StatusCode::kCancelled) {
    m_link.sendError(proto::ErrorCode::kHeapDumpFailed, s.toString(), request.requestId);
  } else if (s.ok() && pid == m_collection.app().mainPid()) {
    m_collection.markNextSample(proto::kSampleHeapDumped);
  }
}

void Controller::startMethodTrace(const proto::MethodTraceRequest& request) {
  if (!isValidPackageName(request.packageName) ||
      (!request.component.empty() && request.component.rfind(request.packageName + "/", 0) != 0)) {
    m_link.sendError(proto::ErrorCode::kInvalidPackage, "invalid package or component name", request.requestId);
    return;
  }
  if (!request.component.empty() && !isValidComponentName(request.component)) {
    m_link.sendError(proto::ErrorCode::kInvalidPackage, "invalid component name", request.requestId);
    return;
  }
  if (m_tracer.busy()) {
    m_link.sendError(proto::ErrorCode::kBadRequest, "a method trace is already running", request.requestId);
    return;
  }
  MethodTraceJob job;
  job.requestId = request.requestId;
  job.packageName = request.packageName;
  job.duration = std::chrono::milliseconds(std::clamp<uint32_t>(request.durationMs, 100, 10 * 60 * 1000));
  job.samplingUs = request.samplingUs;
  job.flags = request.flags;
  job.component = request.component;
  job.dataDir = m_options.dataDir;
  job.stableMs = m_options.heapStableMs;
  if ((request.flags & proto::kMethodTraceLaunch) == 0) {
    job.pid = processOf(request.packageName, request.pid);
    if (job.pid == 0) {
      m_link.sendError(proto::ErrorCode::kNotRunning, request.packageName + " has no such running process",
                       request.requestId);
      return;
    }
  }
  m_traceRequestId = request.requestId;
  const std::string package = request.packageName;
  core::Status s = m_tracer.start(
      std::move(job), [this, package] { return processOf(package, 0); },
      [this](const proto::Message& m) { return send(m); });
  if (!s.ok() && s.code() != core::StatusCode::kCancelled) {
    m_link.sendError(proto::ErrorCode::kMethodTraceFailed, s.message(), request.requestId);
  }
}

void Controller::finishMethodTrace() {
  core::Status s = m_tracer.finish([this](const proto::Message& m) { return send(m); });
  if (!s.ok() && s.code() != core::StatusCode::kCancelled) {
    m_link.sendError(proto::ErrorCode::kMethodTraceFailed, s.toString(), m_traceRequestId);
  }
}

void Controller::sendPackageList(const proto::PackageListRequest& request) {
  // Fixed arguments: the flags only choose whether `-3` is added.
  std::vector<std::string> args = {"list", "packages"};
  if (request.flags & proto::kThirdPartyPackagesOnly) args.push_back("-3");
  auto pm = m_tools.run(Tool::kPm, args, 30s);
  if (!pm.ok() || pm->exitCode != 0) {
    m_link.sendError(
        proto::ErrorCode::kToolFailed,
        pm.ok() ? "pm list packages failed (exit " + std::to_string(pm->exitCode) + ")" : pm.status().toString());
    return;
  }
  m_collection.refreshProcesses();
  send(proto::PackageList{joinPackagesWithProcesses(parsePmListPackages(pm->output), m_collection.app().processes())});
}

}  // namespace mxi::agent
