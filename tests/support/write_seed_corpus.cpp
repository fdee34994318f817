// Writes the test writer's dumps into a directory: the fuzz seed corpus (and handy for manual
// hprof-conv checks). Usage: mxi_write_seed_corpus OUT_DIR
#include <cstdio>
#include <string>

#include "tests/support/archive_writer.h"
#include "tests/support/art_sample_dump.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s OUT_DIR\n", argv[0]);
    return 2;
  }
  const std::string dir = argv[1];
  mxi::test::ArtSampleOptions plain;
  plain.androidOnlyRoots = false;
  plain.noDataArray = false;
  plain.everyTopLevelKind = false;
  const bool ok = mxi::test::writeFile(dir + "/art_sample.hprof", mxi::test::buildArtSample().bytes) &&
                  mxi::test::writeFile(dir + "/art_sample_plain.hprof", mxi::test::buildArtSample(plain).bytes) &&
                  mxi::test::writeFile(dir + "/old_strings.hprof", mxi::test::buildOldStringSample().bytes);
  return ok ? 0 : 1;
}
