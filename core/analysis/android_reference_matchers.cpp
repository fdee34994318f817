// The built-in known references: facts about Android framework and vendor code collected by the
// LeakCanary community (Shark's AndroidReferenceMatchers, Apache-2.0) and Matrix's
// ResourceCanary, written down here as data. Each applies only to the SDK versions (and
// manufacturer) it was seen on.
#include "core/analysis/known_references.h"

namespace mxi::core::analysis {

namespace {

using Kind = KnownReference::Kind;
using Type = KnownReference::Type;

KnownReference field(Kind kind, std::string cls, std::string name, std::string why, int minSdk = 0, int maxSdk = 0,
                     std::string manufacturer = {}) {
  KnownReference k;
  k.kind = kind;
  k.className = std::move(cls);
  k.fieldName = std::move(name);
  k.description = std::move(why);
  k.minSdk = minSdk;
  k.maxSdk = maxSdk;
  k.manufacturer = std::move(manufacturer);
  return k;
}

KnownReference instance(std::string cls, std::string name, std::string why, int minSdk = 0, int maxSdk = 0,
                        std::string manufacturer = {}) {
  return field(Kind::kInstanceField, std::move(cls), std::move(name), std::move(why), minSdk, maxSdk,
               std::move(manufacturer));
}

KnownReference statik(std::string cls, std::string name, std::string why, int minSdk = 0, int maxSdk = 0,
                      std::string manufacturer = {}) {
  return field(Kind::kStaticField, std::move(cls), std::move(name), std::move(why), minSdk, maxSdk,
               std::move(manufacturer));
}

KnownReference nativeGlobal(std::string cls, std::string why) {
  KnownReference k;
  k.kind = Kind::kNativeGlobal;
  k.className = std::move(cls);
  k.description = std::move(why);
  return k;
}

KnownReference ignoredLocal(std::string thread, std::string why) {
  KnownReference k;
  k.kind = Kind::kJavaLocal;
  k.type = Type::kIgnored;
  k.threadName = std::move(thread);
  k.description = std::move(why);
  return k;
}

}  // namespace

std::vector<KnownReference> builtinKnownReferences() {
  const std::string imm = "android.view.inputmethod.InputMethodManager";
  const std::string immWhy =
      "InputMethodManager keeps the last focused view (and its window) until another view "
      "takes focus.";
  std::vector<KnownReference> list = {
      // Framework (AOSP), by the versions they were seen on.
      instance(imm, "mServedView", immWhy, 15, 28),
      instance(imm, "mNextServedView", immWhy, 15, 28),
      instance(imm, "mServedInputConnection", immWhy, 15, 28),
      instance(imm, "mCurRootView", "InputMethodManager keeps the root view of the last focused window.", 15, 33),
      instance(imm, "mLastSrvView", "InputMethodManager keeps the last served view (vendor builds).", 15, 28),
      statik("android.text.TextLine", "sCached",
             "TextLine caches recently measured lines, with their spans, in a static pool.", 0, 22),
      instance("android.app.ActivityThread$ActivityClientRecord", "nextIdle",
               "ActivityThread keeps destroyed activities on its idle queue until the main thread is idle.", 19, 27),
      statik("android.media.session.MediaSessionLegacyHelper", "sInstance",
             "MediaSessionLegacyHelper is a singleton that keeps the first context it was given.", 21, 21),
      instance("android.media.session.MediaSessionLegacyHelper", "mContext",
               "MediaSessionLegacyHelper is a singleton that keeps the first context it was given.", 21, 21),
      statik("android.view.accessibility.AccessibilityNodeInfo", "sPool",
             "AccessibilityNodeInfo instances are pooled and keep their views.", 23, 27),
      instance("android.view.accessibility.AccessibilityNodeInfo", "mOriginalText",
               "AccessibilityNodeInfo keeps the text (and its spans) of the view it described.", 26, 27),
      instance("android.os.Message", "obj",
               "A thread blocked on its queue keeps the last Message it handled, and its payload, until the next one.",
               0, 20),
      instance("android.os.Message", "next",
               "A thread blocked on its queue keeps the last Message it handled until the next one.", 0, 20),
      instance("android.os.Message", "target",
               "A thread blocked on its queue keeps the last Message's Handler until the next one.", 0, 20),
      instance("android.widget.Editor$SpanController", "this$0",
               "Editor's SpanController keeps the TextView after it is detached.", 0, 19),
      instance("android.widget.Editor$EasyEditSpanController", "this$0",
               "Editor's EasyEditSpanController keeps the TextView after it is detached.", 0, 19),
      instance("android.animation.LayoutTransition$1", "val$parent",
               "LayoutTransition keeps the parent view in a ViewTreeObserver listener it never removes.", 14, 22),
      instance("android.view.textservice.SpellCheckerSession$1", "this$0",
               "SpellCheckerSession's handler keeps the session (and its TextView) after it is closed.", 16, 24),
      instance("android.widget.SpellChecker$1", "this$0",
               "SpellChecker's Runnable keeps the TextView after it is detached.", 22, 22),
      instance("android.media.projection.MediaProjection$MediaProjectionCallback", "this$0",
               "MediaProjectionCallback is held by the system service after the projection stopped.", 22, 28),
      instance("android.speech.SpeechRecognizer$InternalListener", "this$0",
               "SpeechRecognizer's listener is held by the recognition service after destroy().", 0, 20),
      instance("android.accounts.AccountManager$AmsTask$Response", "this$1",
               "AccountManager's AmsTask is held by the system service until it answers.", 0, 27),
      instance("android.media.MediaScannerConnection", "mContext",
               "MediaScannerConnection keeps its context until the scanner service disconnects.", 0, 22),
      instance("android.os.UserManager", "mContext",
               "UserManager caches the first context that asked for it, often an Activity.", 18, 25),
      instance("android.appwidget.AppWidgetHost$Callbacks", "this$0",
               "AppWidgetHost's callbacks are held by the system after stopListening().", 22, 22),
      instance("android.media.AudioManager$1", "this$0",
               "AudioManager's callback is held by the audio service and keeps the context.", 0, 22),
      instance("android.widget.Editor$Blink", "this$0",
               "The cursor blink Runnable stays in the main queue and keeps the TextView.", 0, 22),
      statik("android.net.ConnectivityManager", "sInstance",
             "ConnectivityManager caches the first context that asked for it.", 0, 23),
      instance("android.app.assist.AssistStructure$ViewNodeText", "mText",
               "AssistStructure keeps the text (and spans) of the views it captured.", 23, 0),
      instance("android.widget.AccessibilityIterators$LineTextSegmentIterator", "mLayout",
               "The accessibility line iterator keeps the layout of the last TextView it read.", 27, 27),
      instance("android.hardware.biometrics.BiometricPrompt", "mFingerprintManager",
               "BiometricPrompt keeps FingerprintManager, which keeps the context.", 28, 28),
      instance("android.widget.Magnifier$InternalPopupWindow", "mCallback",
               "Magnifier's popup keeps its callback (and view) until the next frame.", 28, 28),
      instance("com.android.internal.policy.BackdropFrameRenderer", "mDecorView",
               "The backdrop renderer thread keeps the decor view of a resized window.", 24, 25),
      instance("android.view.ViewGroup$ViewLocationHolder", "mRoot",
               "ViewLocationHolder keeps the root of the last accessibility traversal in a static pool.", 28, 28),
      instance("android.view.accessibility.AccessibilityNodeIdManager", "mIdsToViews",
               "AccessibilityNodeIdManager keeps views it gave ids to after they are detached.", 28, 33),
      instance("android.speech.tts.TextToSpeech", "mContext",
               "TextToSpeech keeps its context until shutdown() completes in the service.", 24, 24),
      instance("android.speech.tts.TtsEngines", "mContext", "TtsEngines keeps the TextToSpeech context.", 24, 24),
      instance("android.app.ActivityThread", "mNewActivities",
               "ActivityThread keeps new activities until the main thread is idle.", 19, 27),
      instance("android.view.ViewRootImpl", "mContext",
               "ViewRootImpl is kept by the window manager until the window is removed; it holds its context."),
      instance("android.app.ContextImpl", "mOuterContext",
               "A ContextImpl kept by a system service keeps its outer Activity."),
      statik("android.app.Activity", "mDebugAllPlatformViews",
             "Debug view lists kept by the framework in debug builds."),
      nativeGlobal("android.view.inputmethod.InputMethodManager$ControlledInputConnectionWrapper",
                   "The input method process holds this Binder stub until it is done with the connection."),
      nativeGlobal("android.widget.Toast$TN",
                   "The notification service holds a shown Toast's Binder stub until the toast is gone."),
      // Vendor code.
      statik("com.samsung.android.smartclip.SpenGestureManager", "mContext",
             "Samsung's SpenGestureManager caches the first context that asked for it.", 19, 19, "samsung"),
      instance("android.sec.clipboard.ClipboardUIManager", "mContext",
               "Samsung's ClipboardUIManager is a singleton that keeps an Activity context.", 19, 21, "samsung"),
      instance("com.samsung.android.content.clipboard.SemClipboardManager", "mContext",
               "Samsung's SemClipboardManager keeps the context it was created with.", 19, 28, "samsung"),
      instance("com.samsung.android.emergencymode.SemEmergencyManager", "mContext",
               "Samsung's SemEmergencyManager is a singleton that keeps a context.", 19, 24, "samsung"),
      instance("com.samsung.android.knox.SemPersonaManager", "mContext",
               "Samsung's SemPersonaManager keeps the context it was created with.", 24, 24, "samsung"),
      instance("android.app.SemAppIconSolution", "mContext",
               "Samsung's SemAppIconSolution keeps the context it was created with.", 28, 29, "samsung"),
      statik("com.android.org.chromium.android_webview.AwResource", "sResources",
             "Samsung's WebView keeps the resources (and context) of the first WebView.", 19, 19, "samsung"),
      instance("android.widget.BubblePopupHelper", "sHelper",
               "LG's BubblePopupHelper keeps the last view it showed a popup for.", 21, 22, "LGE"),
      instance("com.lge.systemservice.core.LGContext", "mContext", "LG's LGContext keeps a context.", 21, 21, "LGE"),
      statik("android.gestureboost.GestureBoostManager", "mContext",
             "Huawei's GestureBoostManager keeps the context of the last touched view.", 24, 25, "HUAWEI"),
      statik("android.app.Instrumentation", "mRecommendActivity",
             "Meizu's Instrumentation keeps the last started Activity.", 21, 22, "Meizu"),
      instance("android.app.admin.DevicePolicyManager$SettingsObserver", "this$0",
               "Motorola's DevicePolicyManager observer keeps its context.", 19, 22, "motorola"),
      instance("com.nvidia.ControllerMapper.MapperClient$ServiceClient", "this$0",
               "NVIDIA's controller mapper keeps the context of the app it mapped.", 19, 19, "NVIDIA"),
      // Ignored: nothing to fix there, and paths through them only hide the real ones.
      ignoredLocal("FinalizerWatchdogDaemon", "The finalizer watchdog holds the object being finalized for a moment."),
      ignoredLocal("main", "What the main thread holds in a local variable is gone once it returns."),
      [] {
        KnownReference k = instance("android.view.Choreographer$FrameDisplayEventReceiver", "mMessageQueue",
                                    "The display event receiver's queue is the main thread's own.");
        k.type = Type::kIgnored;
        return k;
      }(),
  };
  return list;
}

}  // namespace mxi::core::analysis
