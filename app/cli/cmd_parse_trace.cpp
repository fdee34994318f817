// `mxi parse trace FILE`: an ART/Dalvik method trace (Debug.startMethodTracing, `am profile`,
// `am start --start-profiler`, Android Studio's recordings) read and judged like Matrix would: its
// threads, the main thread's slowest Looper dispatches, and the evil-method, startup and
// main-thread IO issues they make.
#include <cstdio>

#include "app/cli/commands.h"
#include "app/cli/issue_text.h"
#include "app/cli/mapping_option.h"
#include "app/cli/text_input.h"
#include "core/hprof/dump_source.h"
#include "core/methodtrace/method_trace.h"
#include "core/methodtrace/method_trace_json.h"
#include "core/methodtrace/method_trace_tree.h"
#include "core/methodtrace/method_trace_verdicts.h"

namespace mxi::cli {

namespace matrix = core::matrix;
namespace methodtrace = core::methodtrace;

namespace {

std::string ms(uint64_t us) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f ms", static_cast<double>(us) / 1000.0);
  return buf;
}

void printText(const methodtrace::MethodTrace& t, const methodtrace::MethodTraceReport& report, size_t maxDispatches) {
  std::printf("%s trace, version %d%s, %s clock%s, pid %s, %s, %llu events, %zu methods, %zu threads\n",
              t.vm.empty() ? "method" : t.vm.c_str(), t.version, t.streaming ? " (streaming)" : "",
              std::string(methodtrace::traceClockName(t.clock)).c_str(),
              t.overflow ? ", BUFFER OVERFLOWED (calls missing)" : "", t.pid ? std::to_string(*t.pid).c_str() : "?",
              ms(t.elapsedTimeUs).c_str(), static_cast<unsigned long long>(t.records), t.methods.size(),
              t.threads.size());
  std::vector<const methodtrace::TraceThread*> busiest;
  for (const auto& th : t.threads) busiest.push_back(&th);
  std::stable_sort(busiest.begin(), busiest.end(), [](auto* a, auto* b) { return a->records > b->records; });
  std::printf("\nthreads by events:\n");
  for (size_t i = 0; i < busiest.size() && i < 10; ++i) {
    std::printf("  %6u  %-40s %10llu events\n", busiest[i]->id, busiest[i]->name.c_str(),
                static_cast<unsigned long long>(busiest[i]->records));
  }
  if (busiest.size() > 10) std::printf("  … %zu more\n", busiest.size() - 10);
  if (!report.mainThread) {
    std::printf("\nno main thread found (no thread has the pid's id, is named \"main\" or is thread 1)\n");
    return;
  }
  const methodtrace::TraceThread& main = t.threads[*report.mainThread];
  std::vector<const methodtrace::LooperDispatch*> slowest;
  for (const auto& d : report.dispatches) slowest.push_back(&d);
  std::stable_sort(slowest.begin(), slowest.end(), [](auto* a, auto* b) { return a->wallUs > b->wallUs; });
  std::printf("\nmain thread %u \"%s\": %zu Looper dispatches; the slowest:\n", main.id, main.name.c_str(),
              report.dispatches.size());
  for (size_t i = 0; i < slowest.size() && i < maxDispatches; ++i) {
    const auto& d = *slowest[i];
    std::printf("  at %10s  %10s wall  %10s cpu  %s\n", ms(d.startUs).c_str(), ms(d.wallUs).c_str(),
                t.hasCpuClock() ? ms(d.cpuUs).c_str() : "-", d.target.c_str());
  }
  std::printf("\n");
  for (size_t k = 0; k < report.issues.size(); ++k) std::printf("%s\n", issueText(report.issues[k], k).c_str());
  std::printf("%zu issue(s)\n", report.issues.size());
}

}  // namespace

void registerParseTrace(CLI::App& parent, int& exitCode) {
  auto* cmd = parent.add_subcommand(
      "trace",
      "ART/Dalvik method trace (.trace from am profile, --start-profiler, Debug.startMethodTracing): threads, the main "
      "thread's slowest Looper dispatches, evil-method, startup and main-thread IO issues");
  struct Args {
    std::string file, process;
    std::vector<std::string> mappings;
    int64_t thresholdMs = 700;
    size_t dispatches = 10;
    OutputFormat format = OutputFormat::kText;
  };
  auto args = std::make_shared<Args>();
  cmd->add_option("FILE", args->file, "Method trace (classic or streaming, plain or gzip), or - for stdin")->required();
  cmd->add_option("--threshold", args->thresholdMs, "Evil-method threshold: dispatches this slow become issues (ms)")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  addMappingOption(*cmd, args->mappings, "classes and methods");
  cmd->add_option("--proguard", args->mappings, "Same as --mapping (kept for scripts written before it)");
  cmd->add_option("--process", args->process, "Process name for the issues (default: the trace's pid)");
  cmd->add_option("--dispatches", args->dispatches, "How many of the slowest dispatches to list")
      ->capture_default_str();
  addFormatOption(*cmd, args->format);
  setCommandBody(*cmd, exitCode, "parse trace", [args]() -> CommandResult {
    // A file is mapped (and inflated first when gzip-compressed); the pages the reader is done
    // with are released, so memory follows the calls rebuilt rather than the file's size.
    std::string piped;
    std::shared_ptr<core::hprof::DumpSource> mapped;
    std::string_view bytes;
    if (args->file == "-") {
      ASSIGN_OR_RETURN(piped, readTextInput(args->file));
      bytes = piped;
    } else {
      core::NullProgress progress;
      ASSIGN_OR_RETURN(mapped, about(args->file, core::hprof::openDump(args->file, {}, progress, core::CancelToken())));
      bytes = std::string_view(reinterpret_cast<const char*>(mapped->bytes().data()), mapped->bytes().size());
    }
    auto release = [&](uint64_t upTo) {
      if (mapped) mapped->release(0, upTo);
    };
    ASSIGN_OR_RETURN(const MappingInputs mappings, loadMappings(args->mappings));
    if (mappings.methodMapping) {
      return about(mappings.methodMappingPaths.front(),
                   core::invalidInput("a methodMapping.txt names Matrix method ids, but a method trace names its "
                                      "methods itself; give the build's R8/ProGuard mapping.txt"));
    }
    ASSIGN_OR_RETURN(auto read, about(args->file, methodtrace::readMethodTrace(bytes, release)));
    mapped.reset();
    if (mappings.r8) methodtrace::deobfuscate(read.trace, *mappings.r8);
    methodtrace::MethodTraceOptions options;
    options.evilMethodMs = args->thresholdMs;
    options.process = args->process;
    const methodtrace::MethodTraceReport report = methodtrace::judgeMethodTrace(read.trace, options);
    if (args->format == OutputFormat::kJson) {
      nlohmann::ordered_json j = methodtrace::methodTraceToJson(read.trace, report, read.error, args->dispatches);
      if (!args->mappings.empty()) j["mappings"] = mappingsToJson(mappings);
      printJson(j);
    } else {
      printText(read.trace, report, args->dispatches);
    }
    if (read.error) {
      // What was read is shown above; the damage is reported and makes the exit code say so.
      std::fprintf(stderr, "mxi: parse trace: %s: %s\n", args->file.c_str(), read.error->toString().c_str());
      return static_cast<int>(ExitCode::kBadInput);
    }
    return 0;
  });
}

}  // namespace mxi::cli
