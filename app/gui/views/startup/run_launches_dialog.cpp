#include "app/gui/views/startup/run_launches_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

namespace mxi::gui {

RunLaunchesDialog::RunLaunchesDialog(QList<DeviceChoice> devices, int preferred, const QString& package,
                                     QWidget* parent)
    : QDialog(parent),
      m_devices(std::move(devices)),
      m_device(new QComboBox),
      m_package(new QLineEdit(package)),
      m_mode(new QComboBox),
      m_runs(new QSpinBox),
      m_activity(new QLineEdit),
      m_trace(new QCheckBox(tr("Also trace each launch (Matrix's stages; kept out of the figures)"))),
      m_sampling(new QSpinBox),
      m_baseline(new QLineEdit),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel)) {
  setWindowTitle(tr("Run launches"));
  for (const DeviceChoice& d : m_devices) m_device->addItem(d.label);
  if (preferred >= 0 && preferred < m_devices.size()) m_device->setCurrentIndex(preferred);
  m_package->setPlaceholderText(tr("com.example.app"));
  for (core::startup::LaunchMode mode :
       {core::startup::LaunchMode::kCold, core::startup::LaunchMode::kWarm, core::startup::LaunchMode::kHot}) {
    const std::string_view name = core::startup::launchModeName(mode);
    m_mode->addItem(QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size())), static_cast<int>(mode));
  }
  m_mode->setToolTip(
      tr("cold: the process killed first; warm: the process alive, the activity recreated; "
         "hot: the activity brought back from the background"));
  m_runs->setRange(1, 200);
  m_runs->setValue(core::agentlink::StartupRunOptions{}.runs);
  m_runs->setToolTip(tr("Counted launches, after one warm-up launch that is shown but never counted"));
  m_activity->setPlaceholderText(tr("the launcher activity"));
  m_sampling->setRange(100, 100000);
  m_sampling->setSuffix(tr(" µs"));
  m_sampling->setValue(core::agentlink::StartupRunOptions{}.samplingUs);
  m_sampling->setEnabled(false);
  m_baseline->setPlaceholderText(tr("none"));
  m_baseline->setToolTip(tr("A session file of startup runs (Save runs…, `mxi startup -o`) to compare with"));
  auto* browse = new QPushButton(tr("Browse…"));
  auto* baselineRow = new QHBoxLayout;
  baselineRow->addWidget(m_baseline, 1);
  baselineRow->addWidget(browse);

  auto* form = new QFormLayout(this);
  form->addRow(tr("Device:"), m_device);
  form->addRow(tr("Package:"), m_package);
  form->addRow(tr("Mode:"), m_mode);
  form->addRow(tr("Runs:"), m_runs);
  form->addRow(tr("Activity:"), m_activity);
  form->addRow(m_trace);
  form->addRow(tr("Sampling:"), m_sampling);
  form->addRow(tr("Baseline:"), baselineRow);
  form->addRow(m_buttons);
  m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Run"));

  connect(m_trace, &QCheckBox::toggled, m_sampling, &QWidget::setEnabled);
  connect(browse, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getOpenFileName(this, tr("Baseline startup runs"), QString(),
                                                      tr("Sessions (*.mxs);;All files (*)"));
    if (!path.isEmpty()) m_baseline->setText(path);
  });
  connect(m_package, &QLineEdit::textChanged, this, &RunLaunchesDialog::updateRunButton);
  connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  updateRunButton();
}

bool RunLaunchesDialog::canRun() const {
  return m_device->currentIndex() >= 0 && !m_package->text().trimmed().isEmpty();
}

void RunLaunchesDialog::updateRunButton() { m_buttons->button(QDialogButtonBox::Ok)->setEnabled(canRun()); }

LaunchRequest RunLaunchesDialog::request() const {
  LaunchRequest r;
  if (const int i = m_device->currentIndex(); i >= 0) {
    r.device = m_devices[i].selection;
    r.deviceLabel = m_devices[i].label;
  }
  r.options.package = m_package->text().trimmed().toStdString();
  r.options.activity = m_activity->text().trimmed().toStdString();
  r.options.mode = static_cast<core::startup::LaunchMode>(m_mode->currentData().toInt());
  r.options.runs = m_runs->value();
  r.options.trace = m_trace->isChecked();
  r.options.samplingUs = m_sampling->value();
  r.baseline = m_baseline->text().trimmed();
  return r;
}

}  // namespace mxi::gui
