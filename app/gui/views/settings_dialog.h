// Edit → Settings… (Ctrl+,): adb (binary, transport), thresholds (Matrix defaults), mappings
// per app package and versionCode (R8/ProGuard mapping.txt, methodMapping.txt), heaps to exclude; Restore Defaults. OK
// is refused while the values are inconsistent (the reason shows in the dialog).
#pragma once

#include <QDialog>

#include "app/gui/settings/settings.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QTableWidget;

namespace mxi::gui {

class SettingsDialog : public QDialog {
  Q_OBJECT
 public:
  explicit SettingsDialog(const Settings& settings, QWidget* parent = nullptr);
  // What the widgets hold now.
  Settings settings() const;
  void setSettings(const Settings& settings);
  void restoreDefaults() { setSettings(Settings{}); }
  void accept() override;
  QTableWidget* mappingTable() const { return m_mappings; }
  QString problem() const;  // the text shown when OK was refused

 private:
  QWidget* makeDevicePage();
  QWidget* makeThresholdPage();
  QWidget* makeMappingPage();
  void addMappingRow(const AppMapping& mapping);
  void browseMapping(int row, int column);
  void updateDropRanges();

  QLineEdit* m_adbPath;
  QComboBox* m_transport;
  QLineEdit* m_tcpAddress;
  QSpinBox* m_evilMethodMs;
  QSpinBox* m_anrMs;
  QSpinBox* m_sqlSlowMs;
  QSpinBox* m_drop[4];  // Normal, Middle, High, Frozen: first dropped-frame count of each level
  QLabel* m_dropRanges;
  QTableWidget* m_mappings;
  QLineEdit* m_excludedHeaps;
  QLineEdit* m_knownReferences;
  QLabel* m_problem;
};

}  // namespace mxi::gui
