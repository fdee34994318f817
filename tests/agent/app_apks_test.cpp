// `pm path`'s answer as core/agentlink/app_apks.h reads it: the `package:` lines in their order.
#include <gtest/gtest.h>

#include "core/agentlink/app_apks.h"

namespace mxi::core::agentlink {
namespace {

TEST(PmPathTest, BaseThenSplitsInTheirOrder) {
  EXPECT_EQ(parsePmPath("package:/data/app/~~a==/com.x-b==/base.apk\n"
                        "package:/data/app/~~a==/com.x-b==/split_config.arm64_v8a.apk\n"
                        "package:/data/app/~~a==/com.x-b==/split_config.xxhdpi.apk\n"),
            (std::vector<std::string>{"/data/app/~~a==/com.x-b==/base.apk",
                                      "/data/app/~~a==/com.x-b==/split_config.arm64_v8a.apk",
                                      "/data/app/~~a==/com.x-b==/split_config.xxhdpi.apk"}));
}

TEST(PmPathTest, CarriageReturnsOfAPtyAndOtherLinesAreLeftOut) {
  EXPECT_EQ(parsePmPath("WARNING: linker: something\r\npackage:/system/app/Settings/Settings.apk\r\npackage:\r\n"),
            (std::vector<std::string>{"/system/app/Settings/Settings.apk"}));
}

TEST(PmPathTest, NothingForAnUnknownApp) { EXPECT_TRUE(parsePmPath("").empty()); }

}  // namespace
}  // namespace mxi::core::agentlink
