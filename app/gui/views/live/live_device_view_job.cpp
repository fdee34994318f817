// LiveDeviceView following its recording job: the apps listed, the connection lost and resumed,
// an app that cannot be recorded or that died and restarted, transfers (heap dumps, method
// traces) and the finished session, each shown in the status line, the banners and the buttons.
#include <QComboBox>
#include <QDateTime>
#include <QFileInfo>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>

#include "app/gui/views/live/live_device_view.h"

namespace mxi::gui {

void LiveDeviceView::followJob() {
  connect(m_job, &LiveDeviceJob::appsListed, this, [this] {
    const QString typed = m_apps->currentText();
    m_apps->clear();
    for (const auto& app : m_job->apps()) {
      const QString name = QString::fromStdString(app.package);
      const QString pid = app.pid > 0 ? tr(", pid %1").arg(app.pid) : QString();
      const QString note = app.foreground ? tr("in front%1").arg(pid)
                           : app.running  ? tr("running%1").arg(pid)
                                          : QString();
      m_apps->addItem(note.isEmpty() ? name : tr("%1  (%2)").arg(name, note), name);
    }
    if (!typed.isEmpty() && m_apps->findData(typed) < 0) m_apps->setEditText(typed);
    m_status->setText(tr("%n app(s) on the device. Pick one and press Start.", nullptr, m_apps->count()));
    updateButtons();
    emit appsReady();
  });
  connect(m_job, &LiveDeviceJob::failed, this, [this](const QString& message) {
    m_status->setText(message);
    emit failed(message);
  });
  connect(m_job, &LiveDeviceJob::status, m_status, &QLabel::setText);
  connect(m_job, &LiveDeviceJob::deployed, m_agent, &QLabel::setText);
  connect(m_job, &LiveDeviceJob::connectionChanged, this, [this](bool connected, const QString& detail) {
    const bool first = connected && !m_everConnected;
    m_everConnected |= connected;
    m_connected = connected;
    if (connected) {
      m_status->setText(tr("Recording to %1 — %2").arg(m_sessionPath, detail));
      if (first) emit started();
      if (m_lostAt.isValid()) {
        // Say that there was a gap, in amber, for a while.
        const double gap = static_cast<double>(m_lostAt.msecsTo(QDateTime::currentDateTime())) / 1000.0;
        showBanner(tr("The connection was lost at %1 and resumed after %2 s; everything recorded before is kept in %3.")
                       .arg(m_lostAt.toString(QStringLiteral("HH:mm:ss")))
                       .arg(gap, 0, 'f', 1)
                       .arg(m_sessionPath),
                   false);
        m_lostAt = QDateTime();
        hideBannerLater();
      } else {
        m_banner->hide();
      }
    } else {
      ++m_losses;
      m_lostAt = QDateTime::currentDateTime();
      showBanner(tr("Device connection lost — everything recorded so far is kept in %1; reconnecting when the "
                    "device and its agent are back. (%2)")
                     .arg(m_sessionPath, detail),
                 true);
    }
    updateButtons();
  });
  connect(m_job, &LiveDeviceJob::appUnavailable, this,
          [this](const QString& package, const QString& message, bool installed) {
            m_appBannerText->setText(installed ? tr("%1. Wait for it to start, or launch it?").arg(message)
                                               : tr("Cannot record: %1.").arg(message));
            m_waitForApp->setVisible(installed);
            m_launchApp->setVisible(installed);
            m_appBanner->show();
            m_status->setText(installed ? tr("%1 does not run; nothing is being recorded.").arg(package)
                                        : tr("Nothing is being recorded."));
            updateButtons();
            emit appUnavailable(message);
          });
  connect(m_job, &LiveDeviceJob::appChanged, this, [this](int pid, const QString& what) {
    if (pid != 0) {
      showBanner(tr("%1; recording it into %2.").arg(what, m_sessionPath), false);
      hideBannerLater();
    } else if (m_everConnected && what.startsWith(QStringLiteral("app process died"))) {
      showBanner(tr("The %1 at %2; everything recorded so far is kept in %3, and recording goes on when it restarts.")
                     .arg(what, QDateTime::currentDateTime().toString(QStringLiteral("HH:mm:ss")), m_sessionPath),
                 true);
    } else {
      showBanner(tr("%1; recording begins when it does.").arg(what), false);
    }
  });
  connect(m_job, &LiveDeviceJob::methodTraceFinished, this,
          [this](const QString& path, int issues, const QString& error) {
            m_dumpProgress->hide();
            updateButtons();
            if (!error.isEmpty()) {
              m_status->setText(tr("Method trace failed: %1").arg(error));
              emit failed(tr("Method trace failed: %1").arg(error));
              return;
            }
            m_status->setText(tr("Method trace saved to %1: %n issue(s) added to the feed", nullptr, issues).arg(path));
            emit methodTraceArrived(path, issues);
          });
  connect(m_job, &LiveDeviceJob::heapDumpProgress, this, [this](qint64 received, qint64 total) {
    m_dumpProgress->show();
    m_dumpProgress->setFormat(m_tracing ? tr("method trace %p%") : tr("heap dump %p%"));
    m_dumpProgress->setValue(total > 0 ? static_cast<int>(received * 1000 / total) : 0);
  });
  connect(m_job, &LiveDeviceJob::heapDumpFinished, this, [this](const QString& path, const QString& error) {
    m_dumpProgress->hide();
    m_dump->setEnabled(m_job->running());
    const QString activity = path == m_leakDumpPath ? m_leakDumpActivity : QString();
    if (!activity.isEmpty()) m_leakDumpPath.clear();
    if (!error.isEmpty()) {
      m_status->setText(tr("Heap dump failed: %1").arg(error));
      emit failed(tr("Heap dump failed: %1").arg(error));
      return;
    }
    m_status->setText(tr("Heap dump saved to %1").arg(path));
    if (!activity.isEmpty()) {
      emit leakDumpArrived(path, activity);
    } else {
      emit heapDumpArrived(path);
    }
  });
  connect(m_job, &LiveDeviceJob::leakDumpTaken, this, [this](const QString& error) {
    m_dumpProgress->hide();
    updateButtons();
    m_status->setText(error.isEmpty() ? tr("Leak watch: the heap dump arrived; analysing it…")
                                      : tr("Leak watch: the heap dump failed: %1").arg(error));
  });
  connect(m_job, &LiveDeviceJob::finished, this, [this](const QString& path, const QString& error) {
    m_connected = false;
    m_banner->hide();
    m_dumpProgress->hide();
    if (!error.isEmpty()) {
      showBanner(tr("Recording stopped: %1").arg(error), true);
      emit failed(error);
    } else {
      m_status->setText(
          tr("Session saved to %1 — open it from File → Open session to scrub, compare or export.").arg(path));
    }
    updateButtons();
    if (error.isEmpty() || QFileInfo::exists(path)) emit sessionFinished(path);
  });
}

}  // namespace mxi::gui
