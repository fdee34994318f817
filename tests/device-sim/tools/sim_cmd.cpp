#include "sim_cmd.h"

#include <cstdio>

#include "sim_launch_state.h"

namespace mxi::sim {

namespace {

int resolveActivity(const Ctx& c, const std::vector<std::string>& a) {
  std::string package;
  bool componentsOnly = false;
  for (size_t i = 2; i < a.size(); ++i) {
    if ((a[i] == "-a" || a[i] == "-c" || a[i] == "--user" || a[i] == "-d" || a[i] == "-t") && i + 1 < a.size()) {
      ++i;
    } else if (a[i] == "--components") {
      componentsOnly = true;
    } else if (!a[i].starts_with("-")) {
      package = a[i];
    }
  }
  const SimApp* app = package.find('.') == std::string::npos ? nullptr : findApp(c, package);
  if (app == nullptr) {
    std::printf("No activity found\n");
    return 0;
  }
  if (!componentsOnly) std::printf("priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=false\n");
  std::printf("%s\n", launcherActivityOf(c, *app).c_str());
  return 0;
}

}  // namespace

int cmd(const Ctx& c, const std::vector<std::string>& a) {
  if (a.size() >= 2 && a[0] == "package" && a[1] == "resolve-activity") return resolveActivity(c, a);
  std::fprintf(stderr, "simulated cmd: only package resolve-activity is supported\n");
  return 1;
}

}  // namespace mxi::sim
