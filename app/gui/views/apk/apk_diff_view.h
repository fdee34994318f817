// Two builds of an app side by side (the APK page's Compare tab): the totals (download and
// installed, old → new, with the delta), the files added, removed and changed on the left, and
// on the right what differs by folder, dex package (method ids), resource type and native
// library; growth red, shrink green. All figures are core/apkcheck's diffApks.
#pragma once

#include <QWidget>
#include <memory>

#include "core/apkcheck/apk_diff.h"

class QLabel;
class QTabWidget;

namespace mxi::gui {

class ApkFileChangesModel;
class ApkGroupDeltaModel;

class ApkDiffView final : public QWidget {
  Q_OBJECT
 public:
  explicit ApkDiffView(std::shared_ptr<const core::apkcheck::ApkDiff> diff, QWidget* parent = nullptr);
  const core::apkcheck::ApkDiff& diff() const { return *m_diff; }
  QString totalsText() const;  // the totals line as plain text
  ApkFileChangesModel* filesModel() const { return m_files; }
  // "folders", "dex packages", "resource types", "native libraries".
  ApkGroupDeltaModel* groupModel(const QString& name) const;

 private:
  std::shared_ptr<const core::apkcheck::ApkDiff> m_diff;
  QLabel* m_totals;
  ApkFileChangesModel* m_files;
  QTabWidget* m_groups;
  std::vector<std::pair<QString, ApkGroupDeltaModel*>> m_groupModels;
};

}  // namespace mxi::gui
