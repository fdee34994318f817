// What the simulated system knows of each app's activity between tool calls (am start, input,
// dumpsys activity/gfxinfo each run as their own process): whether its launcher activity lives
// and in which process, which launch of the app this is (per state too, for the seeded times),
// the first frame of its last launch and when its framestats were last reset; and which app is
// in front. Kept in <state>/launches/ (one file per package, written whole and renamed, as
// sim_processes.h does) and <state>/launches/front.
#pragma once

#include <cstdint>
#include <string>

#include "sim_context.h"

namespace mxi::sim {

// Android's activity lifecycle as far as launches tell them apart.
enum class ActivityLife : uint8_t {
  kNone,     // no activity (never launched, finished, or its process died): a launch creates it
  kResumed,  // in front
  kStopped,  // in the background, alive (HOME, BACK on Android 12+): a launch brings it back
};

struct AppLaunchState {
  ActivityLife activity = ActivityLife::kNone;
  int activityPid = 0;                  // the process the activity lives in; another pid means it died with it
  int64_t launches = 0;                 // every `am start` of the app, 1-based when counted
  int64_t cold = 0, warm = 0, hot = 0;  // launches per state (each state's own counter)
  int64_t firstFrameVsyncNs = 0;        // the last launch's first frame (CLOCK_MONOTONIC), 0: none
  int64_t firstFrameCompletedNs = 0;
  int64_t framesResetNs = 0;  // `dumpsys gfxinfo PKG reset`: older frames are not listed
};

// The state of `app` (its package's). Without a file: the replayed foreground app's activity is
// resumed in its process, every other app has none.
AppLaunchState readLaunchState(const Ctx& c, const SimApp& app);
void writeLaunchState(const SimConfig& config, const std::string& package, const AppLaunchState& state);

inline constexpr const char* kLauncher = "com.android.launcher3";
inline constexpr const char* kLauncherActivity = "com.android.launcher3/.uioverrides.QuickstepLauncher";

// The package in front: an app, kLauncher, or "" when no launch or key has moved anything (then
// the replayed foreground app is in front while it runs, as before launches existed).
std::string frontPackage(const SimConfig& config);
void setFrontPackage(const SimConfig& config, const std::string& package);

// The activity `app` launches, as flattenToShortString writes it ("pkg/.Main"): the demo's
// DemoActivity (its APK's launchable activity), a replayed app's first window, else
// "pkg/.MainActivity".
std::string launcherActivityOf(const Ctx& c, const SimApp& app);
// "pkg/.Main" → "pkg/pkg.Main" (ComponentName's full form, as ComponentInfo{…} and
// am_proc_start's hosting name print it).
std::string fullComponent(const std::string& shortComponent);
// The reverse, flattenToShortString: "pkg/pkg.Main" → "pkg/.Main" (other forms unchanged).
std::string shortComponent(const std::string& component);

}  // namespace mxi::sim
