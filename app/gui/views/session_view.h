// A recorded session (.mxs): a timeline that scrubs every view of the dashboard to a moment,
// the recovery report of a damaged file, comparison with another session (regressions judged
// by core's session compare) and exports (HTML report, JSON, Chrome trace for Perfetto).
#pragma once

#include <memory>
#include <QWidget>

#include "core/session/live_session.h"
#include "app/gui/jobs/session_loading.h"
#include "app/gui/settings/settings.h"
#include "core/session/session_compare.h"
#include "core/session/session_data.h"

class QLabel;
class QSlider;
class QTimer;
class QTreeWidget;
class QVBoxLayout;

namespace mxi::gui {

class LiveDashboard;

class SessionView : public QWidget {
  Q_OBJECT
 public:
  SessionView(QString path, std::shared_ptr<const core::session::SessionData> data, core::session::LiveThresholds thresholds = {},
              QWidget* parent = nullptr);
  ~SessionView() override;

  const core::session::SessionData& data() const { return *m_data; }
  LiveDashboard* dashboard() const { return m_dashboard; }
  // Shows the session as it was `ms` after its start (clamped); -1 for all of it.
  void scrubTo(int64_t ms);
  // Judges frames and issues by new thresholds (Settings), at the same moment of the timeline.
  void setThresholds(const core::session::LiveThresholds& thresholds);
  int64_t durationMs() const;
  // Compares with a baseline session (this one is the new side) and shows the result.
  void showComparison(const QString& basePath, const core::session::SessionData& base);
  QTreeWidget* comparisonTree() const { return m_compareTree; }
  QString headerText() const;
  // Writes an export: "html", "json" or "chrome-trace". Empty string on success, else the error.
  QString exportTo(const QString& format, const QString& outPath) const;

 signals:
  void scrubbed();

 private:
  void rebuild(int64_t untilNs);
  QString m_path;
  core::session::LiveThresholds m_thresholds;
  int64_t m_untilNs = INT64_MAX;
  std::shared_ptr<const core::session::SessionData> m_data;
  QLabel* m_header;
  QSlider* m_timeline;
  QLabel* m_time;
  QTimer* m_debounce;
  QVBoxLayout* m_dashboardSlot;
  LiveDashboard* m_dashboard = nullptr;
  QTreeWidget* m_compareTree;
};

}  // namespace mxi::gui
