// Every `mxi` command, one registrar per file (app/cli/cmd_*.cpp).
#pragma once

#include "app/cli/cli_common.h"

namespace mxi::cli {

void registerInfoCommand(CLI::App& root, int& exitCode);       // cmd_info.cpp
void registerHistogramCommand(CLI::App& root, int& exitCode);  // cmd_histogram.cpp

}  // namespace mxi::cli
