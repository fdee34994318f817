#include "sim_run_as.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>

namespace mxi::sim {

namespace {

// bionic's error(3): the program's name, the message, strerror when errno is given.
int fail(const std::string& message, int error = 0) {
  std::fprintf(stderr, "run-as: %s%s%s\n", message.c_str(), error != 0 ? ": " : "",
               error != 0 ? std::strerror(error) : "");
  return 1;
}

}  // namespace

int runAs(const Ctx& c, const std::vector<std::string>& args) {
  if (args.empty()) return fail("usage: run-as <package-name> [--user <uid>] <command> [<args>]\n");
  const std::string& package = args[0];
  size_t command = 1;
  if (args.size() >= 3 && args[1] == "--user") {
    if (std::atoi(args[2].c_str()) < 0) return fail("negative user id: " + std::to_string(std::atoi(args[2].c_str())));
    command = 3;
  }
  const SimApp* app = nullptr;
  for (const SimApp& a : c.device.apps) {
    if (packageOf(a.package) == package && package.find('.') != std::string::npos) {
      app = &a;
      break;
    }
  }
  if (app == nullptr) return fail("unknown package: " + package);
  if (app->user == "system") return fail("package not an application: " + package);
  if (("," + c.config.notDebuggable + ",").find("," + package + ",") != std::string::npos) {
    return fail("package not debuggable: " + package);
  }
  const std::filesystem::path dataDir = std::filesystem::path(c.config.root) / "data" / "data" / package;
  std::error_code ec;
  std::filesystem::create_directories(dataDir, ec);
  if (chdir(dataDir.c_str()) != 0) {
    return fail("couldn't chdir to package's data directory '/data/user/0/" + package + "'", errno);
  }
  setenv("HOME", dataDir.c_str(), 1);
  if (command < args.size()) {
    std::vector<char*> argv;
    for (size_t i = command; i < args.size(); ++i) argv.push_back(const_cast<char*>(args[i].c_str()));
    argv.push_back(nullptr);
    execvp(argv[0], argv.data());
    return fail("exec failed for " + args[command], errno);
  }
  execlp("/bin/sh", "sh", static_cast<char*>(nullptr));
  return fail("exec failed", errno);
}

}  // namespace mxi::sim
