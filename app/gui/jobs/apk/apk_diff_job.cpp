#include "app/gui/jobs/apk/apk_diff_job.h"

namespace mxi::gui {

ApkDiffJob::ApkDiffJob(QStringList baseline, std::shared_ptr<const core::apkcheck::ApkPackage> shown, QObject* parent)
    : WorkerJob(baseline.join(QStringLiteral(", ")), parent),
      m_baseline(std::move(baseline)),
      m_shown(std::move(shown)) {}

void ApkDiffJob::start() {
  const QStringList baseline = m_baseline;
  const auto shown = m_shown;
  startWork([this, baseline, shown](core::ProgressSink& progress, const core::CancelToken& cancel) -> core::Status {
    std::vector<std::string> files;
    for (const QString& p : baseline) files.push_back(p.toStdString());
    progress.report("opening the baseline", 0);
    ASSIGN_OR_RETURN(auto old, core::apkcheck::ApkPackage::open(files));
    if (cancel.isCancelled()) return core::cancelled();
    progress.report("comparing", core::ProgressSink::kMax / 2);
    auto diff = std::make_shared<const core::apkcheck::ApkDiff>(core::apkcheck::diffApks(old, *shown));
    if (cancel.isCancelled()) return core::cancelled();
    deliver([this, diff] { emit diffed(diff); });
    return core::okStatus();
  });
}

}  // namespace mxi::gui
