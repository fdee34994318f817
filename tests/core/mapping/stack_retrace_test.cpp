// Stack lines through a mapping, in every shape the project reads: Java / logcat exceptions,
// ART ANR dumps (frames and lock lines), Matrix's threadStack and bare method names.
#include <gtest/gtest.h>

#include "core/mapping/r8_mapping.h"

namespace mxi::core::mapping {
namespace {

constexpr std::string_view kMapping =
    "# {\"id\":\"com.android.tools.r8.mapping\",\"version\":\"2.2\"}\n"
    "com.example.Main -> a.a:\n"
    "# {\"id\":\"sourceFile\",\"fileName\":\"Main.kt\"}\n"
    "    1:3:void main(java.lang.String[]):10:12 -> main\n"
    "    4:5:int com.example.util.Strings.length(java.lang.String):42:43 -> main\n"
    "    4:5:void main(java.lang.String[]):13 -> main\n"
    "    void open(int) -> b\n"
    "    void close() -> b\n"
    "com.example.CacheException -> a.b:\n"
    "com.example.Lock -> a.c:\n"
    "outline.Class -> o:\n"
    "    1:2:int outline():0 -> a\n"
    "# { 'id':'com.android.tools.r8.outline' }\n"
    "outline.Callsite -> x:\n"
    "    4:4:int outlineCaller(int):23:23 -> s\n"
    "    27:27:int outlineCaller(int):0:0 -> s\n"
    "    # { 'id':'com.android.tools.r8.outlineCallsite', 'positions': { '1': 4 } }\n";

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

class StackRetraceTest : public ::testing::Test {
 protected:
  void SetUp() override { m_mapping = std::move(R8Mapping::parse(kMapping).value()); }
  std::string line(std::string_view l) { return joined(retraceStackLine(m_mapping, l)); }
  R8Mapping m_mapping;
};

TEST_F(StackRetraceTest, JavaAndLogcatFrames) {
  EXPECT_EQ(line("\tat a.a.main(SourceFile:2)"), "\tat com.example.Main.main(Main.kt:11)\n");
  EXPECT_EQ(line("    at a.a.main(Unknown Source:5)"),
            "    at com.example.util.Strings.length(Strings.java:43)\n    at com.example.Main.main(Main.kt:13)\n");
  EXPECT_EQ(line("E AndroidRuntime: \tat a.a.main(Unknown Source)"),
            "E AndroidRuntime: \tat com.example.Main.main(Main.kt)\n");
  EXPECT_EQ(line("\tat a.a.b(Native Method)"),
            "\tat com.example.Main.open(Native Method)\n\t<OR> at com.example.Main.close(Native Method)\n");
  EXPECT_EQ(line("\tat app//a.a.main(SourceFile:1)"), "\tat app//com.example.Main.main(Main.kt:10)\n");
  EXPECT_EQ(line("\tat java.lang.Thread.run(Thread.java:833)"), "\tat java.lang.Thread.run(Thread.java:833)\n");
}

TEST_F(StackRetraceTest, ExceptionHeaders) {
  EXPECT_EQ(line("a.b: cache full"), "com.example.CacheException: cache full\n");
  EXPECT_EQ(line("Caused by: a.b: cache full"), "Caused by: com.example.CacheException: cache full\n");
  EXPECT_EQ(line("Exception in thread \"main\" a.b"), "Exception in thread \"main\" com.example.CacheException\n");
  EXPECT_EQ(line("java.lang.IllegalStateException: a.b"), "java.lang.IllegalStateException: a.b\n");
}

TEST_F(StackRetraceTest, AnrFramesAndLocks) {
  EXPECT_EQ(line("  at a.a.main(SourceFile:3)"), "  at com.example.Main.main(Main.kt:12)\n");
  EXPECT_EQ(line("  - locked <0x0a1b2c3d> (a a.c)"), "  - locked <0x0a1b2c3d> (a com.example.Lock)\n");
  EXPECT_EQ(line("  - waiting to lock <0x0e4f> (a a.c) held by thread 12"),
            "  - waiting to lock <0x0e4f> (a com.example.Lock) held by thread 12\n");
  EXPECT_EQ(line("  - waiting on <0x01> (a java.lang.Object)"), "  - waiting on <0x01> (a java.lang.Object)\n");
  // core/anr keeps frames without "at".
  EXPECT_EQ(line("a.a.main(SourceFile:1)"), "com.example.Main.main(Main.kt:10)\n");
  EXPECT_EQ(line("  native: #00 pc 000000000004b7d4  /apex/com.android.runtime/lib64/bionic/libc.so (syscall+28)"),
            "  native: #00 pc 000000000004b7d4  /apex/com.android.runtime/lib64/bionic/libc.so (syscall+28)\n");
}

TEST_F(StackRetraceTest, MatrixThreadStackAndBareNames) {
  EXPECT_EQ(line("a.a.main(Main.java:1)"), "com.example.Main.main(Main.kt:10)\n");
  EXPECT_EQ(line("a.a.main"), "com.example.Main.main\n");
  EXPECT_EQ(line("a.a.b"), "com.example.Main.open|com.example.Main.close\n");
  EXPECT_EQ(line("a.a"), "com.example.Main\n");
  EXPECT_EQ(line("android.os.Looper.loop"), "android.os.Looper.loop\n");
}

TEST_F(StackRetraceTest, WholeStackDropsOutlineFrames) {
  EXPECT_EQ(retraceStack(m_mapping,
                         "java.lang.RuntimeException: boom\n"
                         "\tat o.a(SourceFile:1)\n"
                         "\tat x.s(SourceFile:27)\n"
                         "\tat a.a.main(SourceFile:1)"),
            "java.lang.RuntimeException: boom\n"
            "\tat outline.Callsite.outlineCaller(Callsite.java:23)\n"
            "\tat com.example.Main.main(Main.kt:10)");
}

}  // namespace
}  // namespace mxi::core::mapping
