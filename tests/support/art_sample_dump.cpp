#include "tests/support/art_sample_dump.h"

namespace mxi::test {

namespace {
std::vector<uint8_t> latin1(std::string_view s) { return {s.begin(), s.end()}; }
std::vector<uint8_t> utf16be(const std::u16string& s) {
  std::vector<uint8_t> out;
  for (char16_t c : s) {
    out.push_back(static_cast<uint8_t>(c >> 8));
    out.push_back(static_cast<uint8_t>(c));
  }
  return out;
}
}  // namespace

ArtSample buildArtSample(const ArtSampleOptions& options) {
  HprofWriter w(4);
  ArtSample s{};
  // Class objects live in the boot image (0x70…), app objects in the app heap (0x12c…).
  s.objectClass = 0x70000100;
  s.classClass = 0x70000200;
  s.stringClass = 0x70000300;
  s.byteArrayClass = 0x70000400;
  s.charArrayClass = 0x70000500;
  s.objectArrayClass = 0x70000600;
  s.threadClass = 0x70000700;
  s.activityClass = 0x70000800;
  s.bitmapClass = 0x70000900;
  s.mainActivityClass = 0x12c00100;
  s.classOverhead = s.mainActivityClass | 1;  // ART's synthetic byte[] for class overhead
  s.activity1 = 0x12c01000;
  s.activity2 = 0x12c01020;
  s.title1 = 0x12c01100;
  s.title1Value = 0x12c01110;
  s.title2 = 0x12c01200;
  s.title2Value = 0x12c01210;
  s.bitmap = 0x12c01300;
  s.bitmapBuffer = 0x12c01340;
  s.activities = 0x12c01400;
  s.noDataInts = 0x12c01500;
  s.threadObject = 0x12c01600;
  s.threadName = 0x12c01700;
  s.threadNameValue = 0x12c01710;
  s.zygoteString = 0x13000000;
  s.zygoteStringValue = 0x13000010;

  const uint64_t nObject = w.string("java.lang.Object"), nClass = w.string("java.lang.Class"),
                 nString = w.string("java.lang.String"), nBytes = w.string("byte[]"), nChars = w.string("char[]"),
                 nObjects = w.string("java.lang.Object[]"), nThread = w.string("java.lang.Thread"),
                 nActivity = w.string("android.app.Activity"), nMain = w.string("com.example.MainActivity"),
                 nBitmap = w.string("android.graphics.Bitmap");
  const uint64_t fCount = w.string("count"), fHash = w.string("hash"), fValue = w.string("value"),
                 fName = w.string("name"), fDestroyed = w.string("mDestroyed"), fFinished = w.string("mFinished"),
                 fTitle = w.string("mTitle"), fCounter = w.string("mCounter"), fWidth = w.string("mWidth"),
                 fHeight = w.string("mHeight"), fBuffer = w.string("mBuffer"), fPtr = w.string("mNativePtr"),
                 sInstance = w.string("sInstance"), sCount = w.string("sCount"), sOverhead = w.string("$classOverhead");
  const uint64_t hApp = w.string("app"), hImage = w.string("image"), hZygote = w.string("zygote"),
                 hDefault = w.string("default");
  const uint64_t mOnCreate = w.string("onCreate"), mSig = w.string("(Landroid/os/Bundle;)V"),
                 mFile = w.string("MainActivity.java"), mNative = w.string("nativePollOnce"), mEmpty = w.string("()V"),
                 mQueue = w.string("MessageQueue.java");

  uint32_t serial = 1;
  const std::pair<uint64_t, uint64_t> classes[] = {{s.objectClass, nObject},     {s.classClass, nClass},
                                                   {s.stringClass, nString},     {s.byteArrayClass, nBytes},
                                                   {s.charArrayClass, nChars},   {s.objectArrayClass, nObjects},
                                                   {s.threadClass, nThread},     {s.activityClass, nActivity},
                                                   {s.mainActivityClass, nMain}, {s.bitmapClass, nBitmap}};
  for (auto [id, name] : classes) {
    if (id == s.mainActivityClass) s.mainActivitySerial = serial;
    w.loadClass(serial++, id, 0, name);
  }
  w.stackFrame(0x1, mOnCreate, mSig, mFile, s.mainActivitySerial, 42);
  w.stackFrame(0x2, mNative, mEmpty, mQueue, s.mainActivitySerial, -3);
  w.stackTrace(1, 1, {0x1, 0x2});
  w.startThread(1, s.threadObject, 1, w.string("main"), 0, 0);
  if (options.everyTopLevelKind) {
    w.unloadClass(99);
    w.allocSites();
    w.heapSummary(1000, 10, 2000, 20);
    w.cpuSamples(3, {{2, 1}, {1, 1}});
    w.controlSettings(2, 16);
  }

  // Segment 1: roots in the default heap, then the boot image.
  HeapSegment roots = w.segment();
  roots.simpleRoot(0xFF, s.title1)
      .jniGlobal(s.activities, 0x9000)
      .jniLocal(s.bitmap, 1, 0)
      .javaFrame(s.activity1, 1, 0)
      .nativeStack(s.title2, 1)
      .simpleRoot(0x05, s.stringClass)
      .threadBlock(s.threadObject, 1)
      .simpleRoot(0x07, s.activity2)
      .threadObject(s.threadObject, 1, 1);
  if (options.androidOnlyRoots) {
    roots.simpleRoot(0x89, s.zygoteString)
        .simpleRoot(0x8A, s.activity2)
        .simpleRoot(0x8B, s.bitmapBuffer)
        .simpleRoot(0x8C, s.title2Value)
        .simpleRoot(0x8D, s.objectClass)
        .jniMonitor(s.activity1, 1, 0)
        .simpleRoot(0x90, s.noDataInts);
  }
  roots.heapInfo('I', hImage)
      .classDump(s.objectClass, 0, 0, 8, {}, {})
      .classDump(s.classClass, s.objectClass, 0, 0, {}, {})
      .classDump(s.stringClass, s.objectClass, 0, 20, {}, {{fCount, kInt}, {fHash, kInt}, {fValue, kObj}})
      .classDump(s.byteArrayClass, s.objectClass, 0, 0, {}, {})
      .classDump(s.charArrayClass, s.objectClass, 0, 0, {}, {})
      .classDump(s.objectArrayClass, s.objectClass, 0, 0, {}, {})
      .classDump(s.threadClass, s.objectClass, 0, 12, {}, {{fName, kObj}})
      .classDump(s.activityClass, s.objectClass, 0, 14, {}, {{fDestroyed, kBool}, {fFinished, kBool}, {fTitle, kObj}})
      .classDump(s.bitmapClass, s.objectClass, 0, 28, {},
                 {{fWidth, kInt}, {fHeight, kInt}, {fBuffer, kObj}, {fPtr, kLong}});
  w.heapDump(roots);

  // Segment 2: the zygote heap, then the app heap.
  HeapSegment app = w.segment();
  app.heapInfo('Z', hZygote)
      .instance(s.zygoteString, s.stringClass, FieldData(4).i4(6).i4(0).id(s.zygoteStringValue).bytes())
      .primitiveArray(s.zygoteStringValue, kByte, 6, latin1("zygote"));
  app.heapInfo('A', hApp)
      .primitiveArray(s.classOverhead, kByte, 12, std::vector<uint8_t>(12, 0xAB))
      .classDump(s.mainActivityClass, s.activityClass, 0, 18,
                 {{sInstance, kObj, s.activity1}, {sCount, kInt, 2}, {sOverhead, kObj, s.classOverhead}},
                 {{fCounter, kInt}})
      .instance(s.activity1, s.mainActivityClass, FieldData(4).i4(7).i1(1).i1(0).id(s.title1).bytes())
      .instance(s.activity2, s.mainActivityClass, FieldData(4).i4(0xFFFFFFF6).i1(0).i1(1).id(s.title2).bytes())
      .instance(s.title1, s.stringClass, FieldData(4).i4(6).i4(0).id(s.title1Value).bytes())
      .primitiveArray(s.title1Value, kByte, 6, latin1("main-1"))
      .instance(s.title2, s.stringClass, FieldData(4).i4(8).i4(0).id(s.title2Value).bytes())
      .primitiveArray(s.title2Value, kChar, 8, utf16be(u"m\u00e4in-2 \u2713"))
      .instance(s.bitmap, s.bitmapClass, FieldData(4).i4(2).i4(2).id(s.bitmapBuffer).i8(0xDEADBEEFull).bytes())
      .primitiveArray(s.bitmapBuffer, kByte, 16, std::vector<uint8_t>{1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 6, 7, 8})
      .objectArray(s.activities, s.objectArrayClass, {s.activity1, 0, s.activity2})
      .instance(s.threadObject, s.threadClass, FieldData(4).id(s.threadName).bytes())
      .instance(s.threadName, s.stringClass, FieldData(4).i4(4).i4(0).id(s.threadNameValue).bytes())
      .primitiveArray(s.threadNameValue, kByte, 4, latin1("main"));
  if (options.noDataArray) app.primitiveArrayNoData(s.noDataInts, kInt, 5);
  w.heapDump(app);
  if (options.everyTopLevelKind) w.endThread(1);
  w.heapDumpEnd();
  (void)hDefault;
  s.bytes = w.bytes();
  s.recordOffsets = w.recordOffsets();
  return s;
}

OldStringSample buildOldStringSample() {
  HprofWriter w(4, "JAVA PROFILE 1.0.2");
  OldStringSample s{{}, 0x1000, 0x1100};
  const uint64_t chars = 0x1200, objectClass = 0x100, stringClass = 0x200, charArrayClass = 0x300;
  w.loadClass(1, objectClass, 0, w.string("java.lang.Object"));
  w.loadClass(2, stringClass, 0, w.string("java.lang.String"));
  w.loadClass(3, charArrayClass, 0, w.string("char[]"));
  const uint64_t fValue = w.string("value"), fOffset = w.string("offset"), fCount = w.string("count"),
                 fHash = w.string("hash");
  HeapSegment seg = w.segment();
  seg.classDump(objectClass, 0, 0, 0, {}, {})
      .classDump(stringClass, objectClass, 0, 16, {}, {{fValue, kObj}, {fOffset, kInt}, {fCount, kInt}, {fHash, kInt}})
      .classDump(charArrayClass, objectClass, 0, 0, {}, {})
      .primitiveArray(chars, kChar, 5, utf16be(u"hello"))
      .instance(s.hello, stringClass, FieldData(4).id(chars).i4(0).i4(5).i4(0).bytes())
      .instance(s.llo, stringClass, FieldData(4).id(chars).i4(2).i4(3).i4(0).bytes());
  w.heapDump(seg);
  w.heapDumpEnd();
  s.bytes = w.bytes();
  return s;
}

}  // namespace mxi::test
