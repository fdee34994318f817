#include "app/gui/views/session/sqlite_lint_html.h"

#include <QObject>

namespace mxi::gui {

QString planTreeText(const std::vector<core::sqlitelint::PlanRow>& plan) {
  QStringList lines;
  for (const PlanLine& line : planTreeOrder(plan))
    lines << QString(line.depth * 2, QLatin1Char(' ')) + QString::fromStdString(line.row->detail);
  return lines.join(QLatin1Char('\n'));
}

QString sqliteLintHtml(const SqliteLintFinding& f) {
  auto esc = [](const std::string& s) { return QString::fromStdString(s).toHtmlEscaped(); };
  QString html = QStringLiteral("<table cellspacing=4>");
  auto row = [&](const QString& k, const QString& v) {
    if (!v.isEmpty()) html += QStringLiteral("<tr><td valign=top><b>%1</b></td><td>%2</td></tr>").arg(k, v);
  };
  row(QObject::tr("Checker"), QObject::tr("%1 (type %2)").arg(esc(f.checker)).arg(f.type));
  row(QObject::tr("Database"), esc(f.dbPath));
  row(QObject::tr("Table"), esc(f.table));
  row(QObject::tr("Description"), esc(f.desc));
  row(QObject::tr("Detail"), esc(f.detail));
  row(QObject::tr("Advice"), esc(f.advice));
  if (f.sqlTimeCostMs > 0) row(QObject::tr("Time"), QObject::tr("%1 ms").arg(f.sqlTimeCostMs));
  // Matrix's field as the issue carries it (a checker's false also stands for "no source said").
  if (f.mainThread)
    row(QStringLiteral("isInMainThread"), *f.mainThread ? QStringLiteral("true") : QStringLiteral("false"));
  html += QStringLiteral("</table>");
  if (!f.sql.empty()) html += QObject::tr("<h4>SQL</h4><pre>%1</pre>").arg(esc(f.sql));
  if (!f.plan.empty())
    html += QObject::tr("<h4>Query plan</h4><pre>%1</pre>").arg(planTreeText(f.plan).toHtmlEscaped());
  return html;
}

}  // namespace mxi::gui
