#include "app/gui/views/session_view.h"

#include <fstream>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSlider>
#include <QSplitter>
#include <QTimer>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include "app/gui/models/format.h"
#include "app/gui/views/item_views.h"
#include "app/gui/views/live_dashboard.h"
#include "app/gui/models/session_replay.h"
#include "app/gui/settings/mapping_files.h"
#include "core/session/chrome_trace.h"
#include "core/session/html_report.h"
#include "core/session/session_json.h"
#include "core/trace/json_reader.h"

namespace mxi::gui {

using core::session::Verdict;

namespace {

QColor verdictColour(Verdict v, bool regression) {
  if (regression || v == Verdict::kRegression) return QColor(0xc6, 0x28, 0x28);
  if (v == Verdict::kImprovement || v == Verdict::kGone) return QColor(0x2e, 0x7d, 0x32);
  return {};
}

QTreeWidgetItem* row(QTreeWidgetItem* parent, const QStringList& cells, Verdict v, bool regression = false) {
  auto* item = new QTreeWidgetItem(parent, cells);
  const QColor c = verdictColour(v, regression);
  if (c.isValid()) {
    for (int i = 0; i < item->columnCount(); ++i) item->setForeground(i, c);
  }
  return item;
}

QString verdict(Verdict v) { return QString::fromUtf8(core::session::verdictName(v).data()); }

}  // namespace

SessionView::SessionView(QString path, std::shared_ptr<const core::session::SessionData> data, core::session::LiveThresholds thresholds,
                         QWidget* parent)
    : QWidget(parent), m_path(std::move(path)), m_thresholds(thresholds), m_data(std::move(data)) {
  auto* layout = new QVBoxLayout(this);
  m_header = new QLabel;
  m_header->setWordWrap(true);
  m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
  const auto& h = m_data->header;
  QString header = tr("<b>%1</b> · app %2 · device %3 · agent %4 · %5 frames, %6 issues, %7 ANRs")
                       .arg(QFileInfo(m_path).fileName().toHtmlEscaped(), QString::fromStdString(h.app).toHtmlEscaped(),
                            QString::fromStdString(h.device).toHtmlEscaped(), QString::fromStdString(h.agentVersion).toHtmlEscaped())
                       .arg(m_data->frames.size()).arg(m_data->issues.size()).arg(m_data->anrs.size());
  if (!m_data->recovery.intact()) {
    header += tr("<br><span style='color:#c62828'>Recovered from a damaged file: %1 torn bytes, %2 corrupt bytes, %3 "
                 "records lost%4</span>")
                  .arg(m_data->recovery.tornBytes).arg(m_data->recovery.corruptBytes).arg(m_data->recovery.lostRecords)
                  .arg(m_data->recovery.lostRecordsExact ? QString() : tr(" (at least)"));
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
  bar->addWidget(compare);
  bar->addWidget(exportButton);
  layout->addWidget(m_header);
  layout->addLayout(bar);

  auto* split = new QSplitter(Qt::Vertical);
  auto* dashboardHolder = new QWidget;
  m_dashboardSlot = new QVBoxLayout(dashboardHolder);
  m_dashboardSlot->setContentsMargins(0, 0, 0, 0);
  m_compareTree = new QTreeWidget;
  m_compareTree->setObjectName(QStringLiteral("sessionComparison"));
  m_compareTree->setHeaderLabels({tr("What"), tr("Baseline"), tr("This session"), tr("Change"), tr("Verdict")});
  m_compareTree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
  m_compareTree->setVisible(false);
  enableCopy(m_compareTree);
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
    if (base.isEmpty()) return;
    m_time->setText(tr("Loading %1…").arg(QFileInfo(base).fileName()));
    auto* watcher = new QFutureWatcher<LoadedSession>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, base] {
      watcher->deleteLater();
      const LoadedSession loaded = watcher->result();
      if (!loaded.ok()) {
        m_time->setText(QStringLiteral("%1: %2").arg(base, QString::fromStdString(loaded.status().toString())));
        return;
      }
      m_time->setText(formatSessionTime(m_timeline->value()));
      showComparison(base, **loaded);
    });
    watcher->setFuture(QtConcurrent::run([base] { return loadSessionFile(base); }));
  });
  m_time->setText(formatSessionTime(durationMs()));
  rebuild(INT64_MAX);
}

SessionView::~SessionView() = default;

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
  emit scrubbed();
}

void SessionView::setThresholds(const core::session::LiveThresholds& thresholds) {
  m_thresholds = thresholds;
  rebuild(m_untilNs);
}

void SessionView::rebuild(int64_t untilNs) {
  m_untilNs = untilNs;
  auto live = std::make_shared<core::session::LiveSession>(m_thresholds);
  replaySession(*m_data, untilNs, *live);
  if (m_dashboard) {
    m_dashboardSlot->removeWidget(m_dashboard);
    delete m_dashboard;
  }
  m_dashboard = new LiveDashboard(std::move(live));
  m_dashboardSlot->addWidget(m_dashboard);
}

void SessionView::showComparison(const QString& basePath, const core::session::SessionData& base) {
  const auto c = core::session::compareSessions(base, *m_data);
  m_compareTree->clear();
  auto* summary = new QTreeWidgetItem(m_compareTree, {c.hasRegression() ? tr("%1 regressions against %2").arg(c.regressions.size()).arg(QFileInfo(basePath).fileName())
                                                                        : tr("No regression against %1").arg(QFileInfo(basePath).fileName())});
  summary->setForeground(0, c.hasRegression() ? QColor(0xc6, 0x28, 0x28) : QColor(0x2e, 0x7d, 0x32));
  for (const auto& r : c.regressions) row(summary, {QString::fromStdString(r)}, Verdict::kRegression);
  auto* scenes = new QTreeWidgetItem(m_compareTree, {tr("Scenes: median frame time (Mann–Whitney U)")});
  for (const auto& s : c.scenes) {
    row(scenes,
        {QString::fromStdString(s.scene), tr("%1 ms · %2 fps").arg(s.base.p50Ms).arg(s.base.fps, 0, 'f', 1),
         tr("%1 ms · %2 fps").arg(s.next.p50Ms).arg(s.next.fps, 0, 'f', 1),
         tr("%1% (p=%2)").arg(s.medianChangePct, 0, 'f', 1).arg(s.test.pGreater, 0, 'g', 3), verdict(s.verdict)},
        s.verdict);
  }
  auto* evil = new QTreeWidgetItem(m_compareTree, {tr("Evil methods by stackKey")});
  for (const auto& e : c.evilMethods) {
    row(evil,
        {QString::fromStdString(e.stackKey), tr("%1× median %2 ms").arg(e.baseCount).arg(e.baseMedianMs),
         tr("%1× median %2 ms").arg(e.nextCount).arg(e.nextMedianMs), QString(), verdict(e.verdict)},
        e.verdict, e.regression);
  }
  new QTreeWidgetItem(m_compareTree, {tr("ANRs"), QString::number(c.baseAnrs), QString::number(c.nextAnrs)});
  auto* io = new QTreeWidgetItem(m_compareTree, {tr("IO issues by type and path")});
  for (const auto& d : c.io) {
    row(io,
        {QStringLiteral("%1 %2").arg(QString::fromUtf8(core::trace::ioIssueTypeName(d.type).data()), QString::fromStdString(d.path)),
         tr("%1× %2 ms").arg(d.baseCount).arg(d.baseCostMs), tr("%1× %2 ms").arg(d.nextCount).arg(d.nextCostMs), QString(),
         verdict(d.verdict)},
        d.verdict, d.regression);
  }
  auto* startup = new QTreeWidgetItem(m_compareTree, {tr("Startup (means)")});
  for (const auto& s : c.startup) {
    row(startup, {QString::fromStdString(s.metric), tr("%1 ms").arg(s.baseMs, 0, 'f', 0), tr("%1 ms").arg(s.nextMs, 0, 'f', 0)},
        Verdict::kSame, s.regression);
  }
  m_compareTree->expandAll();
  m_compareTree->setVisible(true);
}

QString SessionView::exportTo(const QString& format, const QString& outPath) const {
  std::string text;
  // Exports count drop levels by the same thresholds as the views (Settings).
  if (format == QLatin1String("html")) text = core::session::sessionToHtml(*m_data, m_thresholds.drops);
  else if (format == QLatin1String("json")) text = core::trace::dumpJson(core::session::sessionToJson(*m_data, m_thresholds.drops), 2);
  else if (format == QLatin1String("chrome-trace")) text = core::trace::dumpJson(core::session::sessionToChromeTrace(*m_data, m_thresholds.drops));
  else return tr("Unknown export format %1").arg(format);
  std::ofstream out(outPath.toStdString(), std::ios::binary);
  out << text;
  out.close();
  if (!out) return tr("Cannot write %1").arg(outPath);
  return {};
}

}  // namespace mxi::gui
