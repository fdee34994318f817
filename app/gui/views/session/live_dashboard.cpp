#include "app/gui/views/session/live_dashboard.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMainWindow>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include "app/gui/charts/chart_style.h"
#include "app/gui/charts/session/drop_level_chart.h"
#include "app/gui/charts/session/fps_chart.h"
#include "app/gui/charts/session/frame_time_chart.h"
#include "app/gui/charts/session/memory_chart.h"
#include "app/gui/models/format.h"
#include "app/gui/models/session/issue_feed_model.h"
#include "app/gui/models/session/slow_frames_model.h"
#include "app/gui/views/item_views.h"
#include "app/gui/views/session/database_view.h"
#include "app/gui/views/session/issue_detail_view.h"

namespace mxi::gui {

using core::framestats::DropLevel;

namespace {

// Issue feed filter: an event kind and a text matched against every column.
class FeedFilter : public QSortFilterProxyModel {
 public:
  using QSortFilterProxyModel::QSortFilterProxyModel;
  void setKind(int kind) {
    m_kind = kind;
    invalidateFilter();
  }
  void setOverThresholdOnly(bool on) {
    m_overThresholdOnly = on;
    invalidateFilter();
  }

 protected:
  bool filterAcceptsRow(int row, const QModelIndex& parent) const override {
    const QModelIndex first = sourceModel()->index(row, 0, parent);
    if (m_kind >= 0 && first.data(IssueFeedModel::kKindRole).toInt() != m_kind) return false;
    if (m_overThresholdOnly && first.data(IssueFeedModel::kCostFlagRole).toInt() == 0) return false;
    return QSortFilterProxyModel::filterAcceptsRow(row, parent);
  }

 private:
  int m_kind = -1;
  bool m_overThresholdOnly = false;
};

}  // namespace

LiveDashboard::LiveDashboard(std::shared_ptr<core::live::LiveSession> session, QWidget* parent)
    : QWidget(parent), m_session(std::move(session)) {
  auto* layout = new QVBoxLayout(this);
  m_summary = new QLabel;
  m_summary->setObjectName(QStringLiteral("liveSummary"));
  m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(m_summary);
  // The panels are docks of an inner main window: rearranged, tabbed, floated or closed (right-
  // click a title), and the arrangement is remembered.
  m_panels = new QMainWindow;
  m_panels->setWindowFlags(Qt::Widget);
  m_panels->setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowNestedDocks | QMainWindow::AllowTabbedDocks);
  makeCharts();
  m_panels->setCentralWidget(makeFeed());
  QDockWidget* fps = addPanel(QStringLiteral("fpsPanel"), tr("FPS"), m_fps, Qt::TopDockWidgetArea);
  QDockWidget* drops = addPanel(QStringLiteral("dropsPanel"), tr("Drop levels"), m_drops, Qt::TopDockWidgetArea);
  QDockWidget* dist =
      addPanel(QStringLiteral("distributionPanel"), tr("Frame times"), m_frameTimes, Qt::TopDockWidgetArea);
  QDockWidget* slow = addPanel(QStringLiteral("slowFramesPanel"), tr("Slow frames"), m_slowPage, Qt::TopDockWidgetArea);
  QDockWidget* memory = addPanel(QStringLiteral("memoryPanel"), tr("Memory"), m_memory, Qt::TopDockWidgetArea);
  addPanel(QStringLiteral("issueDetailPanel"), tr("Issue detail"), m_detail, Qt::RightDockWidgetArea);
  m_panels->splitDockWidget(fps, drops, Qt::Horizontal);
  m_panels->splitDockWidget(fps, dist, Qt::Vertical);
  m_panels->splitDockWidget(drops, slow, Qt::Vertical);
  m_panels->splitDockWidget(slow, memory, Qt::Vertical);
  m_panels->resizeDocks({fps, dist}, {240, 240}, Qt::Vertical);
  m_panels->restoreState(QSettings().value(QLatin1String(kLayoutKey)).toByteArray(), kLayoutVersion);
  m_database = new DatabaseView;
  m_tabs = new QTabWidget;
  m_tabs->setObjectName(QStringLiteral("dashboardTabs"));
  m_tabs->setDocumentMode(true);
  m_tabs->addTab(m_panels, tr("Dashboard"));
  m_tabs->addTab(m_database, tr("Database"));
  layout->addWidget(m_tabs, 1);
  m_timer = new QTimer(this);
  m_timer->setInterval(kRepaintIntervalMs);
  connect(m_timer, &QTimer::timeout, this, [this] {
    if (m_session->revision() != m_shownRevision) refresh();
  });
  m_timer->start();
  refresh();
}

LiveDashboard::~LiveDashboard() {
  QSettings().setValue(QLatin1String(kLayoutKey), m_panels->saveState(kLayoutVersion));
}

QDockWidget* LiveDashboard::addPanel(const QString& name, const QString& title, QWidget* content,
                                     Qt::DockWidgetArea area) {
  auto* dock = new QDockWidget(title, m_panels);
  dock->setObjectName(name);
  dock->setWidget(content);
  dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                    QDockWidget::DockWidgetClosable);
  m_panels->addDockWidget(area, dock);
  return dock;
}

void LiveDashboard::resetLayout() {
  for (QDockWidget* dock : m_panels->findChildren<QDockWidget*>()) {
    dock->setFloating(false);
    dock->show();
  }
  QSettings().remove(QLatin1String(kLayoutKey));
}

QString LiveDashboard::summaryText() const { return m_summary->text(); }

void LiveDashboard::makeCharts() {
  m_fps = new FpsChart;
  m_drops = new DropLevelChart;
  connect(m_drops, &DropLevelChart::barClicked, this, &LiveDashboard::showSlowFrames);
  m_frameTimes = new FrameTimeChart;
  m_memory = new MemoryChart;

  m_slowPage = new QWidget;
  auto* slowLayout = new QVBoxLayout(m_slowPage);
  slowLayout->setContentsMargins(0, 0, 0, 0);
  // The dock's title says "Slow frames"; this line says which ones.
  m_slowTitle = new QLabel;
  m_slowTitle->setObjectName(QStringLiteral("slowFramesTitle"));
  m_slowTitle->setWordWrap(true);
  connect(m_slowTitle, &QLabel::linkActivated, this, &LiveDashboard::showSlowestFrames);
  m_slowFrames = new SlowFramesModel(*m_session, this);
  m_slowView = new QTableView;
  m_slowView->setObjectName(QStringLiteral("slowFrames"));
  m_slowView->setModel(m_slowFrames);
  m_slowView->verticalHeader()->hide();
  m_slowView->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_slowView->horizontalHeader()->setStretchLastSection(true);
  enableCopy(m_slowView);
  slowLayout->addWidget(m_slowTitle);
  slowLayout->addWidget(m_slowView);
  showSlowestFrames();
}

QWidget* LiveDashboard::makeFeed() {
  auto* page = new QWidget;
  auto* layout = new QVBoxLayout(page);
  layout->setContentsMargins(0, 0, 0, 0);
  auto* bar = new QHBoxLayout;
  m_kind = new QComboBox;
  m_kind->addItem(tr("All kinds"), -1);
  for (auto k :
       {core::live::LiveEvent::Kind::kEvilMethod, core::live::LiveEvent::Kind::kAnr, core::live::LiveEvent::Kind::kIo,
        core::live::LiveEvent::Kind::kStartup, core::live::LiveEvent::Kind::kFps, core::live::LiveEvent::Kind::kLeak,
        core::live::LiveEvent::Kind::kMark, core::live::LiveEvent::Kind::kOther}) {
    m_kind->addItem(QString::fromUtf8(core::live::liveEventKindName(k).data()), static_cast<int>(k));
  }
  m_search = new QLineEdit;
  m_search->setPlaceholderText(tr("Search issues (method, path, scene…)"));
  m_search->setClearButtonEnabled(true);
  m_overThreshold = new QCheckBox(tr("Over thresholds only"));
  m_overThreshold->setObjectName(QStringLiteral("overThresholdOnly"));
  m_overThreshold->setToolTip(tr("Evil methods and ANRs at or over the evil-method threshold (%1 ms; Settings)")
                                  .arg(m_session->liveThresholds().evilMethodMs));
  bar->addWidget(m_kind);
  bar->addWidget(m_overThreshold);
  bar->addWidget(m_search, 1);
  layout->addLayout(bar);

  m_feed = new IssueFeedModel(*m_session, this);
  auto* proxy = new FeedFilter(this);
  proxy->setSourceModel(m_feed);
  proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
  proxy->setFilterKeyColumn(-1);
  m_feedProxy = proxy;
  connect(m_search, &QLineEdit::textChanged, proxy, &QSortFilterProxyModel::setFilterFixedString);
  connect(m_kind, &QComboBox::currentIndexChanged, this, [this](int i) { setKindFilter(m_kind->itemData(i).toInt()); });
  connect(m_overThreshold, &QCheckBox::toggled, this, &LiveDashboard::setOverThresholdOnly);

  m_feedView = new QTableView;
  m_feedView->setObjectName(QStringLiteral("issueFeed"));
  m_feedView->setModel(proxy);
  m_feedView->setSortingEnabled(true);
  m_feedView->sortByColumn(IssueFeedModel::kTime, Qt::AscendingOrder);
  m_feedView->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_feedView->setSelectionMode(QAbstractItemView::SingleSelection);
  m_feedView->verticalHeader()->hide();
  m_feedView->verticalHeader()->setDefaultSectionSize(22);
  m_feedView->horizontalHeader()->setStretchLastSection(true);
  enableCopy(m_feedView);
  m_detail = new IssueDetailView;
  layout->addWidget(m_feedView, 1);
  connect(m_feedView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex& current) {
            if (!current.isValid()) return m_detail->clear();
            m_detail->showIssue(m_feed->eventAt(m_feedProxy->mapToSource(current).row()));
          });
  return page;
}

void LiveDashboard::setKindFilter(int kind) {
  static_cast<FeedFilter*>(m_feedProxy)->setKind(kind);
  const int i = m_kind->findData(kind);
  if (i >= 0 && i != m_kind->currentIndex()) m_kind->setCurrentIndex(i);
}

void LiveDashboard::setOverThresholdOnly(bool on) {
  static_cast<FeedFilter*>(m_feedProxy)->setOverThresholdOnly(on);
  if (m_overThreshold->isChecked() != on) m_overThreshold->setChecked(on);
}

void LiveDashboard::selectEvent(int row) {
  const QModelIndex source = m_feed->index(row, 0);
  const QModelIndex shown = m_feedProxy->mapFromSource(source);
  if (shown.isValid()) m_feedView->setCurrentIndex(shown);
}

void LiveDashboard::showSlowFrames(int scene, DropLevel level) {
  const auto& scenes = m_session->scenes();
  if (scene < 0 || scene >= static_cast<int>(scenes.size())) return;
  m_slowFrames->setFilter(scene, level);
  const QString name = QString::fromStdString(scenes[static_cast<size_t>(scene)].name);
  const QString which =
      level == DropLevel::kBest
          ? tr("%1 · Best frames are not slow; pick another level").arg(name)
          : tr("%1 · %2: %3 frames, newest first").arg(name, dropLevelTitle(level)).arg(m_slowFrames->rowCount());
  // Rich text for the way back (the link calls showSlowestFrames).
  m_slowTitle->setText(which.toHtmlEscaped() % QStringLiteral(" · <a href=\"slowest\">") %
                       tr("the slowest of the session").toHtmlEscaped() % QStringLiteral("</a>"));
}

void LiveDashboard::showSlowestFrames() {
  m_slowFrames->setFilter(std::nullopt, std::nullopt);
  m_slowTitle->setText(tr("The %1 slowest of the session, slowest first · click a bar of Drop levels for one scene "
                          "and level")
                           .arg(SlowFramesModel::kSlowest));
}

void LiveDashboard::refresh() {
  m_shownRevision = m_session->revision();
  ++m_repaints;
  // One snapshot for every figure of the line (the charts below read the same model, now).
  const core::live::LiveStatus s = m_session->status();
  const auto events = [&](core::live::LiveEvent::Kind kind) { return s.events[static_cast<size_t>(kind)]; };
  QString text = tr("%1 · %2 fps · %3 frames (+%4 flagged) in %5 scenes · Best %6 · Normal %7 · Middle %8 · High %9 · "
                    "Frozen %10 · p50 %11 ms · p90 %12 ms · p99 %13 ms")
                     .arg(formatSessionTime(s.durationMs))
                     .arg(s.fps, 0, 'f', 1)
                     .arg(s.frames)
                     .arg(s.flaggedFrames)
                     .arg(s.scenes)
                     .arg(s.levels[0])
                     .arg(s.levels[1])
                     .arg(s.levels[2])
                     .arg(s.levels[3])
                     .arg(s.levels[4])
                     .arg(s.p50Ms)
                     .arg(s.p90Ms)
                     .arg(s.p99Ms);
  text += tr(" · %1 evil methods · %2 ANRs · %3 IO · %4 events in the feed (issues, ANRs, marks, frame gaps)")
              .arg(events(core::live::LiveEvent::Kind::kEvilMethod))
              .arg(events(core::live::LiveEvent::Kind::kAnr))
              .arg(events(core::live::LiveEvent::Kind::kIo))
              .arg(s.totalEvents);
  if (s.frameGaps > 0) text += tr(" · not seen ≤%1 frames in %2 gaps").arg(s.framesNotSeenMax).arg(s.frameGaps);
  if (s.memorySamples > 0 && s.pssKb >= 0) {
    text += tr(" · PSS %1 MiB (peak %2 MiB)")
                .arg(static_cast<double>(s.pssKb) / 1024.0, 0, 'f', 1)
                .arg(static_cast<double>(s.peakPssKb) / 1024.0, 0, 'f', 1);
  }
  m_summary->setText(text);
  m_fps->show(*m_session, kFpsWindowSeconds);
  m_drops->show(m_session->scenes());
  m_frameTimes->show(m_session->frameTimeView(), s);  // the header's percentiles
  m_memory->show(*m_session);
  if (!m_slowFrames->isFiltered()) m_slowFrames->refresh();  // a picked bar's list stays as it was picked
  m_feed->sync();
  m_database->sync(*m_session);
  // Something to look at from the start: the first issue, until the user picks one.
  if (!m_feedView->currentIndex().isValid() && m_feedProxy->rowCount() > 0)
    m_feedView->setCurrentIndex(m_feedProxy->index(0, 0));
}

}  // namespace mxi::gui
