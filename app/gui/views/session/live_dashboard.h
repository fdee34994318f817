// The live/session dashboard over one LiveSession: FPS over time per scene, a stacked frame-drop
// histogram per scene in Matrix levels and colours, the frame-time distribution with p50/p90/p99
// markers, the slowest frames (or those behind a clicked bar), and the issue feed (filterable, searchable)
// with the selected issue's detail; beside them, the Database page (database_view.h). Repaints at most ~30 times a
// second, only when the session changed, so a fast feed never floods the UI thread.
#pragma once

#include <QWidget>
#include <memory>
#include <optional>

#include "core/live/live_session.h"

class QCheckBox;
class QComboBox;
class QDockWidget;
class QMainWindow;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;
class QTimer;

namespace mxi::gui {

class DatabaseView;
class DropLevelChart;
class FpsChart;
class FrameTimeChart;
class IssueDetailView;
class IssueFeedModel;
class MemoryChart;
class SlowFramesModel;

class LiveDashboard : public QWidget {
  Q_OBJECT
 public:
  static constexpr int kRepaintIntervalMs = 33;
  static constexpr int kFpsWindowSeconds = 120;
  explicit LiveDashboard(std::shared_ptr<core::live::LiveSession> session, QWidget* parent = nullptr);
  ~LiveDashboard() override;

  core::live::LiveSession& session() { return *m_session; }
  // Brings every view up to date with the session now (the timer does this when it changed).
  void refresh();
  // What clicking a bar does: the slow frames of that scene and level.
  void showSlowFrames(int scene, core::framestats::DropLevel level);
  // What the slow frames panel shows at first: the session's slowest frames.
  void showSlowestFrames();
  void selectEvent(int row);

  // For tests and screenshots.
  FpsChart* fpsChart() const { return m_fps; }
  DropLevelChart* dropChart() const { return m_drops; }
  FrameTimeChart* frameTimeChart() const { return m_frameTimes; }
  MemoryChart* memoryChart() const { return m_memory; }
  IssueFeedModel* feedModel() const { return m_feed; }
  QSortFilterProxyModel* feedProxy() const { return m_feedProxy; }
  SlowFramesModel* slowFramesModel() const { return m_slowFrames; }
  IssueDetailView* detailView() const { return m_detail; }
  DatabaseView* databaseView() const { return m_database; }
  // The Dashboard and Database tabs.
  QTabWidget* tabs() const { return m_tabs; }
  QString summaryText() const;
  uint64_t repaints() const { return m_repaints; }
  void setKindFilter(int kindOrMinusOne);  // LiveEvent::Kind as int, -1 for all
  // Every panel back in place (the saved arrangement is forgotten).
  void resetLayout();
  QMainWindow* panels() const { return m_panels; }
  // Only evil methods and ANRs at or over the session's evil-method threshold.
  void setOverThresholdOnly(bool on);

 private:
  void makeCharts();
  QWidget* makeFeed();
  QDockWidget* addPanel(const QString& name, const QString& title, QWidget* content, Qt::DockWidgetArea area);

  static constexpr const char* kLayoutKey = "dashboard/layout";
  static constexpr int kLayoutVersion = 2;  // 2: the Memory panel (a saved version-1 layout would hide it)
  std::shared_ptr<core::live::LiveSession> m_session;
  QMainWindow* m_panels;
  QWidget* m_slowPage = nullptr;
  uint64_t m_shownRevision = UINT64_MAX;
  uint64_t m_repaints = 0;
  QTimer* m_timer;
  QLabel* m_summary;
  FpsChart* m_fps;
  DropLevelChart* m_drops;
  FrameTimeChart* m_frameTimes;
  MemoryChart* m_memory;
  QLabel* m_slowTitle;
  QTableView* m_slowView;
  SlowFramesModel* m_slowFrames;
  IssueFeedModel* m_feed;
  QSortFilterProxyModel* m_feedProxy;
  QTableView* m_feedView;
  QLineEdit* m_search;
  QComboBox* m_kind;
  QCheckBox* m_overThreshold;
  IssueDetailView* m_detail;
  QTabWidget* m_tabs;
  DatabaseView* m_database;
};

}  // namespace mxi::gui
