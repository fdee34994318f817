// The agent's StrictMode report assembler (device-agent/src/strictmode_assembler.h): logcat lines of one
// report travel together in the text they came in, a report the log cut is closed at a quiet
// moment and marked truncated, and DropBox entries count from the collection's first read.
#include "device-agent/src/strictmode_assembler.h"

#include <gtest/gtest.h>

namespace mxi::agent {
namespace {

namespace proto = core::protocol;

// Feeds `lines` (each a logcat line) as the agent's follower would.
void feed(StrictModeAssembler& c, const std::vector<std::string>& lines) {
  for (const std::string& l : lines) {
    const auto line = parseLogLine(l);
    ASSERT_TRUE(line.has_value()) << l;
    c.logLine(l, *line);
  }
}

const std::vector<std::string> kRead = {
    "1764150000.100  4242  4242 D StrictMode: StrictMode policy violation; ~duration=87 ms: "
    "android.os.strictmode.DiskReadViolation",
    "1764150000.100  4242  4242 D StrictMode: \tat android.os.StrictMode$AndroidBlockGuardPolicy.onReadFromDisk("
    "StrictMode.java:1596)",
    "1764150000.100  4242  4242 D StrictMode: \tat a.b.Catalog.read(Catalog.java:63)",
    "1764150000.100  4242  4242 D StrictMode: \tat com.android.internal.os.ZygoteInit.main(ZygoteInit.java:947)",
};
const std::vector<std::string> kLeakHead = {
    "1764150000.140  4242  4256 D StrictMode: StrictMode policy violation: "
    "android.os.strictmode.LeakedClosableViolation: A resource was acquired at attached stack trace but never "
    "released. See java.io.Closeable for information on avoiding resource leaks.",
    "1764150000.140  4242  4256 D StrictMode: \tat dalvik.system.CloseGuard.warnIfOpen(CloseGuard.java:264)",
};

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

TEST(StrictModeAssemblerTest, EachReportIsSentWithItsOwnLinesAndACutOneAtTheQuietMoment) {
  StrictModeAssembler c;
  feed(c, kRead);
  EXPECT_TRUE(c.take().empty()) << "open until a line that does not continue it";
  feed(c, kLeakHead);
  std::vector<proto::StrictModeReport> got = c.take();
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].text, joined(kRead));
  EXPECT_EQ(got[0].logTimeMs, 1764150000100u);
  EXPECT_EQ(got[0].pid, 4242);
  EXPECT_EQ(got[0].tid, 4242);
  EXPECT_EQ(got[0].source, proto::StrictModeSource::kLogcat);
  EXPECT_FALSE(got[0].truncated);
  c.flush();  // the log went quiet mid-stack: what came is the report, cut
  got = c.take();
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].text, joined(kLeakHead));
  EXPECT_EQ(got[0].logTimeMs, 1764150000140u);
  EXPECT_EQ(got[0].tid, 4256);
  EXPECT_TRUE(got[0].truncated);
  c.flush();
  EXPECT_TRUE(c.take().empty()) << "each report once";
}

TEST(StrictModeAssemblerTest, DropBoxEntriesOfThePackageWrittenAfterTheFirstRead) {
  auto entry = [](const std::string& when, const std::string& process) {
    return "========================================\n" + when + " data_app_strictmode (text, 300 bytes)\n" +
           "Process: " + process +
           "\nPID: 4242\nSystem-App: false\nUptime-Millis: 4538211\nDuration-Millis: 24\n\n"
           "android.os.strictmode.DiskWriteViolation\n"
           "\tat android.os.StrictMode$AndroidBlockGuardPolicy.onWriteToDisk(StrictMode.java:1568)\n"
           "\tat a.b.Settings.save(Settings.java:77)\n"
           "\tat com.android.internal.os.ZygoteInit.main(ZygoteInit.java:947)\n\n";
  };
  StrictModeAssembler c;
  const std::string before = entry("2026-01-01 00:00:01", "a.b");
  EXPECT_TRUE(c.dropBox(before, "a.b").empty()) << "the first read notes what was there";
  const std::string later = before + entry("2026-01-01 00:00:05", "a.b:remote") + entry("2026-01-01 00:00:06", "a.bc") +
                            entry("2026-01-01 00:00:07", "a.b");
  const std::vector<proto::StrictModeReport> got = c.dropBox(later, "a.b");
  ASSERT_EQ(got.size(), 2u);  // a.b:remote and a.b; not a.bc
  EXPECT_TRUE(got[0].text.starts_with("Process: a.b:remote\nPID: 4242\n")) << got[0].text;
  EXPECT_TRUE(got[1].text.starts_with("Process: a.b\nPID: 4242\n")) << got[1].text;
  EXPECT_EQ(got[1].pid, 4242);
  EXPECT_EQ(got[1].source, proto::StrictModeSource::kDropBox);
  EXPECT_FALSE(got[1].truncated);
  EXPECT_TRUE(c.dropBox(later, "a.b").empty()) << "each entry once";
}

}  // namespace
}  // namespace mxi::agent
