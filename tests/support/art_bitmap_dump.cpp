#include "tests/support/art_bitmap_dump.h"

#include "tests/support/hprof_writer.h"

namespace mxi::test {

namespace {

core::image::RgbaImage makePicture(uint32_t size, uint8_t seed) {
  core::image::RgbaImage image;
  image.width = image.height = size;
  for (uint32_t y = 0; y < size; ++y) {
    for (uint32_t x = 0; x < size; ++x) {
      image.rgba.push_back(static_cast<uint8_t>(x * 3 + seed));
      image.rgba.push_back(static_cast<uint8_t>(y * 3));
      image.rgba.push_back(static_cast<uint8_t>((x ^ y) + seed));
      image.rgba.push_back(255);
    }
  }
  return image;
}

std::vector<uint8_t> bigEndianLongs(const std::vector<uint64_t>& values) {
  std::vector<uint8_t> out;
  for (uint64_t v : values) {
    for (int i = 7; i >= 0; --i) out.push_back(static_cast<uint8_t>(v >> (8 * i)));
  }
  return out;
}

}  // namespace

ArtBitmapSample buildArtBitmapSample(BitmapPixels pixels) {
  HprofWriter w(4);
  ArtBitmapSample s;
  s.picture = makePicture(80, 1);
  s.other = makePicture(80, 9);
  const uint64_t objectClass = 0x70000100, stringClass = 0x70000200, byteArrayClass = 0x70000300,
                 longArrayClass = 0x70000400, objectArrayClass = 0x70000500, byteArrayArrayClass = 0x70000600,
                 bitmapClass = 0x70000700, dumpDataClass = 0x70000800;
  const uint64_t dumpData = 0x12c00100, natives = 0x12c00200, buffersArray = 0x12c00300;
  s.holder = 0x12c00400;
  const uint64_t classNames[][2] = {{objectClass, w.string("java.lang.Object")},
                                    {stringClass, w.string("java.lang.String")},
                                    {byteArrayClass, w.string("byte[]")},
                                    {longArrayClass, w.string("long[]")},
                                    {objectArrayClass, w.string("java.lang.Object[]")},
                                    {byteArrayArrayClass, w.string("byte[][]")},
                                    {bitmapClass, w.string("android.graphics.Bitmap")},
                                    {dumpDataClass, w.string("android.graphics.Bitmap$DumpData")}};
  uint32_t serial = 1;
  for (const auto& c : classNames) w.loadClass(serial++, c[0], 0, c[1]);
  const uint64_t fWidth = w.string("mWidth"), fHeight = w.string("mHeight"), fBuffer = w.string("mBuffer"),
                 fPtr = w.string("mNativePtr"), sDumpData = w.string("dumpData"), fCount = w.string("count"),
                 fFormat = w.string("format"), fNatives = w.string("natives"), fBuffers = w.string("buffers");

  const bool java = pixels == BitmapPixels::kJavaPixels;
  const bool withDumpData = pixels == BitmapPixels::kDumpData;
  HeapSegment seg = w.segment();
  seg.heapInfo('A', w.string("app"))
      .simpleRoot(0x05, bitmapClass)
      .jniGlobal(s.holder, 0x9000)
      .classDump(objectClass, 0, 0, 8, {}, {})
      .classDump(stringClass, objectClass, 0, 0, {}, {})
      .classDump(byteArrayClass, objectClass, 0, 0, {}, {})
      .classDump(longArrayClass, objectClass, 0, 0, {}, {})
      .classDump(objectArrayClass, objectClass, 0, 0, {}, {})
      .classDump(byteArrayArrayClass, objectClass, 0, 0, {}, {})
      .classDump(bitmapClass, objectClass, 0, 20, {{sDumpData, kObj, withDumpData ? dumpData : 0}},
                 {{fWidth, kInt}, {fHeight, kInt}, {fBuffer, kObj}, {fPtr, kLong}})
      .classDump(dumpDataClass, objectClass, 0, 16, {},
                 {{fCount, kInt}, {fFormat, kInt}, {fNatives, kObj}, {fBuffers, kObj}});

  struct Planned {
    uint32_t size;
    const core::image::RgbaImage* image;
    bool rgb565;
  };
  std::vector<Planned> planned = {{80, &s.picture, false}, {80, &s.picture, false}, {80, &s.other, false}};
  if (java) planned.push_back({64, nullptr, true});
  std::vector<uint64_t> nativePointers, pngBuffers;
  for (size_t i = 0; i < planned.size(); ++i) {
    const uint64_t bitmap = 0x12c01000 + 0x100 * i, buffer = 0x12c10000 + 0x10000 * i;
    const uint64_t pointer = 0x7f000000 + 0x1000 * i;
    s.bitmaps.push_back(bitmap);
    const Planned& p = planned[i];
    std::vector<uint8_t> data;
    if (p.rgb565) {
      for (uint32_t k = 0; k < p.size * p.size; ++k) {
        data.push_back(static_cast<uint8_t>(k));
        data.push_back(static_cast<uint8_t>(k >> 8));
      }
    } else if (java) {
      data = p.image->rgba;
    } else {
      data = *core::image::encodePng(*p.image);
    }
    const bool hasBuffer = java || withDumpData;
    s.buffers.push_back(hasBuffer ? buffer : 0);
    seg.instance(bitmap, bitmapClass, FieldData(4).i4(p.size).i4(p.size).id(java ? buffer : 0).i8(pointer).bytes());
    if (hasBuffer) seg.primitiveArray(buffer, kByte, static_cast<uint32_t>(data.size()), data);
    nativePointers.push_back(pointer);
    pngBuffers.push_back(buffer);
  }
  seg.objectArray(s.holder, objectArrayClass, s.bitmaps);
  if (withDumpData) {
    seg.instance(
           dumpData, dumpDataClass,
           FieldData(4).i4(static_cast<uint32_t>(planned.size())).i4(1 /* PNG */).id(natives).id(buffersArray).bytes())
        .primitiveArray(natives, kLong, static_cast<uint32_t>(nativePointers.size()), bigEndianLongs(nativePointers))
        .objectArray(buffersArray, byteArrayArrayClass, pngBuffers);
  }
  w.heapDump(seg);
  w.heapDumpEnd();
  s.bytes = w.bytes();
  return s;
}

}  // namespace mxi::test
