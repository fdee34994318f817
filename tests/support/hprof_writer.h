// Test-only HPROF writer: builds dumps byte by byte, including every Android (ART) tag, so tests
// can check the engine on exactly known content and on deliberately broken files. Our own code,
// written from the format description in ../shared/reference/hprof-format/notes.md.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace mxi::test {

// Big-endian byte sink with id-size awareness.
class ByteSink {
 public:
  explicit ByteSink(uint32_t idSize) : m_idSize(idSize) {}
  ByteSink& u1(uint8_t v) {
    m_bytes.push_back(v);
    return *this;
  }
  ByteSink& u2(uint16_t v) { return be(v, 2); }
  ByteSink& u4(uint32_t v) { return be(v, 4); }
  ByteSink& u8(uint64_t v) { return be(v, 8); }
  ByteSink& id(uint64_t v) { return be(v, m_idSize); }
  ByteSink& raw(std::string_view s) {
    m_bytes.insert(m_bytes.end(), s.begin(), s.end());
    return *this;
  }
  ByteSink& raw(const std::vector<uint8_t>& b) {
    m_bytes.insert(m_bytes.end(), b.begin(), b.end());
    return *this;
  }
  const std::vector<uint8_t>& bytes() const { return m_bytes; }
  uint32_t idSize() const { return m_idSize; }
  size_t size() const { return m_bytes.size(); }

 private:
  ByteSink& be(uint64_t v, int n) {
    for (int i = n - 1; i >= 0; --i) m_bytes.push_back(static_cast<uint8_t>(v >> (8 * i)));
    return *this;
  }
  uint32_t m_idSize;
  std::vector<uint8_t> m_bytes;
};

// Basic type codes of the format.
enum Ty : uint8_t {
  kObj = 2,
  kBool = 4,
  kChar = 5,
  kFloat = 6,
  kDouble = 7,
  kByte = 8,
  kShort = 9,
  kInt = 10,
  kLong = 11
};

struct FieldDecl {
  uint64_t nameId;
  Ty type;
};
struct StaticDecl {
  uint64_t nameId;
  Ty type;
  uint64_t value;  // raw bits
};

// Sub-records of one HEAP_DUMP / HEAP_DUMP_SEGMENT.
class HeapSegment {
 public:
  explicit HeapSegment(uint32_t idSize) : m_sink(idSize) {}
  HeapSegment& heapInfo(uint32_t heapId, uint64_t nameId);
  // Roots with only an id: 0xFF, 0x05, 0x07, 0x89, 0x8A, 0x8B, 0x8C, 0x8D, 0x90.
  HeapSegment& simpleRoot(uint8_t tag, uint64_t id);
  HeapSegment& jniGlobal(uint64_t id, uint64_t refId);
  HeapSegment& jniLocal(uint64_t id, uint32_t thread, uint32_t frame);      // 0x02
  HeapSegment& javaFrame(uint64_t id, uint32_t thread, uint32_t frame);     // 0x03
  HeapSegment& nativeStack(uint64_t id, uint32_t thread);                   // 0x04
  HeapSegment& threadBlock(uint64_t id, uint32_t thread);                   // 0x06
  HeapSegment& threadObject(uint64_t id, uint32_t thread, uint32_t stack);  // 0x08
  HeapSegment& jniMonitor(uint64_t id, uint32_t thread, uint32_t frame);    // 0x8E
  HeapSegment& classDump(uint64_t id, uint64_t superId, uint64_t loaderId, uint32_t instanceSize,
                         const std::vector<StaticDecl>& statics, const std::vector<FieldDecl>& fields);
  // `fieldData` is the instance's field values, declaring class first, big-endian.
  HeapSegment& instance(uint64_t id, uint64_t classId, const std::vector<uint8_t>& fieldData);
  HeapSegment& objectArray(uint64_t id, uint64_t arrayClassId, const std::vector<uint64_t>& elements);
  HeapSegment& primitiveArray(uint64_t id, Ty type, uint32_t length, const std::vector<uint8_t>& data);
  HeapSegment& primitiveArrayNoData(uint64_t id, Ty type, uint32_t length);
  HeapSegment& rawBytes(const std::vector<uint8_t>& b) {
    m_sink.raw(b);
    return *this;
  }
  const std::vector<uint8_t>& bytes() const { return m_sink.bytes(); }
  uint32_t idSize() const { return m_sink.idSize(); }

 private:
  ByteSink m_sink;
};

class HprofWriter {
 public:
  explicit HprofWriter(uint32_t idSize = 4, std::string format = "JAVA PROFILE 1.0.3",
                       uint64_t timestampMs = 1700000000123);

  // Top-level records. STRING ids are assigned from 0x400000 upwards, as ART does.
  uint64_t string(std::string_view text);
  void loadClass(uint32_t serial, uint64_t classId, uint32_t stackSerial, uint64_t nameId);
  void unloadClass(uint32_t serial);
  void stackFrame(uint64_t frameId, uint64_t methodId, uint64_t signatureId, uint64_t sourceId, uint32_t classSerial,
                  int32_t line);
  void stackTrace(uint32_t serial, uint32_t threadSerial, const std::vector<uint64_t>& frames);
  void startThread(uint32_t serial, uint64_t threadObjectId, uint32_t stackSerial, uint64_t nameId, uint64_t groupId,
                   uint64_t parentGroupId);
  void endThread(uint32_t serial);
  void allocSites();
  void heapSummary(uint32_t liveBytes, uint32_t liveInstances, uint64_t allocatedBytes, uint64_t allocatedInstances);
  void cpuSamples(uint32_t total, const std::vector<std::pair<uint32_t, uint32_t>>& samples);
  void controlSettings(uint32_t flags, uint16_t depth);
  void heapDump(const HeapSegment& segment, bool asSegment = true);  // 0x1C, or 0x0C
  void heapDumpEnd();
  void record(uint8_t tag, const std::vector<uint8_t>& body);  // any tag, e.g. unknown ones

  HeapSegment segment() const { return HeapSegment(m_idSize); }
  uint32_t idSize() const { return m_idSize; }
  const std::vector<uint8_t>& bytes() const { return m_sink.bytes(); }
  // Offsets where each top-level record starts (header excluded), for truncation tests.
  const std::vector<size_t>& recordOffsets() const { return m_recordOffsets; }
  bool writeTo(const std::string& path) const;

 private:
  uint32_t m_idSize;
  ByteSink m_sink;
  uint64_t m_nextStringId = 0x400000;
  std::vector<size_t> m_recordOffsets;
};

// Field data builder for instance records.
class FieldData {
 public:
  explicit FieldData(uint32_t idSize) : m_sink(idSize) {}
  FieldData& id(uint64_t v) {
    m_sink.id(v);
    return *this;
  }
  FieldData& i1(uint8_t v) {
    m_sink.u1(v);
    return *this;
  }
  FieldData& i2(uint16_t v) {
    m_sink.u2(v);
    return *this;
  }
  FieldData& i4(uint32_t v) {
    m_sink.u4(v);
    return *this;
  }
  FieldData& i8(uint64_t v) {
    m_sink.u8(v);
    return *this;
  }
  const std::vector<uint8_t>& bytes() const { return m_sink.bytes(); }

 private:
  ByteSink m_sink;
};

}  // namespace mxi::test
