// The session page: a recorded session (.mxs) or raw device captures (framestats, Matrix issues,
// ANR traces, methodMapping.txt) imported into one, loaded on SessionLoadJob's thread and shown
// in a SessionView (dashboard, timeline replay, compare, exports). Only the latest open shows.
// Issue stacks show retraced through the app's R8/ProGuard mapping (Settings), or through a file
// chosen with Apply mapping…, which re-opens the session. A session file of startup runs
// (`mxi startup -o`, Save runs…) is handed to the Startup page instead (startupRunsLoaded).
#pragma once

#include <memory>

#include "app/gui/jobs/session/capture_import.h"
#include "app/gui/views/page.h"
#include "core/session/session_data.h"

class QAction;
class QTemporaryDir;

namespace mxi::gui {

class LiveDashboard;
class SessionLoadJob;
class SessionView;

class SessionPage final : public Page {
  Q_OBJECT
 public:
  SessionPage(const Settings& settings, QWidget* parent = nullptr);
  ~SessionPage() override;
  bool hasDocument() const override { return m_view != nullptr; }
  SessionView* view() const { return m_view; }
  LiveDashboard* dashboard() const;                                     // of the open session; null before one
  QAction* openAction() const { return m_openAction; }                  // File → Open session…
  QAction* capturesAction() const { return m_capturesAction; }          // File → Open device captures…
  QAction* applyMappingAction() const { return m_applyMappingAction; }  // enabled while a session shows

  void openSession(const QString& path);
  // Imported by core's session import into a scratch session file of this page.
  void openCaptures(const CaptureFiles& files);
  // Re-opens the session shown with its stacks retraced through `mappingFile`, whatever its app.
  void applyMapping(const QString& mappingFile);
  // The open session's dashboard judges frames by these from now on.
  void setThresholds(const core::live::LiveThresholds& thresholds);

 signals:
  void sessionOpened();
  // The file held startup runs: the Startup page shows them, this page keeps what it showed.
  void startupRunsLoaded(const QString& path, const std::shared_ptr<const mxi::core::session::SessionData>& session);

 private:
  // Runs `job` and shows the session it opens (titled `label`), or reports why it failed.
  void load(std::unique_ptr<SessionLoadJob> job, const QString& label);

  QAction* m_openAction;
  QAction* m_capturesAction;
  QAction* m_applyMappingAction;
  SessionView* m_view = nullptr;
  std::unique_ptr<SessionLoadJob> m_job;
  std::unique_ptr<QTemporaryDir> m_captureSessions;  // session files imported from captures
  int m_captureImports = 0;
};

}  // namespace mxi::gui
