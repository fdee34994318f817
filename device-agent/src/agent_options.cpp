#include "device-agent/src/agent_options.h"

#include <cstdlib>
#include <string_view>

#include "core/base/text_lines.h"

namespace mxi::agent {

using namespace core::text;

bool isValidToken(const std::string& token) {
  if (token.size() < 8 || token.size() > 64) return false;
  for (char c : token) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    if (!ok) return false;
  }
  return true;
}

const char* agentUsage() {
  return "usage: mxi-agent --token TOKEN [--tool-dir DIR] [--data-dir DIR] [--idle-timeout SECONDS]\n"
         "                 [--heap-stable-ms MS] [--proc-dir DIR] [--delete-self]\n"
         "       mxi-agent --version\n"
         "Serves one Matrix Inspector client on the abstract unix socket mxi_<TOKEN>.\n"
         "  --tool-dir DIR        where dumpsys, logcat, am, ps, getprop live (default /system/bin;\n"
         "                        env MXI_AGENT_TOOL_DIR)\n"
         "  --data-dir DIR        the only directory written to (heap dumps; default /data/local/tmp/mxi)\n"
         "  --idle-timeout S      exit after S seconds without a client (default 60)\n"
         "  --heap-stable-ms MS   a heap dump is complete when its size is unchanged this long (1000)\n"
         "  --proc-dir DIR        where <pid>/smaps_rollup is read when meminfo cannot be (default /proc)\n"
         "  --delete-self         remove the agent binary when exiting\n";
}

core::StatusOr<AgentOptions> parseAgentOptions(int argc, char** argv) {
  AgentOptions o;
  if (const char* env = std::getenv("MXI_AGENT_TOOL_DIR")) o.toolDir = env;
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    auto value = [&](const char* name) -> core::StatusOr<std::string> {
      if (i + 1 >= argc) return core::invalidInput(std::string(name) + " needs a value");
      return std::string(argv[++i]);
    };
    auto number = [&](const char* name, int64_t lo, int64_t hi) -> core::StatusOr<int64_t> {
      ASSIGN_OR_RETURN(const std::string v, value(name));
      const auto n = parseInt(v);
      if (!n || *n < lo || *n > hi) return core::invalidInput(std::string(name) + ": not a number in range: " + v);
      return *n;
    };
    if (a == "--version") {
      o.showVersion = true;
    } else if (a == "--help" || a == "-h") {
      o.showHelp = true;
    } else if (a == "--token") {
      ASSIGN_OR_RETURN(o.token, value("--token"));
    } else if (a == "--tool-dir") {
      ASSIGN_OR_RETURN(o.toolDir, value("--tool-dir"));
    } else if (a == "--data-dir") {
      ASSIGN_OR_RETURN(o.dataDir, value("--data-dir"));
    } else if (a == "--idle-timeout") {
      ASSIGN_OR_RETURN(const int64_t s, number("--idle-timeout", 1, 86400));
      o.idleTimeoutMs = static_cast<int>(s * 1000);
    } else if (a == "--heap-stable-ms") {
      ASSIGN_OR_RETURN(const int64_t ms, number("--heap-stable-ms", 10, 60000));
      o.heapStableMs = static_cast<int>(ms);
    } else if (a == "--proc-dir") {
      ASSIGN_OR_RETURN(o.procDir, value("--proc-dir"));
    } else if (a == "--delete-self") {
      o.deleteSelf = true;
    } else {
      return core::invalidInput("unknown argument: " + std::string(a));
    }
  }
  if (o.showVersion || o.showHelp) return o;
  if (!isValidToken(o.token)) return core::invalidInput("--token must be 8..64 characters of [A-Za-z0-9_-]");
  if (o.toolDir.empty() || o.toolDir[0] != '/') return core::invalidInput("--tool-dir must be an absolute path");
  if (o.dataDir.empty() || o.dataDir[0] != '/') return core::invalidInput("--data-dir must be an absolute path");
  if (o.procDir.empty() || o.procDir[0] != '/') return core::invalidInput("--proc-dir must be an absolute path");
  return o;
}

}  // namespace mxi::agent
