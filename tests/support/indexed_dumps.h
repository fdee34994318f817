// A heap dump indexed for a test: from a file, or from bytes a writer built (written to a scratch
// file first, as the engine maps files). A failure is a test failure naming the file; nullptr then.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "core/base/cancel_token.h"
#include "core/base/progress.h"
#include "core/hprof/heap_index.h"
#include "tests/support/archive_writer.h"
#include "tests/support/test_paths.h"

namespace mxi::test {

inline std::shared_ptr<const core::hprof::HeapIndex> openIndexed(const std::string& path) {
  core::NullProgress progress;
  auto index = core::hprof::openAndIndex(path, {}, {}, progress, core::CancelToken());
  EXPECT_TRUE(index.ok()) << path << ": " << index.status().toString();
  return index.ok() ? *index : nullptr;
}

// `scratch` names the test's scratch directory (test::scratchDir), `name` the dump in it.
inline std::shared_ptr<const core::hprof::HeapIndex> indexBytes(const std::string& scratch, const std::string& name,
                                                                const std::vector<uint8_t>& bytes) {
  const std::string path = (scratchDir(scratch + name) / (name + ".hprof")).string();
  EXPECT_TRUE(writeFile(path, bytes));
  return openIndexed(path);
}

}  // namespace mxi::test
