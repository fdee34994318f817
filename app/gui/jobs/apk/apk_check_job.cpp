#include "app/gui/jobs/apk/apk_check_job.h"

#include <QElapsedTimer>

namespace mxi::gui {

ApkCheckJob::ApkCheckJob(QStringList paths, QObject* parent)
    : WorkerJob(paths.join(QStringLiteral(", ")), parent), m_paths(std::move(paths)) {}

void ApkCheckJob::start() {
  const QStringList paths = m_paths;
  startWork([this, paths](core::ProgressSink& progress, const core::CancelToken& cancel) -> core::Status {
    QElapsedTimer clock;
    clock.start();
    std::vector<std::string> files;
    for (const QString& p : paths) files.push_back(p.toStdString());
    progress.report("opening the package", 0);
    ASSIGN_OR_RETURN(auto package, core::apkcheck::ApkPackage::open(files));
    auto shared = std::make_shared<const core::apkcheck::ApkPackage>(std::move(package));
    ASSIGN_OR_RETURN(auto report, core::apkcheck::runApkCheck(*shared, {}, progress, cancel));
    if (report.cancelled || cancel.isCancelled()) return core::cancelled();
    auto document = std::make_shared<ApkDocument>();
    document->paths = paths;
    document->package = std::move(shared);
    document->report = std::move(report);
    document->checkSeconds = static_cast<double>(clock.nsecsElapsed()) / 1e9;
    std::shared_ptr<const ApkDocument> done = std::move(document);
    deliver([this, done] { emit checked(done); });
    return core::okStatus();
  });
}

}  // namespace mxi::gui
