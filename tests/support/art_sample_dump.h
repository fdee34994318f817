// A small Android (ART, "JAVA PROFILE 1.0.3", 4-byte ids) heap dump with every record and
// sub-record kind, written by HprofWriter, with the ids tests need to check what was parsed.
#pragma once

#include <cstdint>
#include <vector>

#include "tests/support/hprof_writer.h"

namespace mxi::test {

struct ArtSample {
  std::vector<uint8_t> bytes;
  std::vector<size_t> recordOffsets;
  // Class objects.
  uint64_t objectClass, classClass, stringClass, byteArrayClass, charArrayClass, objectArrayClass;
  uint64_t threadClass, activityClass, mainActivityClass, bitmapClass;
  // Instances and arrays.
  uint64_t activity1, activity2, title1, title1Value, title2, title2Value, zygoteString, zygoteStringValue;
  uint64_t bitmap, bitmapBuffer, activities, noDataInts, classOverhead, threadObject, threadName, threadNameValue;
  uint32_t mainActivitySerial;
};

struct ArtSampleOptions {
  bool everyTopLevelKind = true;  // ALLOC_SITES, CPU_SAMPLES, … (hprof-conv passes them through)
  bool androidOnlyRoots = true;   // 0x89…0x8E, 0x90
  bool noDataArray = true;        // 0xC3
};

ArtSample buildArtSample(const ArtSampleOptions& options = {});

// A "JAVA PROFILE 1.0.2" dump with 4-byte ids whose java.lang.String has the old layout
// (char[] value, int offset, int count), as on Android before 6 and Java 6. The strings are
// "hello" (offset 0) and "llo" (offset 2, count 3) sharing one char[].
struct OldStringSample {
  std::vector<uint8_t> bytes;
  uint64_t hello, llo;
};
OldStringSample buildOldStringSample();

}  // namespace mxi::test
