#include "app/gui/models/startup/startup_run_text.h"

#include <QCoreApplication>
#include <QLocale>
#include <cmath>

namespace mxi::gui {

namespace {

QString tr(const char* text) { return QCoreApplication::translate("StartupRun", text); }

}  // namespace

RunState runState(const core::startup::StartupRun& run) {
  if (run.counted) return RunState::kCounted;
  if (!run.failure.empty()) return RunState::kFailed;
  if (run.index == 0) return RunState::kWarmUp;
  if (run.traced) return RunState::kTraced;
  if (!run.spoiledBy.empty()) return RunState::kSpoiled;
  return RunState::kNotCounted;
}

QString runStateName(RunState state) {
  switch (state) {
    case RunState::kCounted: return tr("counted");
    case RunState::kWarmUp: return tr("warm-up");
    case RunState::kSpoiled: return tr("spoiled");
    case RunState::kFailed: return tr("failed");
    case RunState::kTraced: return tr("traced");
    case RunState::kNotCounted: break;
  }
  return tr("not counted");
}

QString whyNotCounted(const core::startup::StartupRun& run) {
  switch (runState(run)) {
    case RunState::kCounted: return {};
    case RunState::kFailed: return tr("failed: %1").arg(QString::fromStdString(run.failure));
    case RunState::kWarmUp: return tr("the warm-up launch (never counted)");
    case RunState::kTraced: return tr("traced: stages only (the tracer slows the launch)");
    case RunState::kSpoiled: return tr("spoiled: the system served it %1").arg(QString::fromStdString(run.spoiledBy));
    case RunState::kNotCounted: break;
  }
  return tr("not counted");
}

QString msText(double ms) {
  const bool whole = std::abs(ms - std::round(ms)) < 1e-9;
  return QLocale().toString(ms, 'f', whole ? 0 : 1);
}

}  // namespace mxi::gui
