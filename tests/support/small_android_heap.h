// A small Android-shaped heap built by name for analysis tests: classes with fields and statics,
// instances, JNI global and Java-local roots, threads, and optionally android.os.Build with an
// SDK level and a manufacturer. Written with HprofWriter (ART layout, 4-byte ids) and indexed.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/hprof/heap_index.h"
#include "tests/support/hprof_writer.h"

namespace mxi::test {

class SmallAndroidHeap {
 public:
  // sdk 0: no android.os.Build in the dump (as a JVM's). `artObjectFields`: java.lang.Object
  // declares ART's shadow$_klass_ (each instance's class) and shadow$_monitor_, as ART writes it.
  explicit SmallAndroidHeap(int sdk = 0, std::string manufacturer = {}, bool artObjectFields = false);

  // A class below `super` ("" for java.lang.Object) with instance fields (kObj, kBool, kInt) and
  // object-valued statics. Every class is a sticky-class root.
  void declareClass(const std::string& name, const std::string& super, std::vector<std::pair<std::string, Ty>> fields,
                    std::vector<std::string> statics = {});
  // An instance; `values` by field name (object ids, or 0/1 and ints), inherited fields included.
  uint64_t newInstance(const std::string& className, const std::map<std::string, uint64_t>& values = {});
  uint64_t newString(const std::string& latin1);
  void setStatic(const std::string& className, const std::string& field, uint64_t value);
  // Makes `array` (an instance made with newInstance of an array class) an object array of these.
  void setObjectArray(uint64_t array, std::vector<uint64_t> elements);
  void jniGlobal(uint64_t object);
  // A thread (START_THREAD with its name, a thread-object root) whose Java frame holds `locals`.
  void thread(const std::string& name, const std::vector<uint64_t>& locals);

  // The dump's bytes, and the dump indexed.
  std::vector<uint8_t> bytes() const;
  std::shared_ptr<const core::hprof::HeapIndex> index() const;

 private:
  struct Class {
    uint64_t id;
    std::string super;
    std::vector<std::pair<std::string, Ty>> fields;
    std::map<std::string, uint64_t> statics;
  };
  struct Instance {
    uint64_t id;
    std::string className;
    std::map<std::string, uint64_t> values;
  };
  struct Thread {
    std::string name;
    uint64_t object;
    std::vector<uint64_t> locals;
  };
  std::map<std::string, Class> m_classes;
  std::vector<std::string> m_classOrder;
  std::vector<Instance> m_instances;
  std::map<uint64_t, std::vector<uint64_t>> m_arrays;       // instance id → elements
  std::vector<std::pair<uint64_t, std::string>> m_strings;  // String object, its text
  std::vector<uint64_t> m_globals;
  std::vector<Thread> m_threads;
  uint64_t m_nextClass = 0x70000000, m_nextObject = 0x12c00000;
};

}  // namespace mxi::test
