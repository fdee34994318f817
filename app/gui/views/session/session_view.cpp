#include "app/gui/views/session/session_view.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QSlider>
#include <QSplitter>
#include <QTimer>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>
#include <fstream>

#include "app/gui/models/format.h"
#include "app/gui/models/session/session_comparison_model.h"
#include "app/gui/models/session/session_replay.h"
#include "app/gui/settings/mapping_files.h"
#include "app/gui/views/item_views.h"
#include "app/gui/views/session/database_view.h"
#include "app/gui/views/session/issue_detail_view.h"
#include "app/gui/views/session/live_dashboard.h"
#include "core/exports/chrome_trace.h"
#include "core/exports/html_report.h"
#include "core/exports/session_json.h"
#include "core/json/json_reader.h"
#include "core/json/json_writer.h"

namespace mxi::gui {

SessionView::SessionView(QString path, std::shared_ptr<const core::session::SessionData> data,
                         core::live::LiveThresholds thresholds, QList<AppMapping> mappings, QWidget* parent)
    : QWidget(parent),
      m_path(std::move(path)),
      m_thresholds(thresholds),
      m_mappings(std::move(mappings)),
      m_data(std::move(data)) {
  auto* layout = new QVBoxLayout(this);
  m_header = new QLabel;
  m_header->setWordWrap(true);
  m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
  const auto& h = m_data->header;
  QString header =
      tr("<b>%1</b> · app %2 · device %3 · agent %4 · %5 frames, %6 issues, %7 ANRs")
          .arg(QFileInfo(m_path).fileName().toHtmlEscaped(), QString::fromStdString(h.app).toHtmlEscaped(),
               QString::fromStdString(h.device).toHtmlEscaped(), QString::fromStdString(h.agentVersion).toHtmlEscaped())
          .arg(m_data->frames.size())
          .arg(m_data->issues.size())
          .arg(m_data->anrs.size());
  if (!m_data->recovery.intact()) {
    header += tr("<br><span style='color:#c62828'>Recovered from a damaged file: %1 torn bytes, %2 corrupt bytes, %3 "
                 "records lost%4</span>")
                  .arg(m_data->recovery.tornBytes)
                  .arg(m_data->recovery.corruptBytes)
                  .arg(m_data->recovery.lostRecords)
                  .arg(m_data->recovery.lostRecordsExact ? QString() : tr(" (at least)"));
    for (const auto& block : m_data->recovery.damagedBlocks) {
      header += QStringLiteral("<br><span style='color:#c62828'>%1</span>")
                    .arg(QString::fromStdString(core::session::describeDamagedBlock(block, h.startMonotonicNs))
                             .toHtmlEscaped());
    }
  }
  m_header->setText(header);

  auto* bar = new QHBoxLayout;
  m_timeline = new QSlider(Qt::Horizontal);
  m_timeline->setObjectName(QStringLiteral("timeline"));
  m_timeline->setRange(0, static_cast<int>(std::min<int64_t>(durationMs(), INT32_MAX)));
  m_timeline->setValue(m_timeline->maximum());
  m_timeline->setToolTip(tr("Scrub: every view shows the session up to this moment"));
  m_time = new QLabel;
  auto* compare = new QPushButton(tr("Compare with baseline…"));
  auto* exportButton = new QToolButton;
  exportButton->setText(tr("Export"));
  exportButton->setPopupMode(QToolButton::InstantPopup);
  auto* exportMenu = new QMenu(exportButton);
  for (const auto& [label, format, filter] :
       {std::tuple{tr("HTML report…"), QStringLiteral("html"), tr("HTML (*.html)")},
        std::tuple{tr("JSON…"), QStringLiteral("json"), tr("JSON (*.json)")},
        std::tuple{tr("Chrome trace (Perfetto)…"), QStringLiteral("chrome-trace"), tr("Trace JSON (*.json)")}}) {
    const QString fmt = format, filt = filter;
    exportMenu->addAction(label, this, [this, fmt, filt] {
      const QString out = QFileDialog::getSaveFileName(this, tr("Export session"), QString(), filt);
      if (out.isEmpty()) return;
      const QString error = exportTo(fmt, out);
      m_time->setText(error.isEmpty() ? tr("Exported %1").arg(QFileInfo(out).fileName()) : error);
    });
  }
  exportButton->setMenu(exportMenu);
  bar->addWidget(new QLabel(tr("Timeline")));
  bar->addWidget(m_timeline, 1);
  bar->addWidget(m_time);
  m_compareProgress = new QProgressBar;
  m_compareProgress->setRange(0, 1000);
  m_compareProgress->setMaximumWidth(160);
  m_compareProgress->setVisible(false);
  m_compareCancel = new QPushButton(tr("Cancel"));
  m_compareCancel->setVisible(false);
  bar->addWidget(m_compareProgress);
  bar->addWidget(m_compareCancel);
  bar->addWidget(compare);
  bar->addWidget(exportButton);
  layout->addWidget(m_header);
  layout->addLayout(bar);

  auto* split = new QSplitter(Qt::Vertical);
  auto* dashboardHolder = new QWidget;
  m_dashboardSlot = new QVBoxLayout(dashboardHolder);
  m_dashboardSlot->setContentsMargins(0, 0, 0, 0);
  m_compareTree = modelTree(nullptr, SessionComparisonModel::kWhat);
  m_compareTree->setObjectName(QStringLiteral("sessionComparison"));
  m_compareTree->setVisible(false);
  split->addWidget(dashboardHolder);
  split->addWidget(m_compareTree);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 1);
  layout->addWidget(split, 1);

  m_debounce = new QTimer(this);
  m_debounce->setSingleShot(true);
  m_debounce->setInterval(120);
  connect(m_timeline, &QSlider::valueChanged, this, [this](int ms) {
    m_time->setText(formatSessionTime(ms));
    m_debounce->start();
  });
  connect(m_debounce, &QTimer::timeout, this, [this] { scrubTo(m_timeline->value()); });
  connect(compare, &QPushButton::clicked, this, [this] {
    const QString base = QFileDialog::getOpenFileName(this, tr("Baseline session"), QFileInfo(m_path).absolutePath(),
                                                      tr("Sessions (*.mxs);;All files (*)"));
    if (!base.isEmpty()) compareWith(base);
  });
  connect(m_compareCancel, &QPushButton::clicked, this, [this] {
    if (m_baselineJob) m_baselineJob->cancel();
  });
  m_time->setText(formatSessionTime(durationMs()));
  rebuild(INT64_MAX);
}

SessionView::~SessionView() = default;

void SessionView::compareWith(const QString& basePath) {
  m_time->setText(tr("Loading %1…").arg(QFileInfo(basePath).fileName()));
  m_baselineJob = SessionLoadJob::opening(basePath, m_mappings);  // drops a baseline still loading
  SessionLoadJob* job = m_baselineJob.get();
  auto done = [this] {
    m_compareProgress->setVisible(false);
    m_compareCancel->setVisible(false);
  };
  connect(job, &SessionLoadJob::progress, m_compareProgress,
          [this](const QString&, int permille) { m_compareProgress->setValue(permille); });
  connect(job, &SessionLoadJob::loaded, this,
          [this, basePath, done](std::shared_ptr<const core::session::SessionData> base) {
            done();
            m_time->setText(formatSessionTime(m_timeline->value()));
            showComparison(basePath, *base);
            emit comparedWith(basePath);
          });
  connect(job, &SessionLoadJob::failed, this, [this, done](const QString& message) {
    done();
    m_time->setText(message);
    emit compareFailed(message);
  });
  m_compareProgress->setValue(0);
  m_compareProgress->setVisible(true);
  m_compareCancel->setVisible(true);
  job->start();
}

int64_t SessionView::durationMs() const { return (m_data->lastTimeNs - m_data->firstTimeNs) / 1'000'000; }

QString SessionView::headerText() const { return m_header->text(); }

void SessionView::scrubTo(int64_t ms) {
  const int64_t until = ms < 0 || ms >= durationMs() ? INT64_MAX : m_data->firstTimeNs + ms * 1'000'000;
  if (ms >= 0 && m_timeline->value() != ms) {
    const QSignalBlocker block(m_timeline);
    m_timeline->setValue(static_cast<int>(ms));
    m_time->setText(formatSessionTime(ms));
  }
  rebuild(until);
}

void SessionView::setThresholds(const core::live::LiveThresholds& thresholds) {
  m_thresholds = thresholds;
  rebuild(m_untilNs);
}

void SessionView::rebuild(int64_t untilNs) {
  m_untilNs = untilNs;
  auto live = std::make_shared<core::live::LiveSession>(m_thresholds);
  replaySession(*m_data, untilNs, *live);
  if (m_dashboard) {
    m_dashboardSlot->removeWidget(m_dashboard);
    delete m_dashboard;
  }
  m_dashboard = new LiveDashboard(std::move(live));
  m_dashboard->detailView()->setStackMapping(m_stackMapping);
  // The live model does not keep SQL operations; the Database page takes them from the file.
  DatabaseView* database = m_dashboard->databaseView();
  for (const auto& operation : m_data->sqlOperations) {
    if (operation.timeNs <= untilNs) database->statements().addOperation(operation);
  }
  database->refresh();
  m_dashboardSlot->addWidget(m_dashboard);
}

void SessionView::setStackMapping(std::shared_ptr<const core::mapping::R8Mapping> mapping, const QString& note) {
  m_stackMapping = std::move(mapping);
  if (m_dashboard) m_dashboard->detailView()->setStackMapping(m_stackMapping);
  if (!note.isEmpty()) m_header->setText(m_header->text() + QStringLiteral("<br>") + note.toHtmlEscaped());
}

void SessionView::showComparison(const QString& basePath, const core::session::SessionData& base) {
  auto* model = new SessionComparisonModel(core::sessioncompare::compareSessions(base, *m_data),
                                           QFileInfo(basePath).fileName(), this);
  showModel(m_compareTree, model);
  delete m_comparison;
  m_comparison = model;
  m_compareTree->expandAll();
  m_compareTree->setVisible(true);
}

QString SessionView::exportTo(const QString& format, const QString& outPath) const {
  std::string text;
  // Exports count drop levels by the same thresholds as the views (Settings).
  if (format == QLatin1String("html"))
    text = core::exports::sessionToHtml(*m_data, m_thresholds.drops);
  else if (format == QLatin1String("json"))
    text = core::json::dumpJson(core::exports::sessionToJson(*m_data, m_thresholds.drops), 2);
  else if (format == QLatin1String("chrome-trace"))
    text = core::json::dumpJson(core::exports::sessionToChromeTrace(*m_data, m_thresholds.drops));
  else
    return tr("Unknown export format %1").arg(format);
  std::ofstream out(outPath.toStdString(), std::ios::binary);
  out << text;
  out.close();
  if (!out) return tr("Cannot write %1").arg(outPath);
  return {};
}

}  // namespace mxi::gui
