// The resumed (foreground) activity in `dumpsys activity activities`, read once for the agent
// (the live scene and AppState.foreground) and the desktop (the app picker's foreground app).
// Releases print it in different lines, each naming "ResumedActivity" (the forms both earlier
// parsers, the agent's and the app picker's, accepted):
//   "    mResumedActivity: ActivityRecord{4c2a1b u0 com.app/.Main t12}"  (older: per stack)
//   "  ResumedActivity: ActivityRecord{5e2c1a7 u0 com.app/.Main t42}"    (per display; also
//                                                                         without the space)
//   "    topResumedActivity=ActivityRecord{7 u0 com.app/com.app.Main t3}" (newer: per task)
// The first line that names a component wins; "mResumedActivity: null" names none.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace mxi::core::devicetext {

// The component as printed ("com.app/.Main", "com.app/com.other.Main"), or nothing when no
// activity is resumed (screen off, lock screen on some releases).
std::optional<std::string> parseResumedActivity(std::string_view dumpsysActivities);

// "com.app/.Main" → "com.app"; empty when `component` has no package part.
std::string_view packageOfComponent(std::string_view component);

}  // namespace mxi::core::devicetext
