#include "core/base/status.h"

#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

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

// Move-only values are moved out of the StatusOr, into `auto` and into an existing variable.
StatusOr<std::unique_ptr<int>> boxed(int v) {
  if (v < 0) return notFound("no box for " + std::to_string(v));
  return std::make_unique<int>(v);
}

StatusOr<int> unbox(int v) {
  ASSIGN_OR_RETURN(auto box, boxed(v));
  std::unique_ptr<int> again;
  ASSIGN_OR_RETURN(again, boxed(*box + 1));
  return *box + *again;
}

TEST(StatusTest, AssignOrReturnMovesMoveOnlyValues) {
  EXPECT_EQ(*unbox(20), 41);
  EXPECT_EQ(unbox(-5).status().message(), "no box for -5");
  EXPECT_EQ(unbox(-1).status().message(), "no box for -1");
}

// `const auto&` binds the value inside the macro's temporary, which lives to the end of the scope.
StatusOr<size_t> totalLength(const std::vector<std::string>& words) {
  size_t total = 0;
  for (const std::string& w : words) {
    ASSIGN_OR_RETURN(const auto& checked,
                     w.empty() ? StatusOr<std::string>(invalidInput("empty word")) : StatusOr<std::string>(w + w));
    total += checked.size();
  }
  return total;
}

TEST(StatusTest, AssignOrReturnBindsAConstReference) {
  EXPECT_EQ(*totalLength({"ab", "cde"}), 10u);
  EXPECT_EQ(totalLength({"ab", "", "x"}).status().code(), StatusCode::kInvalidInput);
}

Status twice(int v, int& out) {
  RETURN_IF_ERROR(useIt(v, out));
  RETURN_IF_ERROR(useIt(v * 2, out));
  return okStatus();
}

// A RETURN_IF_ERROR inside a lambda given to another (a transaction body) compiles without
// shadowing under -Wshadow, and each returns from its own function.
Status inTransaction(const std::function<Status()>& body) { return body(); }

Status nested(int v, int& out) {
  RETURN_IF_ERROR(inTransaction([&]() -> Status {
    RETURN_IF_ERROR(useIt(v, out));
    ASSIGN_OR_RETURN(const int doubled, parsePositive(v * 2));
    out = doubled;
    return okStatus();
  }));
  return okStatus();
}

TEST(StatusTest, ReturnIfErrorNestsInALambda) {
  int out = 0;
  EXPECT_TRUE(nested(4, out).ok());
  EXPECT_EQ(out, 8);
  EXPECT_EQ(nested(-2, out).code(), StatusCode::kInvalidInput);
}

TEST(StatusTest, ReturnIfErrorStopsAtTheFirstFailure) {
  int out = 0;
  EXPECT_TRUE(twice(3, out).ok());
  EXPECT_EQ(out, 6);
  EXPECT_EQ(twice(0, out).code(), StatusCode::kInvalidInput);
  EXPECT_EQ(out, 6);
}

TEST(StatusTest, WithContextNamesTheFailureAndPassesAValue) {
  const StatusOr<int> failed = withContext(parsePositive(0), "a.hprof");
  EXPECT_EQ(failed.status().toString(), "a.hprof: not positive (at byte offset 42)");
  EXPECT_EQ(failed.status().code(), StatusCode::kInvalidInput);
  const StatusOr<int> passed = withContext(parsePositive(5), "a.hprof");
  ASSERT_TRUE(passed.ok());
  EXPECT_EQ(*passed, 5);
  const StatusOr<std::unique_ptr<int>> moved = withContext(boxed(9), "box");
  ASSERT_TRUE(moved.ok());
  EXPECT_EQ(**moved, 9);
}

}  // namespace
}  // namespace mxi::core
