#include "core/analysis/known_references.h"

#include <nlohmann/json.hpp>

namespace mxi::core::analysis {

using hprof::ClassIndex;
using hprof::ObjectIndex;
using Kind = KnownReference::Kind;

std::vector<KnownReference> builtinKnownReferences() {
  // Facts about the Android framework, as collected by the LeakCanary and Matrix communities.
  return {
      {Kind::kInstanceField, "android.view.inputmethod.InputMethodManager", "mServedView",
       "InputMethodManager keeps the last focused view until another view takes focus (Android 5-9)."},
      {Kind::kInstanceField, "android.view.inputmethod.InputMethodManager", "mNextServedView",
       "InputMethodManager keeps the next focused view until another view takes focus (Android 5-9)."},
      {Kind::kInstanceField, "android.view.inputmethod.InputMethodManager", "mCurRootView",
       "InputMethodManager keeps the root view of the last focused window (Android 5-10)."},
      {Kind::kStaticField, "android.text.TextLine", "sCached",
       "TextLine caches recently measured lines, with their spans, in a static pool (Android 5 and earlier)."},
      {Kind::kInstanceField, "android.app.ActivityThread$ActivityClientRecord", "nextIdle",
       "ActivityThread keeps destroyed activities on its idle queue until the main thread is idle (Android 5-9)."},
      {Kind::kInstanceField, "android.media.session.MediaSessionLegacyHelper", "mContext",
       "MediaSessionLegacyHelper is a singleton that keeps the first context it was given (Android 5)."},
      {Kind::kStaticField, "android.view.accessibility.AccessibilityNodeInfo", "sPool",
       "AccessibilityNodeInfo instances are pooled and keep their views (Android 6-8)."},
      {Kind::kInstanceField, "android.os.Message", "obj",
       "A Message in a HandlerThread's queue that was never recycled keeps its payload (Android before 10)."},
      {Kind::kInstanceField, "android.widget.Editor$SpanController", "this$0",
       "Editor's SpanController keeps the TextView after it is detached (Android 5-7)."},
      {Kind::kStaticField, "android.app.Activity", "mDebugAllPlatformViews",
       "Debug view lists kept by the framework in debug builds."},
      {Kind::kInstanceField, "android.view.ViewRootImpl", "mContext",
       "ViewRootImpl is kept by the window manager until the window is removed; it holds its context."},
      {Kind::kInstanceField, "android.app.ContextImpl", "mOuterContext",
       "A leaked ContextImpl (e.g. by a system service) keeps its outer Activity."},
  };
}

StatusOr<std::vector<KnownReference>> parseKnownReferences(std::string_view text) {
  const nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
  if (doc.is_discarded() || !doc.is_array()) return invalidInput("known references: expected a JSON array");
  std::vector<KnownReference> out;
  for (size_t i = 0; i < doc.size(); ++i) {
    const nlohmann::json& e = doc[i];
    const std::string where = "known references: entry " + std::to_string(i);
    if (!e.is_object()) return invalidInput(where + " is not an object");
    KnownReference k;
    const std::string kind = e.value("kind", "");
    if (kind == "instanceField") {
      k.kind = Kind::kInstanceField;
    } else if (kind == "staticField") {
      k.kind = Kind::kStaticField;
    } else {
      return invalidInput(where + ": kind must be instanceField or staticField");
    }
    if (!e.contains("className") || !e["className"].is_string() || !e.contains("fieldName") ||
        !e["fieldName"].is_string()) {
      return invalidInput(where + ": className and fieldName are required strings");
    }
    k.className = e["className"].get<std::string>();
    k.fieldName = e["fieldName"].get<std::string>();
    k.description = e.value("description", "");
    out.push_back(std::move(k));
  }
  return out;
}

KnownReferenceMatcher::KnownReferenceMatcher(const hprof::HeapIndex& index, std::vector<KnownReference> patterns)
    : m_index(index), m_patterns(std::move(patterns)) {
  const uint32_t classes = index.classCount();
  m_instancePatterns.resize(classes);
  m_staticPatterns.resize(classes);
  for (size_t p = 0; p < m_patterns.size(); ++p) {
    const auto declaring = index.findClass(m_patterns[p].className);
    if (!declaring) continue;
    if (m_patterns[p].kind == Kind::kStaticField) {
      m_staticPatterns[declaring->value].push_back(static_cast<int>(p));
      continue;
    }
    for (uint32_t c = 0; c < classes; ++c) {
      if (index.isSubclassOf(ClassIndex{c}, *declaring)) m_instancePatterns[c].push_back(static_cast<int>(p));
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
    for (int p : m_instancePatterns[m_index.classOf(object).value]) add(m_index.field(object, m_patterns[p].fieldName), p);
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

}  // namespace mxi::core::analysis
