// Reading Android framework objects by field name, tolerant of missing fields (obfuscated or
// other platform versions): each helper answers nullopt when the dump cannot tell.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/hprof/heap_index.h"

namespace mxi::core::analysis {

class AndroidObjects {
 public:
  explicit AndroidObjects(const hprof::HeapIndex& index);

  bool isInstanceOf(hprof::ObjectIndex object, hprof::ClassIndex cls) const;
  std::optional<bool> boolField(hprof::ObjectIndex object, std::string_view name) const;
  std::optional<int64_t> intField(hprof::ObjectIndex object, std::string_view name) const;
  // nullopt when the field is absent; kNoObject when it is null (or dangling).
  std::optional<hprof::ObjectIndex> objectField(hprof::ObjectIndex object, std::string_view name) const;
  std::optional<std::string> stringField(hprof::ObjectIndex object, std::string_view name) const;

  // The Activity a Context is or wraps (ContextWrapper.mBase chain), kNoObject if none.
  hprof::ObjectIndex activityOf(hprof::ObjectIndex context) const;
  // Activity state: "Activity#mDestroyed is true" etc.; nullopt when neither field is readable.
  struct State {
    bool finished;  // destroyed or finishing
    std::string reason;
  };
  std::optional<State> activityState(hprof::ObjectIndex activity) const;
  std::optional<State> fragmentState(hprof::ObjectIndex fragment) const;
  std::optional<State> viewState(hprof::ObjectIndex view) const;
  std::optional<State> dialogState(hprof::ObjectIndex dialog) const;
  std::optional<State> viewModelState(hprof::ObjectIndex viewModel) const;
  std::optional<State> windowState(hprof::ObjectIndex window) const;
  std::optional<State> messageQueueState(hprof::ObjectIndex queue) const;
  std::optional<State> toastState(hprof::ObjectIndex toast) const;
  std::optional<State> viewRootState(hprof::ObjectIndex viewRoot) const;
  std::optional<State> serviceState(hprof::ObjectIndex service) const;
  // ContextWrapper (not an Activity, Service or Application) and ContextImpl: the state of the
  // activity they wrap (mBase chain) or belong to (ContextImpl.mOuterContext).
  std::optional<State> contextState(hprof::ObjectIndex context) const;
  std::optional<State> editorState(hprof::ObjectIndex editor) const;

  // YES with `whenTrue` / NO with `whenFalse` by a boolean field; nullopt when it is missing.
  std::optional<State> flagState(hprof::ObjectIndex object, std::string_view field, std::string whenTrue,
                                 std::string whenFalse) const;

  std::optional<hprof::ClassIndex> activity, contextWrapper, view, dialog, window, viewModel, application, looper,
      thread, fragment, androidxFragment, supportFragment, messageQueue, toast, viewRootImpl, service, contextImpl,
      inputMethodManager, editor;

  const hprof::HeapIndex& index() const { return m_index; }

 private:
  const hprof::HeapIndex& m_index;
};

}  // namespace mxi::core::analysis
