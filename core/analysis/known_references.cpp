#include "core/analysis/known_references.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

namespace mxi::core::analysis {

using hprof::ClassIndex;
using hprof::ObjectIndex;
using Kind = KnownReference::Kind;

std::string_view knownReferenceKindName(Kind kind) {
  switch (kind) {
    case Kind::kInstanceField: return "instanceField";
    case Kind::kStaticField: return "staticField";
    case Kind::kJavaLocal: return "javaLocal";
    case Kind::kNativeGlobal: return "nativeGlobal";
  }
  return "instanceField";
}

std::string knownReferenceText(const KnownReference& p) {
  switch (p.kind) {
    case Kind::kJavaLocal: return "a local variable of thread " + p.threadName;
    case Kind::kNativeGlobal: return "a JNI global reference to " + p.className;
    default: return p.className + "." + p.fieldName;
  }
}

namespace {

bool equalsIgnoringCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

}  // namespace

AndroidBuild readAndroidBuild(const hprof::HeapIndex& index) {
  AndroidBuild build;
  if (const auto version = index.findClass("android.os.Build$VERSION")) {
    if (const auto sdk = index.staticField(*version, "SDK_INT"); sdk && sdk->type == hprof::BasicType::kInt) {
      build.sdk = sdk->asInt();
    }
  }
  if (const auto cls = index.findClass("android.os.Build")) {
    if (const auto m = index.staticField(*cls, "MANUFACTURER"); m && m->type == hprof::BasicType::kObject && m->raw) {
      if (const auto s = index.find(m->asObjectId())) build.manufacturer = index.stringValue(*s).value_or("");
    }
  }
  return build;
}

bool appliesTo(const KnownReference& p, const AndroidBuild& build) {
  // Without SDK_INT (a JVM's dump) the platform is taken as current: fixed bugs do not apply.
  if (p.maxSdk > 0 && (!build.sdk || *build.sdk > p.maxSdk)) return false;
  if (build.sdk && p.minSdk > 0 && *build.sdk < p.minSdk) return false;
  if (!p.manufacturer.empty() && !build.manufacturer.empty() &&
      !equalsIgnoringCase(p.manufacturer, build.manufacturer)) {
    return false;
  }
  return true;
}

StatusOr<std::vector<KnownReference>> parseKnownReferences(std::string_view json) {
  const nlohmann::json doc = nlohmann::json::parse(json, nullptr, false);
  if (doc.is_discarded() || !doc.is_array()) return invalidInput("known references: expected a JSON array");
  std::vector<KnownReference> out;
  for (size_t i = 0; i < doc.size(); ++i) {
    const nlohmann::json& e = doc[i];
    const std::string where = "known references: entry " + std::to_string(i);
    if (!e.is_object()) return invalidInput(where + " is not an object");
    auto text = [&](const char* key, std::string& into) {
      const auto it = e.find(key);
      if (it == e.end() || !it->is_string() || it->get<std::string>().empty()) return false;
      into = it->get<std::string>();
      return true;
    };
    KnownReference k;
    std::string kind, type;
    text("kind", kind);
    if (kind == "instanceField" || kind == "staticField") {
      k.kind = kind == "staticField" ? Kind::kStaticField : Kind::kInstanceField;
      if (!text("className", k.className) || !text("fieldName", k.fieldName)) {
        return invalidInput(where + ": " + kind + " needs className and fieldName");
      }
    } else if (kind == "javaLocal") {
      k.kind = Kind::kJavaLocal;
      if (!text("threadName", k.threadName)) return invalidInput(where + ": javaLocal needs threadName");
    } else if (kind == "nativeGlobal") {
      k.kind = Kind::kNativeGlobal;
      if (!text("className", k.className)) return invalidInput(where + ": nativeGlobal needs className");
    } else {
      return invalidInput(where + ": kind must be instanceField, staticField, javaLocal or nativeGlobal");
    }
    if (text("type", type) && type != "library" && type != "ignored") {
      return invalidInput(where + ": type must be library or ignored");
    }
    k.type = type == "ignored" ? KnownReference::Type::kIgnored : KnownReference::Type::kLibrary;
    text("description", k.description);
    text("manufacturer", k.manufacturer);
    for (auto [key, into] : {std::pair{"minSdk", &k.minSdk}, std::pair{"maxSdk", &k.maxSdk}}) {
      const auto it = e.find(key);
      if (it == e.end()) continue;
      if (!it->is_number_integer()) return invalidInput(where + ": " + key + " must be an integer");
      *into = it->get<int>();
    }
    out.push_back(std::move(k));
  }
  return out;
}

StatusOr<std::vector<KnownReference>> readKnownReferencesFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return ioError(path + ": cannot read the known references file");
  std::stringstream text;
  text << in.rdbuf();
  auto parsed = parseKnownReferences(text.str());
  if (!parsed.ok()) return Status(parsed.status().code(), path + ": " + parsed.status().message());
  return parsed;
}

KnownReferenceMatcher::KnownReferenceMatcher(const hprof::HeapIndex& index, std::vector<KnownReference> patterns)
    : m_index(index), m_patterns(std::move(patterns)) {
  const uint32_t classes = index.classCount();
  m_instancePatterns.resize(classes);
  m_staticPatterns.resize(classes);
  m_globalPatterns.resize(classes);
  const AndroidBuild build = readAndroidBuild(index);
  for (size_t p = 0; p < m_patterns.size(); ++p) {
    const KnownReference& k = m_patterns[p];
    if (!appliesTo(k, build)) continue;
    if (k.kind == Kind::kJavaLocal) {
      m_localPatterns.push_back(static_cast<int>(p));
      continue;
    }
    const auto declaring = index.findClass(k.className);
    if (!declaring) continue;
    if (k.kind == Kind::kStaticField) {
      m_staticPatterns[declaring->value].push_back(static_cast<int>(p));
      continue;
    }
    auto& byClass = k.kind == Kind::kInstanceField ? m_instancePatterns : m_globalPatterns;
    for (uint32_t c = 0; c < classes; ++c) {
      if (index.isSubclassOf(ClassIndex{c}, *declaring)) byClass[c].push_back(static_cast<int>(p));
    }
  }
}

bool KnownReferenceMatcher::mayMatch(ObjectIndex object) const {
  const hprof::ObjectKind kind = m_index.kindOf(object);
  if (kind == hprof::ObjectKind::kInstance) {
    const uint32_t c = m_index.classOf(object).value;
    return c < m_instancePatterns.size() && !m_instancePatterns[c].empty();
  }
  if (kind == hprof::ObjectKind::kClass) {
    const auto cls = m_index.classForObject(object);
    return cls && !m_staticPatterns[cls->value].empty();
  }
  return false;
}

std::vector<std::pair<ObjectIndex, int>> KnownReferenceMatcher::matches(ObjectIndex object) const {
  std::vector<std::pair<ObjectIndex, int>> out;
  if (!mayMatch(object)) return out;
  auto add = [&](std::optional<hprof::Value> v, int pattern) {
    if (!v || v->type != hprof::BasicType::kObject || v->raw == 0) return;
    if (const auto target = m_index.find(v->asObjectId())) out.emplace_back(*target, pattern);
  };
  if (m_index.kindOf(object) == hprof::ObjectKind::kInstance) {
    for (int p : m_instancePatterns[m_index.classOf(object).value])
      add(m_index.field(object, m_patterns[p].fieldName), p);
  } else {
    const ClassIndex cls = *m_index.classForObject(object);
    for (int p : m_staticPatterns[cls.value]) add(m_index.staticField(cls, m_patterns[p].fieldName), p);
  }
  return out;
}

int KnownReferenceMatcher::matchField(ObjectIndex from, std::string_view fieldName, bool isStatic) const {
  if (!mayMatch(from)) return -1;
  const std::vector<int>* candidates = nullptr;
  if (isStatic) {
    const auto cls = m_index.classForObject(from);
    if (!cls) return -1;
    candidates = &m_staticPatterns[cls->value];
  } else {
    candidates = &m_instancePatterns[m_index.classOf(from).value];
  }
  for (int p : *candidates) {
    if (m_patterns[p].fieldName == fieldName) return p;
  }
  return -1;
}

int KnownReferenceMatcher::matchRoot(const hprof::GcRoot& root) const {
  if (root.object == hprof::kNoObject) return -1;
  if (root.kind == hprof::RootKind::kJavaFrame && !m_localPatterns.empty()) {
    const hprof::ThreadInfo* thread = m_index.threadBySerial(root.threadSerial);
    for (int p : m_localPatterns) {
      if (thread && thread->name == m_patterns[p].threadName) return p;
    }
  }
  if (root.kind == hprof::RootKind::kJniGlobal && m_index.kindOf(root.object) == hprof::ObjectKind::kInstance) {
    const uint32_t c = m_index.classOf(root.object).value;
    if (c < m_globalPatterns.size() && !m_globalPatterns[c].empty()) return m_globalPatterns[c].front();
  }
  return -1;
}

}  // namespace mxi::core::analysis
