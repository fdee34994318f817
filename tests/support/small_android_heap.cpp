#include "tests/support/small_android_heap.h"

#include <unistd.h>

#include <filesystem>

#include "tests/support/archive_writer.h"

namespace mxi::test {

SmallAndroidHeap::SmallAndroidHeap(int sdk, std::string manufacturer, bool artObjectFields) {
  declareClass("java.lang.Object", "", {});
  if (artObjectFields) m_classes["java.lang.Object"].fields = {{"shadow$_klass_", kObj}, {"shadow$_monitor_", kInt}};
  declareClass("java.lang.String", "", {{"count", kInt}, {"hash", kInt}, {"value", kObj}});
  declareClass("byte[]", "", {});
  declareClass("java.lang.Thread", "", {{"name", kObj}});
  if (sdk > 0) {
    declareClass("android.os.Build", "", {}, {"MANUFACTURER"});
    declareClass("android.os.Build$VERSION", "", {}, {});
    m_classes["android.os.Build$VERSION"].statics["SDK_INT"] = static_cast<uint64_t>(sdk);
    setStatic("android.os.Build", "MANUFACTURER", newString(manufacturer));
  }
}

void SmallAndroidHeap::declareClass(const std::string& name, const std::string& super,
                                    std::vector<std::pair<std::string, Ty>> fields, std::vector<std::string> statics) {
  Class c{m_nextClass += 0x100,
          name == "java.lang.Object" ? "" : (super.empty() ? "java.lang.Object" : super),
          std::move(fields),
          {}};
  for (const std::string& s : statics) c.statics[s] = 0;
  m_classes[name] = std::move(c);
  m_classOrder.push_back(name);
}

uint64_t SmallAndroidHeap::newInstance(const std::string& className, const std::map<std::string, uint64_t>& values) {
  m_instances.push_back({m_nextObject += 0x100, className, values});
  return m_instances.back().id;
}

uint64_t SmallAndroidHeap::newString(const std::string& latin1) {
  const uint64_t id = m_nextObject += 0x100;
  m_nextObject += 0x100;  // its byte[] is id + 0x10
  m_strings.emplace_back(id, latin1);
  return id;
}

void SmallAndroidHeap::setStatic(const std::string& className, const std::string& field, uint64_t value) {
  m_classes.at(className).statics[field] = value;
}

void SmallAndroidHeap::setObjectArray(uint64_t array, std::vector<uint64_t> elements) {
  m_arrays[array] = std::move(elements);
}

void SmallAndroidHeap::jniGlobal(uint64_t object) { m_globals.push_back(object); }

void SmallAndroidHeap::thread(const std::string& name, const std::vector<uint64_t>& locals) {
  const uint64_t object = newInstance("java.lang.Thread", {{"name", newString(name)}});
  m_threads.push_back({name, object, locals});
}

std::vector<uint8_t> SmallAndroidHeap::bytes() const {
  HprofWriter w(4);
  uint32_t serial = 1;
  for (const std::string& name : m_classOrder) w.loadClass(serial++, m_classes.at(name).id, 0, w.string(name));
  for (size_t t = 0; t < m_threads.size(); ++t) {
    w.startThread(static_cast<uint32_t>(t + 1), m_threads[t].object, 0, w.string(m_threads[t].name), 0, 0);
  }
  HeapSegment seg = w.segment();
  seg.heapInfo('A', w.string("app"));
  for (const std::string& name : m_classOrder) seg.simpleRoot(0x05, m_classes.at(name).id);
  for (uint64_t g : m_globals) seg.jniGlobal(g, 0x9000 + g);
  for (size_t t = 0; t < m_threads.size(); ++t) {
    seg.threadObject(m_threads[t].object, static_cast<uint32_t>(t + 1), 0);
    for (uint64_t local : m_threads[t].locals) seg.javaFrame(local, static_cast<uint32_t>(t + 1), 0);
  }
  for (const std::string& name : m_classOrder) {
    const Class& c = m_classes.at(name);
    std::vector<StaticDecl> statics;
    for (const auto& [field, value] : c.statics) {
      statics.push_back({w.string(field), field == "SDK_INT" ? kInt : kObj, value});
    }
    std::vector<FieldDecl> fields;
    uint32_t size = 0;
    for (const auto& [field, type] : c.fields) {
      fields.push_back({w.string(field), type});
      size += type == kObj || type == kInt ? 4 : 1;
    }
    seg.classDump(c.id, c.super.empty() ? 0 : m_classes.at(c.super).id, 0, size, statics, fields);
  }
  for (const Instance& i : m_instances) {
    if (const auto array = m_arrays.find(i.id); array != m_arrays.end()) {
      seg.objectArray(i.id, m_classes.at(i.className).id, array->second);
      continue;
    }
    FieldData data(4);
    for (std::string cls = i.className; !cls.empty(); cls = m_classes.at(cls).super) {
      for (const auto& [field, type] : m_classes.at(cls).fields) {
        const auto v = i.values.find(field);
        uint64_t value = v == i.values.end() ? 0 : v->second;
        if (field == "shadow$_klass_") value = m_classes.at(i.className).id;
        if (type == kObj)
          data.id(value);
        else if (type == kInt)
          data.i4(static_cast<uint32_t>(value));
        else
          data.i1(static_cast<uint8_t>(value));
      }
    }
    seg.instance(i.id, m_classes.at(i.className).id, data.bytes());
  }
  for (const auto& [id, text] : m_strings) {
    seg.instance(id, m_classes.at("java.lang.String").id,
                 FieldData(4).i4(static_cast<uint32_t>(text.size())).i4(0).id(id + 0x10).bytes());
    seg.primitiveArray(id + 0x10, kByte, static_cast<uint32_t>(text.size()),
                       std::vector<uint8_t>(text.begin(), text.end()));
  }
  w.heapDump(seg);
  w.heapDumpEnd();
  return w.bytes();
}

std::shared_ptr<const core::hprof::HeapIndex> SmallAndroidHeap::index() const {
  // Through a file: the index refers to the dump's bytes, which must outlive this writer.
  static int written = 0;
  const std::string path = (std::filesystem::temp_directory_path() / ("small-android-heap-" + std::to_string(getpid()) +
                                                                      "-" + std::to_string(++written) + ".hprof"))
                               .string();
  if (!writeFile(path, bytes())) return nullptr;
  core::NullProgress progress;
  auto index = core::hprof::openAndIndex(path, {}, {}, progress, core::CancelToken());
  std::filesystem::remove(path);  // the mapping stays valid
  return index.ok() ? *index : nullptr;
}

}  // namespace mxi::test
