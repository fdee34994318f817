// One SQLiteLint issue as the issue detail view and the Database page show it: its checker and
// type, database, table, desc, detail, advice, the SQL, and the query plan behind it as an
// indented tree — never the raw JSON.
#pragma once

#include <QString>
#include <vector>

#include "app/gui/models/session/database_statements.h"

namespace mxi::gui {

QString sqliteLintHtml(const SqliteLintFinding& finding);

// The plan rows as lines indented two spaces per level (planTreeOrder), for text views.
QString planTreeText(const std::vector<core::sqlitelint::PlanRow>& plan);

}  // namespace mxi::gui
