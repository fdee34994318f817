// A recorded session (.mxs): a timeline that scrubs every view of the dashboard to a moment,
// the recovery report of a damaged file, comparison with another session (regressions judged
// by core's session compare) and exports (HTML report, JSON, Chrome trace for Perfetto).
#pragma once

#include <QWidget>
#include <memory>

#include "app/gui/jobs/session/session_load_job.h"
#include "app/gui/settings/settings.h"
#include "core/live/live_session.h"
#include "core/session/session_data.h"
#include "core/sessioncompare/session_compare.h"

class QLabel;
class QProgressBar;
class QPushButton;
class QSlider;
class QTimer;
class QTreeView;
class QVBoxLayout;

namespace mxi::gui {

class LiveDashboard;
class SessionComparisonModel;

class SessionView : public QWidget {
  Q_OBJECT
 public:
  // `mappings` (Settings) name the call trees of a baseline it is compared with, as they named this one's.
  SessionView(QString path, std::shared_ptr<const core::session::SessionData> data,
              core::live::LiveThresholds thresholds = {}, QList<AppMapping> mappings = {}, QWidget* parent = nullptr);
  ~SessionView() override;

  const core::session::SessionData& data() const { return *m_data; }
  const QString& path() const { return m_path; }
  LiveDashboard* dashboard() const { return m_dashboard; }
  // Shows the session as it was `ms` after its start (clamped); -1 for all of it.
  void scrubTo(int64_t ms);
  // Judges frames and issues by new thresholds (Settings), at the same moment of the timeline.
  void setThresholds(const core::live::LiveThresholds& thresholds);
  int64_t durationMs() const;
  // Loads `basePath` (SessionLoadJob: progress, Cancel) and compares with it; comparedWith() or
  // compareFailed() follows. A newer choice drops an older one still loading.
  void compareWith(const QString& basePath);
  // Compares with a baseline session (this one is the new side) and shows the result.
  void showComparison(const QString& basePath, const core::session::SessionData& base);
  QTreeView* comparisonTree() const { return m_compareTree; }
  SessionComparisonModel* comparison() const { return m_comparison; }
  QString headerText() const;
  // Issue stacks are shown retraced through `mapping` (the app's R8/ProGuard mapping.txt, null:
  // as recorded); `note` says so in the header ("stacks retraced through mapping.txt", or why not).
  void setStackMapping(std::shared_ptr<const core::mapping::R8Mapping> mapping, const QString& note);
  const core::mapping::R8Mapping* stackMapping() const { return m_stackMapping.get(); }
  // Writes an export: "html", "json" or "chrome-trace". Empty string on success, else the error.
  QString exportTo(const QString& format, const QString& outPath) const;

 signals:
  void comparedWith(const QString& basePath);
  void compareFailed(const QString& message);

 private:
  void rebuild(int64_t untilNs);
  QString m_path;
  core::live::LiveThresholds m_thresholds;
  QList<AppMapping> m_mappings;
  std::unique_ptr<SessionLoadJob> m_baselineJob;
  int64_t m_untilNs = INT64_MAX;
  std::shared_ptr<const core::session::SessionData> m_data;
  std::shared_ptr<const core::mapping::R8Mapping> m_stackMapping;
  QLabel* m_header;
  QSlider* m_timeline;
  QLabel* m_time;
  QTimer* m_debounce;
  QProgressBar* m_compareProgress;
  QPushButton* m_compareCancel;
  QVBoxLayout* m_dashboardSlot;
  LiveDashboard* m_dashboard = nullptr;
  QTreeView* m_compareTree;
  SessionComparisonModel* m_comparison = nullptr;
};

}  // namespace mxi::gui
