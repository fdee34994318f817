// Dumps inside gzip and zip files: Matrix upload zips, zip bombs, path traversal, garbage.
#include <gtest/gtest.h>

#include "core/hprof/heap_index.h"
#include "tests/support/archive_writer.h"
#include "tests/support/art_sample_dump.h"
#include "tests/support/test_paths.h"

namespace mxi::core::hprof {
namespace {

StatusOr<std::shared_ptr<const HeapIndex>> open(const std::string& path, uint64_t cap = 0) {
  NullProgress progress;
  CancelToken cancel;
  OpenOptions options;
  options.maxDecompressedBytes = cap;
  return openAndIndex(path, options, {}, progress, cancel);
}

class ContainerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = test::scratchDir(::testing::UnitTest::GetInstance()->current_test_info()->name());
    dump = test::buildArtSample().bytes;
  }
  std::string path(const char* name) const { return (dir / name).string(); }
  std::filesystem::path dir;
  std::vector<uint8_t> dump;
};

TEST_F(ContainerTest, GzipIsDetectedByContentNotName) {
  ASSERT_TRUE(test::writeFile(path("dump.bin"), test::gzipBytes(dump)));
  const auto ix = open(path("dump.bin"));
  ASSERT_TRUE(ix.ok()) << ix.status().toString();
  EXPECT_EQ((*ix)->source().container(), ContainerKind::kGzip);
  EXPECT_EQ((*ix)->objectCount(), 26u);
  EXPECT_EQ((*ix)->source().bytes().size(), dump.size());
}

TEST_F(ContainerTest, ConcatenatedGzipMembers) {
  // The dump split in two gzip members, as `cat a.gz b.gz` makes.
  const size_t half = dump.size() / 2;
  auto first = test::gzipBytes({dump.begin(), dump.begin() + static_cast<std::ptrdiff_t>(half)});
  const auto second = test::gzipBytes({dump.begin() + static_cast<std::ptrdiff_t>(half), dump.end()});
  first.insert(first.end(), second.begin(), second.end());
  ASSERT_TRUE(test::writeFile(path("two.gz"), first));
  const auto ix = open(path("two.gz"));
  ASSERT_TRUE(ix.ok()) << ix.status().toString();
  EXPECT_EQ((*ix)->objectCount(), 26u);
}

TEST_F(ContainerTest, GzipGarbageAndTruncation) {
  std::vector<uint8_t> garbage = {0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 0xde, 0xad, 0xbe, 0xef, 0x00, 0x11, 0x22};
  ASSERT_TRUE(test::writeFile(path("garbage.gz"), garbage));
  const auto g = open(path("garbage.gz"));
  ASSERT_FALSE(g.ok());
  EXPECT_EQ(g.status().code(), StatusCode::kInvalidInput);
  EXPECT_NE(g.status().message().find("gzip"), std::string::npos) << g.status().toString();
  EXPECT_NE(g.status().message().find(path("garbage.gz")), std::string::npos);

  auto gz = test::gzipBytes(dump);
  gz.resize(gz.size() / 2);
  ASSERT_TRUE(test::writeFile(path("cut.gz"), gz));
  const auto t = open(path("cut.gz"));
  ASSERT_FALSE(t.ok());
  EXPECT_NE(t.status().message().find("truncated"), std::string::npos) << t.status().toString();
}

TEST_F(ContainerTest, GzipBombStopsAtTheCap) {
  ASSERT_TRUE(test::writeFile(path("bomb.gz"), test::gzipBytes(std::vector<uint8_t>(8 << 20, 0))));
  const auto r = open(path("bomb.gz"), 1 << 20);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kResourceLimit);
  EXPECT_NE(r.status().message().find("zip-bomb guard"), std::string::npos);
}

TEST_F(ContainerTest, MatrixUploadZipUsesResultInfo) {
  const std::string info =
      "#Tue Nov 22 12:00:00 UTC 2026\nsdkVersion=25\nmanufacturer=Google\nhprofEntry=dump_shrink.hprof\n"
      "leakedActivityKey=com.example.MainActivity@1\n";
  ASSERT_TRUE(test::writeZip(
      path("upload.zip"),
      {{"result.info", {info.begin(), info.end()}}, {"dump_shrink.hprof", dump}, {"other.hprof", {1, 2, 3}}}));
  const auto ix = open(path("upload.zip"));
  ASSERT_TRUE(ix.ok()) << ix.status().toString();
  const DumpSource& src = (*ix)->source();
  EXPECT_EQ(src.container(), ContainerKind::kZip);
  EXPECT_EQ(src.entryName(), "dump_shrink.hprof");
  ASSERT_NE(src.matrixInfo(), nullptr);
  EXPECT_EQ(src.matrixInfo()->sdkVersion, "25");
  EXPECT_EQ(src.matrixInfo()->manufacturer, "Google");
  EXPECT_EQ(src.matrixInfo()->leakedActivityKey, "com.example.MainActivity@1");
  EXPECT_EQ((*ix)->objectCount(), 26u);
}

TEST_F(ContainerTest, AnyZipWithExactlyOneHprof) {
  ASSERT_TRUE(test::writeZip(path("one.zip"), {{"notes.txt", {'h', 'i'}}, {"heap/App.HPROF", dump}}));
  const auto ix = open(path("one.zip"));
  ASSERT_TRUE(ix.ok()) << ix.status().toString();
  EXPECT_EQ((*ix)->source().entryName(), "heap/App.HPROF");
  EXPECT_EQ((*ix)->source().matrixInfo(), nullptr);

  ASSERT_TRUE(test::writeZip(path("none.zip"), {{"notes.txt", {'h', 'i'}}}));
  EXPECT_NE(open(path("none.zip")).status().message().find("no .hprof entry"), std::string::npos);

  ASSERT_TRUE(test::writeZip(path("two.zip"), {{"a.hprof", dump}, {"b.hprof", dump}}));
  EXPECT_NE(open(path("two.zip")).status().message().find("2 .hprof entries"), std::string::npos);

  const std::string info = "hprofEntry=missing.hprof\n";
  ASSERT_TRUE(test::writeZip(path("dangling.zip"), {{"result.info", {info.begin(), info.end()}}, {"a.hprof", dump}}));
  EXPECT_NE(open(path("dangling.zip")).status().message().find("no such entry"), std::string::npos);
}

TEST_F(ContainerTest, PathTraversalIsRefused) {
  for (const char* name : {"../evil.hprof", "a/../../evil.hprof", "/etc/evil.hprof", "a\\..\\evil.hprof"}) {
    ASSERT_TRUE(test::writeZip(path("evil.zip"), {{name, dump}}));
    const auto r = open(path("evil.zip"));
    ASSERT_FALSE(r.ok()) << name;
    EXPECT_NE(r.status().message().find("path traversal refused"), std::string::npos) << r.status().toString();
  }
}

TEST_F(ContainerTest, ZipBombStopsAtTheCap) {
  ASSERT_TRUE(test::writeZip(path("bomb.zip"), {{"bomb.hprof", std::vector<uint8_t>(16 << 20, 0)}}));
  const auto r = open(path("bomb.zip"), 1 << 20);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kResourceLimit);
}

TEST_F(ContainerTest, CorruptZipAndMissingFile) {
  std::vector<uint8_t> fake = {'P', 'K', 3, 4, 1, 2, 3, 4, 5, 6, 7, 8};
  ASSERT_TRUE(test::writeFile(path("fake.zip"), fake));
  const auto r = open(path("fake.zip"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kInvalidInput);
  EXPECT_NE(r.status().message().find("not a readable zip archive"), std::string::npos) << r.status().toString();

  const auto missing = open(path("does-not-exist.hprof"));
  EXPECT_EQ(missing.status().code(), StatusCode::kNotFound);
  EXPECT_NE(missing.status().message().find("does-not-exist.hprof"), std::string::npos);
  EXPECT_EQ(open(dir.string()).status().code(), StatusCode::kInvalidInput);  // a directory
}

}  // namespace
}  // namespace mxi::core::hprof
