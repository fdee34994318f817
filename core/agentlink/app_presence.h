// Whether the app to record is on the device and runs, before anything is recorded: `mxi record`
// and the live view refuse an app that is not installed (naming the installed packages most like
// it) and say at once that an installed one does not run, so nobody records an empty session.
// Launching is what tapping the app's icon does (its launcher activity).
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/agentlink/device_apps.h"

namespace mxi::core::agentlink {

enum class AppPresence { kRunning, kNotRunning, kNotInstalled };

struct AppCheck {
  AppPresence presence = AppPresence::kNotInstalled;
  int pid = 0;                       // kRunning: the main process (0 when only pkg:suffix ones run)
  std::vector<std::string> similar;  // kNotInstalled: the closest installed names, closest first
};

inline constexpr size_t kMostSimilarPackages = 3;

AppCheck checkApp(const std::vector<DeviceApp>& apps, const std::string& package);
// Up to `most` of `installed` like `wanted`: the longest run of characters in common first, then
// the fewest edits; names that share little (less than a third of `wanted`, or of 4 characters)
// are left out. Exposed for tests.
std::vector<std::string> closestPackages(std::string_view wanted, const std::vector<std::string>& installed,
                                         size_t most = kMostSimilarPackages);

// "com.x is not installed on the device (installed packages with similar names: a, b, c)", or
// "(… no installed package has a similar name)".
std::string notInstalledMessage(const std::string& package, const std::vector<std::string>& similar);
// "com.x is installed but not running".
std::string notRunningMessage(const std::string& package);

// What a recording does with an installed app that does not run: refuse (say so and stop), wait
// for it to start, or launch it.
enum class WhenNotRunning { kRefuse, kWait, kLaunch };

// The one rule `mxi record` and the live view follow before recording: the device's apps listed,
// `package` checked, and with kLaunch an app that does not run started (`onLaunch` is told first,
// with notRunningMessage). The caller turns kNotInstalled, and kNotRunning under kRefuse, into
// its own words (notInstalledMessage, notRunningMessage).
StatusOr<AppCheck> prepareApp(adb::AdbDevice& device, const std::string& package, WhenNotRunning how,
                              const adb::IoLimits& limits,
                              const std::function<void(const std::string&)>& onLaunch = nullptr);

// Starts the app's launcher activity and waits until it is drawn: `am start -W -a
// android.intent.action.MAIN -c android.intent.category.LAUNCHER PKG`. `package` must be valid
// (devicetext::isValidPackageName: it reaches a shell). An app without a launcher activity is an
// error naming it.
Status launchApp(adb::AdbDevice& device, const std::string& package, const adb::IoLimits& limits);

}  // namespace mxi::core::agentlink
