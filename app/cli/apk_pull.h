// An app's APK files from the device into a directory, with the transfer bar on a terminal: what
// `mxi apk pull` prints and what `mxi apk check --package P` checks (pulled into a scratch
// directory first). Needs core/agentlink (MXI_CLI_HAS_AGENT).
#pragma once

#include <string>
#include <vector>

#include "app/cli/device_options.h"
#include "core/agentlink/app_apks.h"

namespace mxi::cli {

// `device` gets the options given before the command merged in. `quiet`: no bar.
core::StatusOr<std::vector<core::agentlink::PulledApk>> pullAppApks(DeviceOptions& device, const std::string& package,
                                                                    const std::string& directory, bool quiet);

}  // namespace mxi::cli
