#include "app/gui/views/live_dashboard.h"

#include <algorithm>
#include <cmath>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QDockWidget>
#include <QMainWindow>
#include <QSettings>
#include <QTimer>
#include <QValueAxis>
#include <QVBoxLayout>

#include "app/gui/models/format.h"
#include "app/gui/views/item_views.h"
#include "app/gui/views/issue_detail_view.h"
#include "app/gui/models/issue_feed_model.h"
#include "app/gui/models/slow_frames_model.h"

namespace mxi::gui {

using core::trace::DropLevel;
using core::trace::kDropLevelCount;

QColor dropLevelColour(DropLevel level) {
  switch (level) {
    case DropLevel::kBest: return QColor(0x43, 0xa0, 0x47);
    case DropLevel::kNormal: return QColor(0x9c, 0xcc, 0x65);
    case DropLevel::kMiddle: return QColor(0xfd, 0xd8, 0x35);
    case DropLevel::kHigh: return QColor(0xfb, 0x8c, 0x00);
    case DropLevel::kFrozen: return QColor(0xe5, 0x39, 0x35);
  }
  return Qt::gray;
}

namespace {

// Scene colours for the FPS lines: distinct hues that read on light and dark palettes.
QColor sceneColour(int scene) { return QColor::fromHsv((scene * 67 + 200) % 360, 170, 210); }

QString levelTitle(DropLevel level) {
  switch (level) {
    case DropLevel::kBest: return QObject::tr("Best");
    case DropLevel::kNormal: return QObject::tr("Normal");
    case DropLevel::kMiddle: return QObject::tr("Middle");
    case DropLevel::kHigh: return QObject::tr("High");
    case DropLevel::kFrozen: return QObject::tr("Frozen");
  }
  return {};
}

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

QChartView* chartView(QChart* chart) {
  chart->setMargins(QMargins(4, 4, 4, 4));
  chart->legend()->setAlignment(Qt::AlignBottom);
  auto* view = new QChartView(chart);
  view->setRenderHint(QPainter::Antialiasing);
  view->setMinimumHeight(200);
  view->setMinimumWidth(360);
  return view;
}

}  // namespace

LiveDashboard::LiveDashboard(std::shared_ptr<core::session::LiveSession> session, QWidget* parent)
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
  QDockWidget* fps = addPanel(QStringLiteral("fpsPanel"), tr("FPS"), m_fpsView, Qt::TopDockWidgetArea);
  QDockWidget* drops = addPanel(QStringLiteral("dropsPanel"), tr("Drop levels"), m_dropView, Qt::TopDockWidgetArea);
  QDockWidget* dist = addPanel(QStringLiteral("distributionPanel"), tr("Frame times"), m_distView, Qt::TopDockWidgetArea);
  QDockWidget* slow = addPanel(QStringLiteral("slowFramesPanel"), tr("Slow frames"), m_slowPage, Qt::TopDockWidgetArea);
  addPanel(QStringLiteral("issueDetailPanel"), tr("Issue detail"), m_detail, Qt::RightDockWidgetArea);
  m_panels->splitDockWidget(fps, drops, Qt::Horizontal);
  m_panels->splitDockWidget(fps, dist, Qt::Vertical);
  m_panels->splitDockWidget(drops, slow, Qt::Vertical);
  m_panels->resizeDocks({fps, dist}, {240, 240}, Qt::Vertical);
  m_panels->restoreState(QSettings().value(QLatin1String(kLayoutKey)).toByteArray(), kLayoutVersion);
  layout->addWidget(m_panels, 1);
  m_timer = new QTimer(this);
  m_timer->setInterval(kRepaintIntervalMs);
  connect(m_timer, &QTimer::timeout, this, [this] {
    if (m_session->revision() != m_shownRevision) refresh();
  });
  m_timer->start();
  refresh();
}

LiveDashboard::~LiveDashboard() { QSettings().setValue(QLatin1String(kLayoutKey), m_panels->saveState(kLayoutVersion)); }

QDockWidget* LiveDashboard::addPanel(const QString& name, const QString& title, QWidget* content, Qt::DockWidgetArea area) {
  auto* dock = new QDockWidget(title, m_panels);
  dock->setObjectName(name);
  dock->setWidget(content);
  dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable | QDockWidget::DockWidgetClosable);
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

QChart* LiveDashboard::fpsChart() const { return m_fpsView->chart(); }
QChart* LiveDashboard::dropChart() const { return m_dropView->chart(); }
QChart* LiveDashboard::distributionChart() const { return m_distView->chart(); }
QString LiveDashboard::summaryText() const { return m_summary->text(); }

void LiveDashboard::makeCharts() {
  auto* fps = new QChart;
  fps->setTitle(tr("FPS per second, by scene"));
  m_fpsX = new QValueAxis;
  m_fpsX->setTitleText(tr("s"));
  m_fpsX->setLabelFormat(QStringLiteral("%d"));
  m_fpsY = new QValueAxis;
  m_fpsY->setRange(0, 60);
  m_fpsY->setLabelFormat(QStringLiteral("%d"));
  fps->addAxis(m_fpsX, Qt::AlignBottom);
  fps->addAxis(m_fpsY, Qt::AlignLeft);
  m_fpsView = chartView(fps);

  auto* drops = new QChart;
  drops->setTitle(tr("Frames by drop level, per scene (click a bar for its frames)"));
  m_dropSeries = new QHorizontalStackedBarSeries;
  for (size_t l = 0; l < kDropLevelCount; ++l) {
    auto* set = new QBarSet(levelTitle(static_cast<DropLevel>(l)));
    set->setColor(dropLevelColour(static_cast<DropLevel>(l)));
    set->setBorderColor(dropLevelColour(static_cast<DropLevel>(l)));
    m_dropSeries->append(set);
    connect(set, &QBarSet::clicked, this, [this, l](int scene) { showSlowFrames(scene, static_cast<DropLevel>(l)); });
  }
  drops->addSeries(m_dropSeries);
  m_dropScenes = new QBarCategoryAxis;
  drops->addAxis(m_dropScenes, Qt::AlignLeft);
  m_dropSeries->attachAxis(m_dropScenes);
  m_dropX = new QValueAxis;
  m_dropX->setLabelFormat(QStringLiteral("%d"));
  drops->addAxis(m_dropX, Qt::AlignBottom);
  m_dropSeries->attachAxis(m_dropX);
  m_dropView = chartView(drops);

  auto* dist = new QChart;
  dist->setTitle(tr("Frame time distribution"));
  m_distLine = new QLineSeries;
  m_distLine->setName(tr("frames"));
  dist->addSeries(m_distLine);
  m_distX = new QValueAxis;
  m_distX->setTitleText(tr("ms"));
  m_distX->setLabelFormat(QStringLiteral("%d"));
  m_distY = new QValueAxis;
  m_distY->setLabelFormat(QStringLiteral("%d"));
  dist->addAxis(m_distX, Qt::AlignBottom);
  dist->addAxis(m_distY, Qt::AlignLeft);
  m_distLine->attachAxis(m_distX);
  m_distLine->attachAxis(m_distY);
  const QColor markers[] = {QColor(0x1e, 0x88, 0xe5), QColor(0xfb, 0x8c, 0x00), QColor(0xe5, 0x39, 0x35)};
  for (const QColor& c : markers) {
    auto* line = new QLineSeries;
    line->setColor(c);
    QPen pen = line->pen();
    pen.setStyle(Qt::DashLine);
    pen.setColor(c);
    line->setPen(pen);
    dist->addSeries(line);
    line->attachAxis(m_distX);
    line->attachAxis(m_distY);
    m_percentileLines.push_back(line);
  }
  m_overflowBar = new QLineSeries;
  QPen overflowPen(QColor(0xb3, 0x26, 0x1e));
  overflowPen.setWidth(6);
  m_overflowBar->setPen(overflowPen);
  dist->addSeries(m_overflowBar);
  m_overflowBar->attachAxis(m_distX);
  m_overflowBar->attachAxis(m_distY);
  m_distView = chartView(dist);

  m_slowPage = new QWidget;
  auto* slowLayout = new QVBoxLayout(m_slowPage);
  slowLayout->setContentsMargins(0, 0, 0, 0);
  m_slowTitle = new QLabel(tr("Slow frames (click a bar)"));
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
}

QWidget* LiveDashboard::makeFeed() {
  auto* page = new QWidget;
  auto* layout = new QVBoxLayout(page);
  layout->setContentsMargins(0, 0, 0, 0);
  auto* bar = new QHBoxLayout;
  m_kind = new QComboBox;
  m_kind->addItem(tr("All kinds"), -1);
  for (auto k : {core::session::LiveEvent::Kind::kEvilMethod, core::session::LiveEvent::Kind::kAnr, core::session::LiveEvent::Kind::kIo, core::session::LiveEvent::Kind::kStartup,
                 core::session::LiveEvent::Kind::kFps, core::session::LiveEvent::Kind::kLeak, core::session::LiveEvent::Kind::kMark, core::session::LiveEvent::Kind::kOther}) {
    m_kind->addItem(QString::fromUtf8(core::session::liveEventKindName(k).data()), static_cast<int>(k));
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
  connect(m_feedView->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
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
  m_slowTitle->setText(level == DropLevel::kBest
                           ? tr("%1 · Best frames are not slow; pick another level").arg(QString::fromStdString(scenes[static_cast<size_t>(scene)].name))
                           : tr("%1 · %2: %3 slow frames (newest first)")
                                 .arg(QString::fromStdString(scenes[static_cast<size_t>(scene)].name), levelTitle(level))
                                 .arg(m_slowFrames->rowCount()));
}

void LiveDashboard::refresh() {
  m_shownRevision = m_session->revision();
  ++m_repaints;
  // One snapshot for every figure of the line (the charts below read the same model, now).
  const core::session::LiveStatus s = m_session->status();
  const auto events = [&](core::session::LiveEvent::Kind kind) { return s.events[static_cast<size_t>(kind)]; };
  QString text = tr("%1 · %2 fps · %3 frames (+%4 flagged) in %5 scenes · Best %6 · Normal %7 · Middle %8 · High %9 · "
                    "Frozen %10 · p50 %11 ms · p90 %12 ms · p99 %13 ms")
                     .arg(formatSessionTime(s.durationMs))
                     .arg(s.fps, 0, 'f', 1)
                     .arg(s.frames).arg(s.flaggedFrames).arg(s.scenes)
                     .arg(s.levels[0]).arg(s.levels[1]).arg(s.levels[2]).arg(s.levels[3]).arg(s.levels[4])
                     .arg(s.p50Ms).arg(s.p90Ms).arg(s.p99Ms);
  text += tr(" · %1 evil methods · %2 ANRs · %3 IO · %4 events in the feed (issues, ANRs, marks, frame gaps)")
              .arg(events(core::session::LiveEvent::Kind::kEvilMethod))
              .arg(events(core::session::LiveEvent::Kind::kAnr))
              .arg(events(core::session::LiveEvent::Kind::kIo))
              .arg(s.totalEvents);
  if (s.frameGaps > 0) text += tr(" · not seen ≤%1 frames in %2 gaps").arg(s.framesNotSeenMax).arg(s.frameGaps);
  m_summary->setText(text);
  refreshFps();
  refreshDrops();
  refreshDistribution(s);
  m_feed->sync();
  // Something to look at from the start: the first issue, until the user picks one.
  if (!m_feedView->currentIndex().isValid() && m_feedProxy->rowCount() > 0) m_feedView->setCurrentIndex(m_feedProxy->index(0, 0));
}

void LiveDashboard::refreshFps() {
  const auto& scenes = m_session->scenes();
  QChart* chart = m_fpsView->chart();
  while (m_fpsLines.size() < scenes.size()) {
    const int i = static_cast<int>(m_fpsLines.size());
    auto* line = new QLineSeries;
    line->setName(QString::fromStdString(scenes[static_cast<size_t>(i)].name));
    line->setColor(sceneColour(i));
    chart->addSeries(line);
    line->attachAxis(m_fpsX);
    line->attachAxis(m_fpsY);
    m_fpsLines.push_back(line);
  }
  int64_t last = 0;
  for (size_t s = 0; s < scenes.size(); ++s) {
    const auto& series = m_session->fpsSeries(static_cast<int>(s));
    if (!series.empty()) last = std::max(last, series.back().second);
  }
  const int64_t first = std::max<int64_t>(0, last - kFpsWindowSeconds);
  double top = 60;
  for (size_t s = 0; s < scenes.size(); ++s) {
    QList<QPointF> points;
    for (const core::session::FpsPoint& p : m_session->fpsSeries(static_cast<int>(s))) {
      if (p.second < first) continue;
      points.append(QPointF(static_cast<double>(p.second), p.fps));
      top = std::max(top, p.fps);
    }
    m_fpsLines[s]->replace(points);
  }
  m_fpsX->setRange(static_cast<double>(first), static_cast<double>(std::max<int64_t>(last, first + 10)));
  m_fpsY->setRange(0, std::ceil(top / 30) * 30);
}

void LiveDashboard::refreshDrops() {
  const auto& scenes = m_session->scenes();
  QStringList names;
  for (const auto& s : scenes) names << QString::fromStdString(s.name);
  if (m_dropScenes->categories() != names) {
    m_dropScenes->clear();
    m_dropScenes->append(names);
  }
  uint64_t widest = 1;
  const auto sets = m_dropSeries->barSets();
  for (size_t l = 0; l < kDropLevelCount; ++l) {
    QBarSet* set = sets[static_cast<int>(l)];
    for (size_t s = 0; s < scenes.size(); ++s) {
      const auto v = static_cast<double>(scenes[s].levels[l]);
      if (static_cast<int>(s) < set->count()) {
        if (set->at(static_cast<int>(s)) != v) set->replace(static_cast<int>(s), v);
      } else {
        set->append(v);
      }
    }
  }
  for (const auto& s : scenes) widest = std::max(widest, s.frames);
  m_dropX->setRange(0, static_cast<double>(widest));
}

// The percentile markers are the header's (one snapshot).
void LiveDashboard::refreshDistribution(const core::session::LiveStatus& status) {
  const core::session::FrameTimeView view = m_session->frameTimeView();
  const double p50 = status.p50Ms, p90 = status.p90Ms, p99 = status.p99Ms;
  QList<QPointF> points;
  uint64_t peak = std::max<uint64_t>(1, view.overflow);
  for (size_t i = 0; i < view.buckets.size(); ++i) {
    peak = std::max(peak, view.buckets[i]);
    points.append(QPointF(static_cast<double>(i) + 0.5, static_cast<double>(view.buckets[i])));
  }
  m_distLine->replace(points);
  // The overflow bin: one bar at the clip, its count and the slowest frame in the legend.
  const auto clip = static_cast<double>(view.clipMs);
  m_overflowBar->setName(view.overflow == 0
                             ? tr("none slower than %1 ms").arg(view.clipMs)
                             : tr("%1 ms or slower: %2 frames (slowest %3 ms)")
                                   .arg(view.clipMs)
                                   .arg(view.overflow)
                                   .arg(view.slowestMs, 0, 'f', 0));
  m_overflowBar->replace(QList<QPointF>{{clip + 1, 0}, {clip + 1, static_cast<double>(view.overflow)}});
  m_distX->setRange(0, clip + 2);
  m_distY->setRange(0, static_cast<double>(peak));
  const double values[] = {p50, p90, p99};
  const char* names[] = {"p50", "p90", "p99"};
  for (size_t i = 0; i < 3; ++i) {
    m_percentileLines[i]->setName(QStringLiteral("%1 %2 ms").arg(QLatin1String(names[i])).arg(values[i]));
    // A percentile past the clip stands at the overflow bar.
    const double x = std::min(values[i], clip + 1);
    m_percentileLines[i]->replace(QList<QPointF>{{x, 0}, {x, static_cast<double>(peak)}});
  }
}

}  // namespace mxi::gui
