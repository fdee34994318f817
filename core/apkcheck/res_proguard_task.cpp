// -checkResProguard (Matrix task 5): whether the resources were obfuscated, as AndResGuard does:
// an `r/` folder, or every res/ folder named with at most three of [a-z_0-9].
#include <regex>
#include <set>

#include "core/apkcheck/apk_tasks.h"

namespace mxi::core::apkcheck {

void resProguardTask(const ApkInputs& in, const TaskParams&, TaskResult& out) {
  std::set<std::string> resFolders;
  bool hasR = false;
  for (const ApkEntry& e : in.package->entries()) {
    if (e.name().starts_with("r/")) hasR = true;
    if (e.name().starts_with("res/")) {
      const size_t slash = e.name().find('/', 4);
      if (slash != std::string::npos) resFolders.insert(e.name().substr(4, slash - 4));
    }
  }
  static const std::regex kShort("[a-z_0-9]{1,3}");
  bool obfuscated = hasR;
  std::string why = "an r/ folder (AndResGuard)";
  if (!hasR) {
    obfuscated = !resFolders.empty();
    why = "every res/ folder has a name of at most 3 characters";
    for (const std::string& folder : resFolders) {
      if (!std::regex_match(folder, kShort)) {
        obfuscated = false;
        why = "res/" + folder + "/ has its plain name";
        break;
      }
    }
    if (resFolders.empty()) why = "no res/ or r/ folder";
  }
  out.fields["hasResProguard"] = obfuscated;
  out.verdict = std::string(obfuscated ? "resources obfuscated: " : "resources not obfuscated: ") + why;
}

}  // namespace mxi::core::apkcheck
