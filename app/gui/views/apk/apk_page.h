// The APK page: an app's package (one APK, a base with its splits chosen together, or a folder
// of them; File → Open APK…, a drop, the command line) checked on ApkCheckJob's thread with the
// status bar's progress and Cancel, then shown in an ApkView; one check at a time, and a
// cancelled or failed check leaves the page as it was. Compare APK… diffs another build (the
// baseline) against the shown one on ApkDiffJob's thread, shown in the view's Compare tab. The
// live view's Check APK… pulls the app's APKs from the phone first (ApkPullJob).
#pragma once

#include <QStringList>
#include <memory>

#include "app/gui/views/page.h"
#include "core/adb/device_selection.h"

class QAction;
class QTemporaryDir;

namespace mxi::gui {

class ApkCheckJob;
class ApkDiffJob;
class ApkPullJob;
class ApkView;

class ApkPage final : public Page {
  Q_OBJECT
 public:
  ApkPage(const Settings& settings, QWidget* parent = nullptr);
  ~ApkPage() override;
  bool hasDocument() const override { return m_view != nullptr; }
  ApkView* view() const { return m_view; }
  QAction* openAction() const { return m_openAction; }        // File → Open APK…
  QAction* compareAction() const { return m_compareAction; }  // File → Compare APK… (with a package shown)
  ApkCheckJob* checkJob() const { return m_job.get(); }
  ApkDiffJob* diffJob() const { return m_diffJob.get(); }

  // Checks the package made of `paths` (APK files or a folder of them); ignored while one runs.
  void openApk(const QStringList& paths);
  // The live view's Check APK…: `package`'s APKs pulled from `device` into a scratch folder (kept
  // while shown) on ApkPullJob's thread, then checked as openApk does.
  void checkFromDevice(const core::adb::DeviceSelection& device, const QString& package);
  // Compares the shown package (the new build) with `baseline` (APK files or a folder).
  void compareWith(const QStringList& baseline);

 signals:
  void apkOpened();  // the view shows the checked package
  void compared();   // its Compare tab shows the diff
  void compareFailed(const QString& message);

 private:
  void chooseBaseline();

  QAction* m_openAction;
  QAction* m_compareAction;
  ApkView* m_view = nullptr;
  std::unique_ptr<ApkCheckJob> m_job;
  std::unique_ptr<ApkDiffJob> m_diffJob;
  std::unique_ptr<ApkPullJob> m_pullJob;
  std::unique_ptr<QTemporaryDir> m_pulled;  // the pulled APKs
};

}  // namespace mxi::gui
