#include "core/analysis/android_objects.h"

namespace mxi::core::analysis {

using hprof::ObjectIndex;

AndroidObjects::AndroidObjects(const hprof::HeapIndex& index) : m_index(index) {
  activity = index.findClass("android.app.Activity");
  contextWrapper = index.findClass("android.content.ContextWrapper");
  view = index.findClass("android.view.View");
  dialog = index.findClass("android.app.Dialog");
  window = index.findClass("android.view.Window");
  viewModel = index.findClass("androidx.lifecycle.ViewModel");
  application = index.findClass("android.app.Application");
  looper = index.findClass("android.os.Looper");
  thread = index.findClass("java.lang.Thread");
  fragment = index.findClass("android.app.Fragment");
  androidxFragment = index.findClass("androidx.fragment.app.Fragment");
  supportFragment = index.findClass("android.support.v4.app.Fragment");
  messageQueue = index.findClass("android.os.MessageQueue");
  toast = index.findClass("android.widget.Toast");
  viewRootImpl = index.findClass("android.view.ViewRootImpl");
  service = index.findClass("android.app.Service");
  contextImpl = index.findClass("android.app.ContextImpl");
  inputMethodManager = index.findClass("android.view.inputmethod.InputMethodManager");
  editor = index.findClass("android.widget.Editor");
}

bool AndroidObjects::isInstanceOf(ObjectIndex object, hprof::ClassIndex cls) const {
  return m_index.kindOf(object) == hprof::ObjectKind::kInstance && m_index.isSubclassOf(m_index.classOf(object), cls);
}

std::optional<bool> AndroidObjects::boolField(ObjectIndex object, std::string_view name) const {
  const auto v = m_index.field(object, name);
  if (!v || v->type != hprof::BasicType::kBoolean) return std::nullopt;
  return v->asBool();
}

std::optional<int64_t> AndroidObjects::intField(ObjectIndex object, std::string_view name) const {
  const auto v = m_index.field(object, name);
  if (!v || v->type == hprof::BasicType::kObject || v->type == hprof::BasicType::kFloat ||
      v->type == hprof::BasicType::kDouble) {
    return std::nullopt;
  }
  return v->asLong();
}

std::optional<ObjectIndex> AndroidObjects::objectField(ObjectIndex object, std::string_view name) const {
  const auto v = m_index.field(object, name);
  if (!v || v->type != hprof::BasicType::kObject) return std::nullopt;
  if (v->raw == 0) return hprof::kNoObject;
  return m_index.find(v->asObjectId()).value_or(hprof::kNoObject);
}

std::optional<std::string> AndroidObjects::stringField(ObjectIndex object, std::string_view name) const {
  const auto target = objectField(object, name);
  if (!target || *target == hprof::kNoObject) return std::nullopt;
  return m_index.stringValue(*target);
}

ObjectIndex AndroidObjects::activityOf(ObjectIndex context) const {
  for (int depth = 0; depth < 16 && context != hprof::kNoObject; ++depth) {
    if (activity && isInstanceOf(context, *activity)) return context;
    if (!contextWrapper || !isInstanceOf(context, *contextWrapper)) return hprof::kNoObject;
    context = objectField(context, "mBase").value_or(hprof::kNoObject);
  }
  return hprof::kNoObject;
}

std::optional<AndroidObjects::State> AndroidObjects::activityState(ObjectIndex a) const {
  const auto destroyed = boolField(a, "mDestroyed");
  const auto finished = boolField(a, "mFinished");
  if (destroyed.value_or(false)) return State{true, "Activity#mDestroyed is true"};
  if (finished.value_or(false)) return State{true, "Activity#mFinished is true"};
  if (destroyed) return State{false, "Activity#mDestroyed is false"};
  if (finished) return State{false, "Activity#mFinished is false"};
  return std::nullopt;
}

std::optional<AndroidObjects::State> AndroidObjects::fragmentState(ObjectIndex f) const {
  const auto manager = objectField(f, "mFragmentManager");
  if (!manager) return std::nullopt;
  if (*manager == hprof::kNoObject) return State{true, "Fragment.mFragmentManager is null"};
  return State{false, "Fragment.mFragmentManager is not null"};
}

std::optional<AndroidObjects::State> AndroidObjects::viewState(ObjectIndex v) const {
  if (const auto context = objectField(v, "mContext"); context && *context != hprof::kNoObject) {
    const ObjectIndex owner = activityOf(*context);
    if (owner != hprof::kNoObject) {
      if (const auto s = activityState(owner); s && s->finished) {
        return State{true, "View.mContext references a finished activity (" + s->reason + ")"};
      }
    }
  }
  const auto attachInfo = objectField(v, "mAttachInfo");
  if (!attachInfo) return std::nullopt;
  if (*attachInfo != hprof::kNoObject) return State{false, "View.mAttachInfo is not null (view attached)"};
  // Never attached (mWindowAttachCount == 0) is a view being built, not a leak.
  const auto attachCount = intField(v, "mWindowAttachCount");
  if (attachCount && *attachCount == 0) return std::nullopt;
  return State{true, "View.mAttachInfo is null (view detached)"};
}

std::optional<AndroidObjects::State> AndroidObjects::dialogState(ObjectIndex d) const {
  const auto w = objectField(d, "mWindow");
  if (!w || *w == hprof::kNoObject) return std::nullopt;
  const auto destroyed = boolField(*w, "mDestroyed");
  if (!destroyed) return std::nullopt;
  if (*destroyed) return State{true, "Dialog.mWindow is destroyed (Window#mDestroyed is true)"};
  return State{false, "Dialog.mWindow is not destroyed"};
}

std::optional<AndroidObjects::State> AndroidObjects::viewModelState(ObjectIndex vm) const {
  auto cleared = boolField(vm, "mCleared");
  if (!cleared) {  // lifecycle 2.8+: ViewModel.impl.isCleared
    if (const auto impl = objectField(vm, "impl"); impl && *impl != hprof::kNoObject)
      cleared = boolField(*impl, "isCleared");
  }
  if (!cleared) return std::nullopt;
  return *cleared ? State{true, "ViewModel was cleared (onCleared() called)"}
                  : State{false, "ViewModel is not cleared"};
}

std::optional<AndroidObjects::State> AndroidObjects::flagState(ObjectIndex object, std::string_view field,
                                                               std::string whenTrue, std::string whenFalse) const {
  const auto flag = boolField(object, field);
  if (!flag) return std::nullopt;
  return *flag ? State{true, std::move(whenTrue)} : State{false, std::move(whenFalse)};
}

std::optional<AndroidObjects::State> AndroidObjects::windowState(ObjectIndex w) const {
  return flagState(w, "mDestroyed", "Window#mDestroyed is true", "Window#mDestroyed is false");
}

std::optional<AndroidObjects::State> AndroidObjects::messageQueueState(ObjectIndex q) const {
  return flagState(q, "mQuitting", "MessageQueue#mQuitting is true (its Looper quit)",
                   "MessageQueue#mQuitting is false (its Looper still runs)");
}

std::optional<AndroidObjects::State> AndroidObjects::toastState(ObjectIndex t) const {
  const auto tn = objectField(t, "mTN");
  if (!tn || *tn == hprof::kNoObject) return std::nullopt;
  if (const auto wm = objectField(*tn, "mWM"); wm && *wm != hprof::kNoObject) {
    return State{false, "Toast is showing (Toast.mTN.mWM is not null)"};
  }
  if (const auto shown = objectField(*tn, "mView"); shown && *shown == hprof::kNoObject) {
    return State{true, "Toast is gone (Toast.mTN.mView is null)"};
  }
  return std::nullopt;
}

std::optional<AndroidObjects::State> AndroidObjects::viewRootState(ObjectIndex r) const {
  const auto root = objectField(r, "mView");
  if (!root) return std::nullopt;
  if (*root == hprof::kNoObject) return State{true, "ViewRootImpl#mView is null (its window was removed)"};
  return State{false, "ViewRootImpl#mView is not null (its window is shown)"};
}

std::optional<AndroidObjects::State> AndroidObjects::serviceState(ObjectIndex svc) const {
  // ActivityThread.sCurrentActivityThread.mServices (ArrayMap<IBinder, Service>) holds the
  // services that are created and not yet destroyed.
  const auto threadClass = m_index.findClass("android.app.ActivityThread");
  if (!threadClass) return std::nullopt;
  const auto current = m_index.staticField(*threadClass, "sCurrentActivityThread");
  if (!current || current->type != hprof::BasicType::kObject || current->raw == 0) return std::nullopt;
  const auto activityThread = m_index.find(current->asObjectId());
  if (!activityThread) return std::nullopt;
  const auto services = objectField(*activityThread, "mServices");
  if (!services || *services == hprof::kNoObject) return std::nullopt;
  const auto array = objectField(*services, "mArray");
  if (!array || *array == hprof::kNoObject) return std::nullopt;
  const auto elements = m_index.objectArrayElements(*array);
  if (!elements) return std::nullopt;
  const hprof::ObjectId id = m_index.idOf(svc);
  for (const hprof::ObjectId& e : *elements) {
    if (e == id) return State{false, "Service held by ActivityThread.mServices (not destroyed)"};
  }
  return State{true, "Service not held by ActivityThread.mServices (destroyed)"};
}

std::optional<AndroidObjects::State> AndroidObjects::contextState(ObjectIndex c) const {
  ObjectIndex owner = hprof::kNoObject;
  std::string what;
  if (contextImpl && isInstanceOf(c, *contextImpl)) {
    const auto outer = objectField(c, "mOuterContext");
    if (outer && *outer != hprof::kNoObject) owner = activityOf(*outer);
    what = "ContextImpl.mOuterContext is an activity with ";
  } else if (contextWrapper && isInstanceOf(c, *contextWrapper)) {
    const auto base = objectField(c, "mBase");
    if (base && *base != hprof::kNoObject) owner = activityOf(*base);
    what = "ContextWrapper wraps an activity with ";
  }
  if (owner == hprof::kNoObject) return std::nullopt;
  const auto s = activityState(owner);
  if (!s) return std::nullopt;
  return State{s->finished, what + s->reason};
}

std::optional<AndroidObjects::State> AndroidObjects::editorState(ObjectIndex e) const {
  const auto textView = objectField(e, "mTextView");
  if (!textView || *textView == hprof::kNoObject) return std::nullopt;
  const auto s = viewState(*textView);
  if (!s) return std::nullopt;
  return State{s->finished, "Editor.mTextView: " + s->reason};
}

}  // namespace mxi::core::analysis
