#include "app/gui/models/startup/startup_figure_summary.h"

#include <algorithm>

namespace mxi::gui {

std::vector<FigureSummary> summarizeFigures(const core::startup::StartupReport& current,
                                            const core::startup::StartupReport* baseline) {
  const auto anyRunHas = [](const core::startup::StartupReport& report, core::startup::Figure f) {
    return std::ranges::any_of(report.runs,
                               [f](const core::startup::StartupRun& r) { return r.figure(f).has_value(); });
  };
  std::vector<FigureSummary> out;
  for (core::startup::Figure f : core::startup::kFigures) {
    FigureSummary s;
    s.figure = f;
    s.current = core::startup::figureStats(core::startup::countedValues(current.runs, f));
    if (baseline) s.baseline = core::startup::figureStats(core::startup::countedValues(baseline->runs, f));
    s.present = anyRunHas(current, f) || (baseline && anyRunHas(*baseline, f));
    out.push_back(s);
  }
  return out;
}

}  // namespace mxi::gui
