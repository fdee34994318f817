#include "app/gui/views/live/method_trace_dialog.h"

#include <QCheckBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QSpinBox>

namespace mxi::gui {

std::optional<MethodTraceChoice> askMethodTrace(QWidget* parent) {
  QDialog dialog(parent);
  dialog.setWindowTitle(QObject::tr("Trace methods"));
  auto* form = new QFormLayout(&dialog);
  auto* seconds = new QDoubleSpinBox;
  seconds->setRange(0.5, 600);
  seconds->setValue(5);
  seconds->setSuffix(QObject::tr(" s"));
  auto* sampling = new QSpinBox;
  sampling->setRange(0, 100000);
  sampling->setValue(1000);
  sampling->setSpecialValueText(QObject::tr("every call"));
  sampling->setSuffix(QObject::tr(" µs"));
  auto* launch = new QCheckBox(QObject::tr("From a cold launch (the app is restarted)"));
  form->addRow(QObject::tr("Trace for:"), seconds);
  form->addRow(QObject::tr("Sample every:"), sampling);
  form->addRow(launch);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  form->addRow(buttons);
  QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
  QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
  if (dialog.exec() != QDialog::Accepted) return std::nullopt;
  return MethodTraceChoice{seconds->value(), static_cast<uint32_t>(sampling->value()), launch->isChecked()};
}

}  // namespace mxi::gui
