#include "app/gui/views/page.h"

#include <QVBoxLayout>

namespace mxi::gui {

Page::Page(const Settings& settings, QWidget* parent)
    : QWidget(parent), m_settings(settings), m_layout(new QVBoxLayout(this)) {
  m_layout->setContentsMargins(0, 0, 0, 0);
}

void Page::replaceView(QWidget* old, QWidget* view) {
  if (old) {
    m_layout->removeWidget(old);
    old->hide();
    old->deleteLater();
  }
  if (view) m_layout->addWidget(view);
}

}  // namespace mxi::gui
