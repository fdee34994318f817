#include "core/base/status.h"

#include <gtest/gtest.h>

namespace mxi::core {
namespace {

StatusOr<int> parsePositive(int v) {
  if (v <= 0) return invalidInput("not positive", 42);
  return v;
}

Status useIt(int v, int& out) {
  ASSIGN_OR_RETURN(out, parsePositive(v));
  return okStatus();
}

TEST(StatusTest, OkByDefault) {
  Status s;
  EXPECT_TRUE(s.ok());
  EXPECT_EQ(s.toString(), "ok");
}

TEST(StatusTest, ErrorCarriesOffsetAndContext) {
  Status s = invalidInput("bad tag 0x77", 1234).withContext("reading a.hprof");
  EXPECT_FALSE(s.ok());
  EXPECT_EQ(s.code(), StatusCode::kInvalidInput);
  EXPECT_EQ(s.offset(), 1234u);
  EXPECT_EQ(s.toString(), "reading a.hprof: bad tag 0x77 (at byte offset 1234)");
}

TEST(StatusTest, AssignOrReturnPropagates) {
  int out = 0;
  EXPECT_TRUE(useIt(7, out).ok());
  EXPECT_EQ(out, 7);
  Status s = useIt(-1, out);
  EXPECT_EQ(s.code(), StatusCode::kInvalidInput);
  EXPECT_EQ(s.offset(), 42u);
  EXPECT_EQ(out, 7);
}

}  // namespace
}  // namespace mxi::core
