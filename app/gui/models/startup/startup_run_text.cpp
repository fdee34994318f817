#include "app/gui/models/startup/startup_run_text.h"

#include <QCoreApplication>
#include <QLocale>
#include <cmath>

namespace mxi::gui {

namespace {

QString tr(const char* text) { return QCoreApplication::translate("StartupRun", text); }

}  // namespace

QString runStatusName(core::startup::RunStatus status) {
  using core::startup::RunStatus;
  switch (status) {
    case RunStatus::kCounted: return tr("counted");
    case RunStatus::kFailed: return tr("failed");
    case RunStatus::kWarmUp: return tr("warm-up");
    case RunStatus::kSpoiled: return tr("spoiled");
    case RunStatus::kTraced: return tr("traced");
    case RunStatus::kUnjudged: break;
  }
  return tr("not counted");
}

QString whyNotCounted(const core::startup::StartupRun& run) {
  using core::startup::RunStatus;
  switch (core::startup::runStatus(run)) {
    case RunStatus::kCounted: return {};
    case RunStatus::kFailed: return tr("failed: %1").arg(QString::fromStdString(run.failure));
    case RunStatus::kWarmUp: return tr("the warm-up launch (never counted)");
    case RunStatus::kSpoiled: return tr("spoiled: the system served it %1").arg(QString::fromStdString(run.spoiledBy));
    case RunStatus::kTraced: return tr("traced: stages only (the tracer slows the launch)");
    case RunStatus::kUnjudged: break;
  }
  return tr("not counted");
}

QString msText(double ms) {
  const bool whole = std::abs(ms - std::round(ms)) < 1e-9;
  return QLocale().toString(ms, 'f', whole ? 0 : 1);
}

}  // namespace mxi::gui
