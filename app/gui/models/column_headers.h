// Column titles given once, as a list, by every item model of the GUI (tables and trees).
#pragma once

#include <QStringList>
#include <QVariant>

namespace mxi::gui {

// `titles[section]` for horizontal DisplayRole, nothing otherwise.
QVariant columnHeader(const QStringList& titles, int section, Qt::Orientation orientation, int role);

}  // namespace mxi::gui
