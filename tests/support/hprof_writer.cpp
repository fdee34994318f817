#include "tests/support/hprof_writer.h"

#include <fstream>

namespace mxi::test {

namespace {
uint32_t typeSize(Ty t, uint32_t idSize) {
  switch (t) {
    case kObj: return idSize;
    case kBool:
    case kByte: return 1;
    case kChar:
    case kShort: return 2;
    case kFloat:
    case kInt: return 4;
    case kDouble:
    case kLong: return 8;
  }
  return 0;
}
}  // namespace

HeapSegment& HeapSegment::heapInfo(uint32_t heapId, uint64_t nameId) {
  m_sink.u1(0xFE).u4(heapId).id(nameId);
  return *this;
}
HeapSegment& HeapSegment::simpleRoot(uint8_t tag, uint64_t id) {
  m_sink.u1(tag).id(id);
  return *this;
}
HeapSegment& HeapSegment::jniGlobal(uint64_t id, uint64_t refId) {
  m_sink.u1(0x01).id(id).id(refId);
  return *this;
}
HeapSegment& HeapSegment::jniLocal(uint64_t id, uint32_t thread, uint32_t frame) {
  m_sink.u1(0x02).id(id).u4(thread).u4(frame);
  return *this;
}
HeapSegment& HeapSegment::javaFrame(uint64_t id, uint32_t thread, uint32_t frame) {
  m_sink.u1(0x03).id(id).u4(thread).u4(frame);
  return *this;
}
HeapSegment& HeapSegment::nativeStack(uint64_t id, uint32_t thread) {
  m_sink.u1(0x04).id(id).u4(thread);
  return *this;
}
HeapSegment& HeapSegment::threadBlock(uint64_t id, uint32_t thread) {
  m_sink.u1(0x06).id(id).u4(thread);
  return *this;
}
HeapSegment& HeapSegment::threadObject(uint64_t id, uint32_t thread, uint32_t stack) {
  m_sink.u1(0x08).id(id).u4(thread).u4(stack);
  return *this;
}
HeapSegment& HeapSegment::jniMonitor(uint64_t id, uint32_t thread, uint32_t frame) {
  m_sink.u1(0x8E).id(id).u4(thread).u4(frame);
  return *this;
}

HeapSegment& HeapSegment::classDump(uint64_t id, uint64_t superId, uint64_t loaderId, uint32_t instanceSize,
                                    const std::vector<StaticDecl>& statics, const std::vector<FieldDecl>& fields) {
  m_sink.u1(0x20).id(id).u4(0).id(superId).id(loaderId).id(0).id(0).id(0).id(0).u4(instanceSize).u2(0);
  m_sink.u2(static_cast<uint16_t>(statics.size()));
  for (const auto& s : statics) {
    m_sink.id(s.nameId).u1(s.type);
    const uint32_t n = typeSize(s.type, m_sink.idSize());
    for (int i = static_cast<int>(n) - 1; i >= 0; --i) m_sink.u1(static_cast<uint8_t>(s.value >> (8 * i)));
  }
  m_sink.u2(static_cast<uint16_t>(fields.size()));
  for (const auto& f : fields) m_sink.id(f.nameId).u1(f.type);
  return *this;
}

HeapSegment& HeapSegment::instance(uint64_t id, uint64_t classId, const std::vector<uint8_t>& fieldData) {
  m_sink.u1(0x21).id(id).u4(0).id(classId).u4(static_cast<uint32_t>(fieldData.size())).raw(fieldData);
  return *this;
}

HeapSegment& HeapSegment::objectArray(uint64_t id, uint64_t arrayClassId, const std::vector<uint64_t>& elements) {
  m_sink.u1(0x22).id(id).u4(0).u4(static_cast<uint32_t>(elements.size())).id(arrayClassId);
  for (uint64_t e : elements) m_sink.id(e);
  return *this;
}

HeapSegment& HeapSegment::primitiveArray(uint64_t id, Ty type, uint32_t length, const std::vector<uint8_t>& data) {
  m_sink.u1(0x23).id(id).u4(0).u4(length).u1(type).raw(data);
  return *this;
}

HeapSegment& HeapSegment::primitiveArrayNoData(uint64_t id, Ty type, uint32_t length) {
  m_sink.u1(0xC3).id(id).u4(0).u4(length).u1(type);
  return *this;
}

HprofWriter::HprofWriter(uint32_t idSize, std::string format, uint64_t timestampMs) : m_idSize(idSize), m_sink(idSize) {
  m_sink.raw(format)
      .u1(0)
      .u4(idSize)
      .u4(static_cast<uint32_t>(timestampMs >> 32))
      .u4(static_cast<uint32_t>(timestampMs));
}

void HprofWriter::record(uint8_t tag, const std::vector<uint8_t>& body) {
  m_recordOffsets.push_back(m_sink.size());
  m_sink.u1(tag).u4(0).u4(static_cast<uint32_t>(body.size())).raw(body);
}

uint64_t HprofWriter::string(std::string_view text) {
  const uint64_t id = m_nextStringId++;
  ByteSink b(m_idSize);
  b.id(id).raw(text);
  record(0x01, b.bytes());
  return id;
}

void HprofWriter::loadClass(uint32_t serial, uint64_t classId, uint32_t stackSerial, uint64_t nameId) {
  ByteSink b(m_idSize);
  b.u4(serial).id(classId).u4(stackSerial).id(nameId);
  record(0x02, b.bytes());
}

void HprofWriter::unloadClass(uint32_t serial) {
  ByteSink b(m_idSize);
  b.u4(serial);
  record(0x03, b.bytes());
}

void HprofWriter::stackFrame(uint64_t frameId, uint64_t methodId, uint64_t signatureId, uint64_t sourceId,
                             uint32_t classSerial, int32_t line) {
  ByteSink b(m_idSize);
  b.id(frameId).id(methodId).id(signatureId).id(sourceId).u4(classSerial).u4(static_cast<uint32_t>(line));
  record(0x04, b.bytes());
}

void HprofWriter::stackTrace(uint32_t serial, uint32_t threadSerial, const std::vector<uint64_t>& frames) {
  ByteSink b(m_idSize);
  b.u4(serial).u4(threadSerial).u4(static_cast<uint32_t>(frames.size()));
  for (uint64_t f : frames) b.id(f);
  record(0x05, b.bytes());
}

void HprofWriter::startThread(uint32_t serial, uint64_t threadObjectId, uint32_t stackSerial, uint64_t nameId,
                              uint64_t groupId, uint64_t parentGroupId) {
  ByteSink b(m_idSize);
  b.u4(serial).id(threadObjectId).u4(stackSerial).id(nameId).id(groupId).id(parentGroupId);
  record(0x0A, b.bytes());
}

void HprofWriter::endThread(uint32_t serial) {
  ByteSink b(m_idSize);
  b.u4(serial);
  record(0x0B, b.bytes());
}

void HprofWriter::allocSites() {
  ByteSink b(m_idSize);
  // flags, cutoff ratio, total live bytes/instances, total allocated bytes/instances, 1 site.
  b.u2(0).u4(0).u4(100).u4(2).u8(200).u8(4).u4(1);
  b.u1(0).u4(1).u4(1).u4(100).u4(2).u4(200).u4(4);
  record(0x06, b.bytes());
}

void HprofWriter::heapSummary(uint32_t liveBytes, uint32_t liveInstances, uint64_t allocatedBytes,
                              uint64_t allocatedInstances) {
  ByteSink b(m_idSize);
  b.u4(liveBytes).u4(liveInstances).u8(allocatedBytes).u8(allocatedInstances);
  record(0x07, b.bytes());
}

void HprofWriter::cpuSamples(uint32_t total, const std::vector<std::pair<uint32_t, uint32_t>>& samples) {
  ByteSink b(m_idSize);
  b.u4(total).u4(static_cast<uint32_t>(samples.size()));
  for (auto [count, trace] : samples) b.u4(count).u4(trace);
  record(0x0D, b.bytes());
}

void HprofWriter::controlSettings(uint32_t flags, uint16_t depth) {
  ByteSink b(m_idSize);
  b.u4(flags).u2(depth);
  record(0x0E, b.bytes());
}

void HprofWriter::heapDump(const HeapSegment& segment, bool asSegment) {
  record(asSegment ? 0x1C : 0x0C, segment.bytes());
}

void HprofWriter::heapDumpEnd() { record(0x2C, {}); }

bool HprofWriter::writeTo(const std::string& path) const {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes().data()), static_cast<std::streamsize>(bytes().size()));
  return static_cast<bool>(out);
}

}  // namespace mxi::test
