// The recorder's request queue: marks in order, transfers one by one in order, and a transfer of
// the app's process waits for it to run unless it is a traced cold launch (which starts it).
#include <gtest/gtest.h>

#include <thread>

#include "core/agentlink/request_queue.h"

namespace mxi::core::agentlink {
namespace {

HeapDumpOrder dump(std::string path) {
  HeapDumpOrder order;
  order.path = std::move(path);
  return order;
}

TEST(RequestQueueTest, MarksComeOutOnceInTheOrderTheyWereMade) {
  RequestQueue queue;
  std::thread other([&] { queue.addMark("from another thread"); });
  other.join();
  queue.addMark("second");
  EXPECT_EQ(queue.takeMarks(), (std::vector<std::string>{"from another thread", "second"}));
  EXPECT_TRUE(queue.takeMarks().empty());
}

TEST(RequestQueueTest, ATransferWaitsForTheAppUnlessItLaunchesIt) {
  RequestQueue queue;
  queue.addTransfer(dump("a.hprof"));
  queue.addTransfer(dump("b.hprof"));
  EXPECT_FALSE(queue.takeTransfer(false));  // the app does not run: a dump of it waits
  auto first = queue.takeTransfer(true);
  ASSERT_TRUE(first);
  EXPECT_EQ(first->path, "a.hprof");
  queue.putBack(std::move(*first));  // another transfer went first
  EXPECT_EQ(queue.takeTransfer(true)->path, "a.hprof");
  EXPECT_EQ(queue.takeTransfer(true)->path, "b.hprof");
  EXPECT_FALSE(queue.takeTransfer(true));

  HeapDumpOrder launch = dump("launch.trace");
  launch.methodTrace = MethodTraceOrder{};
  launch.methodTrace->launch = true;
  queue.addTransfer(launch);
  EXPECT_EQ(queue.takeTransfer(false)->path, "launch.trace");
  HeapDumpOrder trace = dump("running.trace");
  trace.methodTrace = MethodTraceOrder{};
  queue.addTransfer(trace);
  EXPECT_FALSE(queue.takeTransfer(false));  // a trace of the running app waits for it
}

}  // namespace
}  // namespace mxi::core::agentlink
