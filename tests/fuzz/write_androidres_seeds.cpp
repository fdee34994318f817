// Writes the androidres fuzz targets' seeds at build time: each fixture APK's AndroidManifest.xml
// and resources.arsc (read from ../shared/reference, never copied into the project; left out when
// absent), and hand-made documents and tables for the shapes those lack (sparse and 16-bit
// offsets, compact entries, bags). Usage: write_androidres_seeds OUT_DIR APK_DIR
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/androidres/res_value.h"
#include "tests/core/androidres/chunk_builder.h"
#include "tests/core/androidres/fixture_entry.h"

namespace fs = std::filesystem;
using mxi::core::androidres::ResValue;
using namespace mxi::test;

namespace {

void write(const fs::path& path, const std::string& bytes) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << bytes;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: write_androidres_seeds OUT_DIR APK_DIR\n");
    return 2;
  }
  const fs::path out = argv[1];
  const fs::path xml = out / "binary_xml";
  const fs::path arsc = out / "resource_table";
  std::error_code ignored;
  if (fs::is_directory(argv[2], ignored)) {
    for (const auto& file : fs::directory_iterator(argv[2])) {
      if (file.path().extension() != ".apk") continue;
      const std::string stem = file.path().stem().string();
      if (const auto manifest = readZipEntry(file.path(), "AndroidManifest.xml")) write(xml / stem, *manifest);
      if (const auto table = readZipEntry(file.path(), "resources.arsc")) write(arsc / stem, *table);
    }
  }
  write(xml / "hand-made", xmlDocument({"a", "b", "c", "hello"},
                                       {startElement(0, {{2, 3, ResValue::kString, 3}, {1, 0xffffffff, 0x11, 0x7f}}),
                                        startElement(1), endElement(1), endElement(0)}));
  const std::string plain = simpleEntry(0, ResValue::kString, 0);
  const std::string bag = bagEntry(1, 0x7f010000, {{0x01010098, 0, ResValue::kDimension, 0xc01}});
  write(arsc / "dense-bag", table({"res/a.png"}, {typeChunk(0, 2, denseOffsets({plain, bag}), plain + bag)}));
  Bytes sparse;
  sparse.u16(2).u16(0).u16(7).u16(4);
  write(arsc / "sparse", table({"r/a.png"}, {typeChunk(0x01, 2, sparse.data, plain + plain, config(240, 4))}));
  Bytes offset16;
  offset16.u16(0xffff).u16(0).u16(2).u16(0);
  write(arsc / "offset16-compact", table({"x"}, {typeChunk(0x02, 4, offset16.data,
                                                           compactEntry(2, ResValue::kIntBoolean, 1) +
                                                               compactEntry(0, ResValue::kReference, 0x7f010001))}));
  return 0;
}
