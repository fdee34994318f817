#include "app/gui/views/start/start_page.h"

#include <QAction>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

#include "app/gui/jobs/live/device_tracker.h"

namespace mxi::gui {

namespace {

QPushButton* openerButton(const QString& text, QAction* action, const QString& toolTip = {}) {
  auto* button = new QPushButton(text);
  if (!toolTip.isEmpty()) button->setToolTip(toolTip);
  QObject::connect(button, &QPushButton::clicked, action, &QAction::trigger);
  return button;
}

}  // namespace

QString StartPage::usableSerial(const QString& rowText) {
  // Rows read "serial — model (state)".
  if (!rowText.endsWith(QLatin1String("(device)"))) return {};  // offline, unauthorized…
  return rowText.section(QStringLiteral(" — "), 0, 0).section(QStringLiteral(" ("), 0, 0);
}

StartPage::StartPage(const Settings& settings, const Openers& openers, QWidget* parent) : Page(settings, parent) {
  auto* page = new QWidget;
  auto* layout = new QVBoxLayout(page);
  layout->setContentsMargins(48, 48, 48, 48);
  auto* title =
      new QLabel(tr("<h1>Matrix Inspector</h1><p>Open an Android or HotSpot heap dump (.hprof, .hprof.gz, "
                    "or a Matrix upload .zip) — or drop one here — to see its leaks, duplicate bitmaps, "
                    "classes, dominators and duplicate strings; or an ART method trace (.trace) to see its "
                    "threads as flame charts and the slow main-thread work Matrix would report.</p>"));
  title->setWordWrap(true);
  layout->addWidget(title);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(openerButton(tr("Open dump…"), openers.dump));
  buttons->addWidget(openerButton(tr("Open session…"), openers.session,
                                  tr("A recorded .mxs session (mxi record, mxi session import)")));
  buttons->addWidget(openerButton(
      tr("Open method trace…"), openers.methodTrace,
      tr("An ART/Dalvik .trace (am profile, --start-profiler, Android Studio, Debug.startMethodTracing)")));
  buttons->addWidget(
      openerButton(tr("Open device captures…"), openers.captures,
                   tr("dumpsys gfxinfo framestats, logcat or JSON with Matrix issues, ANR traces, methodMapping.txt")));
  buttons->addWidget(
      openerButton(tr("Open triage…"), openers.triage,
                   tr("Many captures at once: their distinct problems by impact, which are new, a page for the team")));
  buttons->addWidget(openerButton(
      tr("Open APK…"), openers.apk,
      tr("An app's package (or a base APK with its splits): what is inside, what it costs, Matrix's checks")));
  auto* demo =
      openerButton(tr("Try the demo"), openers.demo,
                   tr("A simulated phone on this computer: the live view, recording and heap dumps with no device"));
  demo->setObjectName(QStringLiteral("tryDemo"));
  buttons->addWidget(demo);
  buttons->addStretch(1);
  layout->addLayout(buttons);
  layout->addWidget(new QLabel(tr("<h3>Attached devices</h3><p>Double-click a device for its live view.</p>")));
  m_deviceStatus = new QLabel(tr("Device tracking is off."));
  m_deviceStatus->setObjectName(QStringLiteral("deviceStatus"));
  m_devices = new QListWidget;
  m_devices->setObjectName(QStringLiteral("devices"));
  m_devices->setMaximumHeight(120);
  layout->addWidget(m_deviceStatus);
  connect(m_devices, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
    const QString serial = usableSerial(item->text());
    if (!serial.isEmpty()) emit deviceActivated(serial, item->text());
  });
  // Right click on a device: Check APK… for an app on it (its package asked for).
  m_devices->setContextMenuPolicy(Qt::CustomContextMenu);
  connect(m_devices, &QListWidget::customContextMenuRequested, this, [this](const QPoint& at) {
    const QListWidgetItem* item = m_devices->itemAt(at);
    const QString serial = item ? usableSerial(item->text()) : QString();
    if (serial.isEmpty()) return;
    QMenu menu;
    menu.addAction(tr("Check APK…"), this, [this, serial] {
      const QString package =
          QInputDialog::getText(this, tr("Check APK"), tr("Package of the app on %1:").arg(serial)).trimmed();
      if (!package.isEmpty()) emit checkApkRequested(serial, package);
    });
    menu.exec(m_devices->viewport()->mapToGlobal(at));
  });
  layout->addWidget(m_devices);
  layout->addWidget(new QLabel(tr("<h3>Recent files</h3>")));
  m_recent = new QListWidget;
  connect(m_recent, &QListWidget::itemActivated, this,
          [this](QListWidgetItem* item) { emit openRequested({item->text()}); });
  layout->addWidget(m_recent, 1);
  refreshRecent();
  replaceView(nullptr, page);
}

void StartPage::startDeviceTracking() {
  if (m_tracker) return;
  m_tracker = new DeviceTracker({settings().adbPath.toStdString(), settings().transport.toStdString()}, this);
  connect(m_tracker, &DeviceTracker::devicesChanged, this, [this](const QStringList& devices) {
    m_devices->clear();
    m_devices->addItems(devices);
    if (devices.isEmpty()) m_devices->addItem(tr("No device attached — connect a phone with USB debugging on"));
  });
  connect(m_tracker, &DeviceTracker::statusChanged, m_deviceStatus, &QLabel::setText);
  m_devices->clear();
  m_deviceStatus->setText(settings().transport == QLatin1String("server")
                              ? tr("Looking for the adb server…")
                              : tr("Looking for devices (%1)…").arg(settings().transport));
  m_tracker->start();
}

void StartPage::adbChanged() {
  if (!m_tracker) return;
  delete m_tracker;  // stops its thread
  m_tracker = nullptr;
  startDeviceTracking();
}

void StartPage::refreshRecent() {
  m_recent->clear();
  m_recent->addItems(QSettings().value(QStringLiteral("recentFiles")).toStringList());
}

void StartPage::rememberRecent(const QString& path) {
  QSettings settings;
  QStringList recent = settings.value(QStringLiteral("recentFiles")).toStringList();
  recent.removeAll(path);
  recent.prepend(path);
  while (recent.size() > 10) recent.removeLast();
  settings.setValue(QStringLiteral("recentFiles"), recent);
  refreshRecent();
}

}  // namespace mxi::gui
