#include "app/gui/models/column_headers.h"

namespace mxi::gui {

QVariant columnHeader(const QStringList& titles, int section, Qt::Orientation orientation, int role) {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= titles.size()) return {};
  return titles[section];
}

}  // namespace mxi::gui
