#include "core/analysis/leak_status.h"

namespace mxi::core::analysis {

using hprof::ObjectIndex;

std::string_view leakingStatusName(LeakingStatus status) {
  switch (status) {
    case LeakingStatus::kNo: return "NO";
    case LeakingStatus::kYes: return "YES";
    case LeakingStatus::kUnknown: break;
  }
  return "UNKNOWN";
}

namespace {

StatusVerdict fromState(const std::optional<AndroidObjects::State>& s) {
  if (!s) return {};
  return {s->finished ? LeakingStatus::kYes : LeakingStatus::kNo, s->reason};
}

}  // namespace

StatusVerdict inspectObject(const AndroidObjects& android, ObjectIndex object, bool isRootThread) {
  const hprof::HeapIndex& index = android.index();
  if (index.kindOf(object) == hprof::ObjectKind::kClass) return {LeakingStatus::kNo, "a class is never leaking"};
  if (index.kindOf(object) != hprof::ObjectKind::kInstance) return {};
  auto is = [&](const std::optional<hprof::ClassIndex>& cls) { return cls && android.isInstanceOf(object, *cls); };

  if (is(android.thread)) {
    const auto name = android.stringField(object, "name");
    if (name && *name == "main") return {LeakingStatus::kNo, "the main thread is never leaking"};
    if (isRootThread) return {LeakingStatus::kNo, "a running thread (GC root) is not leaking"};
    return {};
  }
  if (is(android.application)) return {LeakingStatus::kNo, "Application is a singleton"};
  if (is(android.inputMethodManager)) return {LeakingStatus::kNo, "InputMethodManager is a singleton"};
  if (is(android.looper)) {
    if (const auto t = android.objectField(object, "mThread"); t && *t != hprof::kNoObject) {
      if (android.stringField(*t, "name") == std::optional<std::string>("main")) {
        return {LeakingStatus::kNo, "the main thread's Looper is never leaking"};
      }
    }
    return {};
  }
  if (is(android.activity)) return fromState(android.activityState(object));
  for (const auto& f : {android.fragment, android.androidxFragment, android.supportFragment}) {
    if (is(f)) return fromState(android.fragmentState(object));
  }
  if (is(android.view)) return fromState(android.viewState(object));
  if (is(android.dialog)) return fromState(android.dialogState(object));
  if (is(android.viewModel)) return fromState(android.viewModelState(object));
  if (is(android.window)) return fromState(android.windowState(object));
  if (is(android.messageQueue)) return fromState(android.messageQueueState(object));
  if (is(android.toast)) return fromState(android.toastState(object));
  if (is(android.viewRootImpl)) return fromState(android.viewRootState(object));
  if (is(android.service)) return fromState(android.serviceState(object));
  if (is(android.editor)) return fromState(android.editorState(object));
  if (is(android.contextImpl) || is(android.contextWrapper)) {
    if (auto v = fromState(android.contextState(object)); v.status != LeakingStatus::kUnknown) return v;
  }

  // A singleton: held by a static field of its own class.
  const hprof::ClassIndex cls = index.classOf(object);
  if (cls != hprof::kNoClass) {
    const hprof::ObjectId id = index.idOf(object);
    for (const hprof::StaticField& st : index.classInfo(cls).staticFields) {
      if (st.type == hprof::BasicType::kObject && st.rawValue == id.value) {
        return {LeakingStatus::kNo, "a singleton (held by its class's static field " + std::string(st.name) + ")"};
      }
    }
  }
  return {};
}

SuspectRange propagateStatuses(std::vector<StatusVerdict>& chain, const std::vector<std::string>& classNames) {
  const size_t n = chain.size();
  MXI_CHECK(n > 0 && classNames.size() == n);
  auto shortName = [&](size_t i) {
    const std::string& name = classNames[i];
    const size_t dot = name.rfind('.');
    return dot == std::string::npos ? name : name.substr(dot + 1);
  };
  // The last NO before the leaking object.
  ptrdiff_t lastNo = -1;
  for (size_t i = 0; i + 1 < n; ++i) {
    if (chain[i].status == LeakingStatus::kNo) lastNo = static_cast<ptrdiff_t>(i);
  }
  size_t firstYes = n - 1;
  for (size_t i = static_cast<size_t>(lastNo + 1); i < n; ++i) {
    if (chain[i].status == LeakingStatus::kYes) {
      firstYes = i;
      break;
    }
  }
  for (ptrdiff_t i = 0; i < lastNo; ++i) {
    StatusVerdict& v = chain[static_cast<size_t>(i)];
    const std::string because = shortName(static_cast<size_t>(i) + 1) + "↓ is not leaking";
    if (v.status == LeakingStatus::kUnknown) {
      v = {LeakingStatus::kNo, because};
    } else if (v.status == LeakingStatus::kYes) {
      v = {LeakingStatus::kNo, because + ". Conflicts with " + v.reason};
    }
  }
  for (size_t i = firstYes + 1; i < n; ++i) {
    if (chain[i].status == LeakingStatus::kUnknown) chain[i] = {LeakingStatus::kYes, shortName(i - 1) + "↑ is leaking"};
  }
  return {static_cast<size_t>(std::max<ptrdiff_t>(lastNo + 1, 1)), firstYes};
}

}  // namespace mxi::core::analysis
