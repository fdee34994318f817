#include "app/gui/views/settings_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

namespace mxi::gui {

namespace {

enum MappingColumn { kPackage, kVersionCode, kMethodMapping, kProguard, kMappingColumns };

QSpinBox* spin(int min, int max, const QString& suffix, const QString& name) {
  auto* s = new QSpinBox;
  s->setRange(min, max);
  s->setSuffix(suffix);
  s->setObjectName(name);
  return s;
}

}  // namespace

SettingsDialog::SettingsDialog(const Settings& settings, QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("Settings"));
  auto* layout = new QVBoxLayout(this);
  auto* tabs = new QTabWidget;
  tabs->addTab(makeDevicePage(), tr("Devices"));
  tabs->addTab(makeThresholdPage(), tr("Thresholds"));
  tabs->addTab(makeMappingPage(), tr("Mappings and heaps"));
  layout->addWidget(tabs);
  m_problem = new QLabel;
  m_problem->setObjectName(QStringLiteral("settingsProblem"));
  m_problem->setStyleSheet(QStringLiteral("color: #c62828"));
  m_problem->setWordWrap(true);
  layout->addWidget(m_problem);
  auto* buttons =
      new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel | QDialogButtonBox::RestoreDefaults);
  connect(buttons, &QDialogButtonBox::accepted, this, &SettingsDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &SettingsDialog::reject);
  connect(buttons->button(QDialogButtonBox::RestoreDefaults), &QPushButton::clicked, this,
          &SettingsDialog::restoreDefaults);
  layout->addWidget(buttons);
  setSettings(settings);
  resize(720, 460);
}

QWidget* SettingsDialog::makeDevicePage() {
  auto* page = new QWidget;
  auto* form = new QFormLayout(page);
  m_adbPath = new QLineEdit;
  m_adbPath->setObjectName(QStringLiteral("adbPath"));
  m_adbPath->setToolTip(tr("Run as `adb start-server` when no adb server answers (a name is looked up on PATH)"));
  auto* browse = new QPushButton(tr("Browse…"));
  connect(browse, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getOpenFileName(this, tr("adb binary"));
    if (!path.isEmpty()) m_adbPath->setText(path);
  });
  auto* adbRow = new QHBoxLayout;
  adbRow->addWidget(m_adbPath, 1);
  adbRow->addWidget(browse);
  form->addRow(tr("adb binary"), adbRow);
  m_transport = new QComboBox;
  m_transport->setObjectName(QStringLiteral("transport"));
  m_transport->addItem(tr("adb server ($ADB_SERVER_SOCKET, else localhost:5037)"), QStringLiteral("server"));
  m_transport->addItem(tr("USB without a server (libusb)"), QStringLiteral("usb"));
  m_transport->addItem(tr("Direct TCP (adbd in network mode)"), QStringLiteral("tcp"));
  m_tcpAddress = new QLineEdit;
  m_tcpAddress->setObjectName(QStringLiteral("tcpAddress"));
  m_tcpAddress->setPlaceholderText(tr("HOST:PORT, e.g. 192.168.1.20:5555"));
  connect(m_transport, &QComboBox::currentIndexChanged, this,
          [this] { m_tcpAddress->setEnabled(m_transport->currentData().toString() == QLatin1String("tcp")); });
  form->addRow(tr("Transport"), m_transport);
  form->addRow(tr("Direct TCP address"), m_tcpAddress);
  return page;
}

QWidget* SettingsDialog::makeThresholdPage() {
  auto* page = new QWidget;
  auto* form = new QFormLayout(page);
  m_evilMethodMs = spin(1, 600000, tr(" ms"), QStringLiteral("evilMethodMs"));
  m_evilMethodMs->setToolTip(
      tr("Evil methods costing this much or more are flagged in the issue feed (Matrix: 700 ms)"));
  m_anrMs = spin(1, 600000, tr(" ms"), QStringLiteral("anrMs"));
  m_anrMs->setToolTip(tr("Evil methods and ANRs costing this much or more are flagged as ANR-long (Matrix: 5 s)"));
  form->addRow(tr("Evil method"), m_evilMethodMs);
  form->addRow(tr("ANR"), m_anrMs);
  m_sqlSlowMs = spin(0, 600000, tr(" ms"), QStringLiteral("sqlSlowMs"));
  m_sqlSlowMs->setSpecialValueText(tr("off"));
  m_sqlSlowMs->setToolTip(
      tr("A live SQL statement taking this long or longer is a SQLiteLint issue, once per "
         "statement shape (mxi record --sql-slow-ms; 0: off)"));
  form->addRow(tr("Slow SQL statement"), m_sqlSlowMs);
  const char* names[4] = {"dropNormal", "dropMiddle", "dropHigh", "dropFrozen"};
  const QString titles[4] = {tr("Normal from"), tr("Middle from"), tr("High from"), tr("Frozen from")};
  for (int i = 0; i < 4; ++i) {
    m_drop[i] = spin(1, 1000, tr(" dropped frames"), QString::fromLatin1(names[i]));
    connect(m_drop[i], &QSpinBox::valueChanged, this, &SettingsDialog::updateDropRanges);
    form->addRow(titles[i], m_drop[i]);
  }
  m_dropRanges = new QLabel;
  m_dropRanges->setObjectName(QStringLiteral("dropRanges"));
  form->addRow(tr("Drop levels"), m_dropRanges);
  return page;
}

QWidget* SettingsDialog::makeMappingPage() {
  auto* page = new QWidget;
  auto* layout = new QVBoxLayout(page);
  layout->addWidget(
      new QLabel(tr("A dump, session, trace or capture of the app is shown with the original names of its "
                    "R8/ProGuard mapping.txt (classes, fields, stack frames); its evil-method call trees with "
                    "its methodMapping.txt (Matrix gradle plugin). A row with a versionCode serves that build "
                    "only and wins over the package's row with the version blank (every build). "
                    "Double-click a file cell to browse.")));
  m_mappings = new QTableWidget(0, kMappingColumns);
  m_mappings->setObjectName(QStringLiteral("mappings"));
  m_mappings->setHorizontalHeaderLabels(
      {tr("App package"), tr("versionCode"), tr("methodMapping.txt"), tr("R8/ProGuard mapping.txt")});
  m_mappings->horizontalHeaderItem(kVersionCode)->setToolTip(tr("android:versionCode; blank: every version"));
  m_mappings->horizontalHeader()->setStretchLastSection(true);
  m_mappings->horizontalHeader()->setSectionResizeMode(kMethodMapping, QHeaderView::Stretch);
  connect(m_mappings, &QTableWidget::cellDoubleClicked, this, &SettingsDialog::browseMapping);
  layout->addWidget(m_mappings, 1);
  auto* buttons = new QHBoxLayout;
  auto* add = new QPushButton(tr("Add"));
  auto* remove = new QPushButton(tr("Remove"));
  connect(add, &QPushButton::clicked, this, [this] {
    addMappingRow({});
    m_mappings->editItem(m_mappings->item(m_mappings->rowCount() - 1, kPackage));
  });
  connect(remove, &QPushButton::clicked, this, [this] {
    if (m_mappings->currentRow() >= 0) m_mappings->removeRow(m_mappings->currentRow());
  });
  buttons->addWidget(add);
  buttons->addWidget(remove);
  buttons->addStretch(1);
  layout->addLayout(buttons);
  auto* heaps = new QFormLayout;
  m_excludedHeaps = new QLineEdit;
  m_excludedHeaps->setObjectName(QStringLiteral("excludedHeaps"));
  m_excludedHeaps->setPlaceholderText(tr("comma-separated, e.g. image, zygote"));
  m_excludedHeaps->setToolTip(
      tr("Objects of these heaps count in no retained size and no class histogram row "
         "(Android dumps: image and zygote belong to the system, not the app)"));
  heaps->addRow(tr("Heaps to exclude"), m_excludedHeaps);
  m_knownReferences = new QLineEdit;
  m_knownReferences->setObjectName(QStringLiteral("knownReferences"));
  m_knownReferences->setPlaceholderText(tr("none: the built-in Android list only"));
  m_knownReferences->setToolTip(
      tr("A JSON file of known references (fields, a thread's locals, JNI globals; library "
         "or ignored) added to the built-in Android list, as mxi leaks --add-known-references"));
  auto* knownRow = new QHBoxLayout;
  auto* browseKnown = new QPushButton(tr("Browse…"));
  connect(browseKnown, &QPushButton::clicked, this, [this] {
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Known references"), QString(), tr("JSON (*.json);;All files (*)"));
    if (!path.isEmpty()) m_knownReferences->setText(path);
  });
  knownRow->addWidget(m_knownReferences, 1);
  knownRow->addWidget(browseKnown);
  heaps->addRow(tr("Known references"), knownRow);
  layout->addLayout(heaps);
  return page;
}

void SettingsDialog::addMappingRow(const AppMapping& mapping) {
  const int row = m_mappings->rowCount();
  m_mappings->insertRow(row);
  m_mappings->setItem(row, kPackage, new QTableWidgetItem(mapping.package));
  m_mappings->setItem(row, kVersionCode, new QTableWidgetItem(mapping.versionCode));
  m_mappings->setItem(row, kMethodMapping, new QTableWidgetItem(mapping.methodMapping));
  m_mappings->setItem(row, kProguard, new QTableWidgetItem(mapping.proguardMapping));
}

void SettingsDialog::browseMapping(int row, int column) {
  if (column == kPackage || column == kVersionCode) return;
  const QString path = QFileDialog::getOpenFileName(
      this, column == kMethodMapping ? tr("methodMapping.txt") : tr("R8/ProGuard mapping.txt"), QString(),
      tr("Mappings (*.txt);;All files (*)"));
  if (!path.isEmpty()) m_mappings->item(row, column)->setText(path);
}

void SettingsDialog::updateDropRanges() {
  const int n = m_drop[0]->value(), m = m_drop[1]->value(), h = m_drop[2]->value(), f = m_drop[3]->value();
  m_dropRanges->setText(
      tr("Best [0,%1) Normal [%1,%2) Middle [%2,%3) High [%3,%4) Frozen [%4,∞)").arg(n).arg(m).arg(h).arg(f));
}

void SettingsDialog::setSettings(const Settings& s) {
  m_adbPath->setText(s.adbPath);
  const bool tcp = s.transport.startsWith(QLatin1String("tcp:"));
  m_transport->setCurrentIndex(std::max(0, m_transport->findData(tcp ? QStringLiteral("tcp") : s.transport)));
  m_tcpAddress->setText(tcp ? s.transport.mid(4) : QString());
  m_tcpAddress->setEnabled(tcp);
  m_evilMethodMs->setValue(static_cast<int>(s.thresholds.evilMethodMs));
  m_anrMs->setValue(static_cast<int>(s.thresholds.anrMs));
  m_sqlSlowMs->setValue(static_cast<int>(s.sqlSlowMs));
  const int drops[4] = {s.thresholds.drops.normal, s.thresholds.drops.middle, s.thresholds.drops.high,
                        s.thresholds.drops.frozen};
  for (int i = 0; i < 4; ++i) m_drop[i]->setValue(drops[i]);
  updateDropRanges();
  m_mappings->setRowCount(0);
  for (const AppMapping& m : s.mappings) addMappingRow(m);
  m_excludedHeaps->setText(s.excludedHeaps.join(QStringLiteral(", ")));
  m_knownReferences->setText(s.knownReferencesFile);
  m_problem->clear();
}

Settings SettingsDialog::settings() const {
  Settings s;
  s.adbPath = m_adbPath->text().trimmed();
  const QString transport = m_transport->currentData().toString();
  s.transport = transport == QLatin1String("tcp") ? QStringLiteral("tcp:") + m_tcpAddress->text().trimmed() : transport;
  s.thresholds.evilMethodMs = m_evilMethodMs->value();
  s.thresholds.anrMs = m_anrMs->value();
  s.sqlSlowMs = m_sqlSlowMs->value();
  s.thresholds.drops = {m_drop[0]->value(), m_drop[1]->value(), m_drop[2]->value(), m_drop[3]->value()};
  for (int row = 0; row < m_mappings->rowCount(); ++row) {
    auto text = [&](int column) {
      return m_mappings->item(row, column) ? m_mappings->item(row, column)->text().trimmed() : QString();
    };
    AppMapping m{text(kPackage), text(kMethodMapping), text(kProguard), text(kVersionCode)};
    if (!m.package.isEmpty() || !m.methodMapping.isEmpty() || !m.proguardMapping.isEmpty() || !m.versionCode.isEmpty())
      s.mappings << m;
  }
  for (const QString& h : m_excludedHeaps->text().split(QLatin1Char(','), Qt::SkipEmptyParts)) {
    if (!h.trimmed().isEmpty()) s.excludedHeaps << h.trimmed();
  }
  s.knownReferencesFile = m_knownReferences->text().trimmed();
  return s;
}

QString SettingsDialog::problem() const { return m_problem->text(); }

void SettingsDialog::accept() {
  const Settings s = settings();
  QString problem = s.validate();
  for (const AppMapping& m : s.mappings) {
    if (m.package.isEmpty()) problem = tr("a mapping row has no app package");
  }
  m_problem->setText(problem);
  if (problem.isEmpty()) QDialog::accept();
}

}  // namespace mxi::gui
