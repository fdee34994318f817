#include <gtest/gtest.h>

#include "device-agent/src/agent_options.h"
#include "device-agent/src/validation.h"

namespace mxi::agent {
namespace {

TEST(AgentValidation, PackageNames) {
  for (const char* ok :
       {"com.example.app", "a.b", "mobi.mangatoon.comics.aphone.portuguese", "A_1.b_2.C3", "com.example.app_1"}) {
    EXPECT_TRUE(isValidPackageName(ok)) << ok;
  }
  for (const char* bad :
       {"", "com", "1com.example", "com..example", "com.example.", ".com.example", "com.example;rm -rf /",
        "com.example app", "com/example", "com.example\n", "-c.x", "com.exa$mple", "com.example:remote"}) {
    EXPECT_FALSE(isValidPackageName(bad)) << bad;
  }
  EXPECT_FALSE(isValidPackageName("a." + std::string(260, 'b')));
}

TEST(AgentValidation, Pids) {
  EXPECT_EQ(parsePid("1"), 1);
  EXPECT_EQ(parsePid("4194304"), 4194304);
  EXPECT_EQ(parsePid("4194305"), std::nullopt);
  EXPECT_EQ(parsePid("0"), std::nullopt);
  EXPECT_EQ(parsePid("-1"), std::nullopt);
  EXPECT_EQ(parsePid("12a"), std::nullopt);
  EXPECT_EQ(parsePid(""), std::nullopt);
  EXPECT_EQ(parsePid("1 2"), std::nullopt);
}

TEST(AgentOptionsTest, TokenAndPathsAreChecked) {
  EXPECT_TRUE(isValidToken("abcdEFGH_1-2"));
  EXPECT_FALSE(isValidToken("short"));
  EXPECT_FALSE(isValidToken("has space x"));
  EXPECT_FALSE(isValidToken(std::string(65, 'a')));
  const char* good[] = {"mxi-agent", "--token", "abcdefgh", "--tool-dir", "/sim/bin", "--idle-timeout", "5"};
  auto o = parseAgentOptions(7, const_cast<char**>(good));
  ASSERT_TRUE(o.ok()) << o.status().toString();
  EXPECT_EQ(o->toolDir, "/sim/bin");
  EXPECT_EQ(o->idleTimeoutMs, 5000);
  const char* relative[] = {"mxi-agent", "--token", "abcdefgh", "--data-dir", "tmp"};
  EXPECT_EQ(parseAgentOptions(5, const_cast<char**>(relative)).status().toString(),
            "--data-dir must be an absolute path");
  const char* unknown[] = {"mxi-agent", "--exec", "sh"};
  EXPECT_EQ(parseAgentOptions(3, const_cast<char**>(unknown)).status().toString(), "unknown argument: --exec");
}

}  // namespace
}  // namespace mxi::agent
