#include "core/exports/memory_html.h"

#include <algorithm>

#include "core/base/format_text.h"
#include "core/exports/svg_chart.h"
#include "core/meminfo/memory_stats.h"

namespace mxi::core::exports {

using meminfo::MemoryCategory;

namespace {

struct ChartMark {
  int64_t timeNs = 0;
  size_t kind = 0;  // index into kMemoryMarkColors
  std::string text;
};

// A sample's marks, heap dumps and memory issues: what the chart draws as vertical lines.
std::vector<ChartMark> chartMarks(const session::SessionData& d) {
  std::vector<ChartMark> out;
  for (const auto& s : d.memory) {
    for (size_t bit = 0; bit < 3; ++bit) {
      if (s.marks & (1u << bit)) out.push_back({s.timeNs, bit, meminfo::describeMemoryMarks(1u << bit)});
    }
  }
  for (const auto& h : d.heapDumps) out.push_back({h.timeNs, 1, "Heap dump " + h.text});
  for (const auto& i : d.issues) {
    if (i.issue.kind != matrix::IssueKind::kMemory) continue;
    out.push_back({i.timeNs, 2, i.issue.memory ? "leaked " + i.issue.memory->activity : std::string("memory issue")});
  }
  return out;
}

}  // namespace

std::string memoryChartSvg(const session::SessionData& d) {
  if (d.memory.empty()) return {};
  const double width = 960, height = 220, left = 56, bottom = 20, top = 8;
  const int64_t t0 = d.firstTimeNs, t1 = std::max(d.lastTimeNs, t0 + 1);
  std::vector<int64_t> times;
  times.reserve(d.memory.size());
  for (const auto& s : d.memory) times.push_back(s.timeNs);
  const std::vector<size_t> shown = lastPerColumn(times, t0, t1, static_cast<size_t>(width - left));
  std::vector<std::vector<double>> layers(meminfo::kMemoryStackedCategories);
  for (size_t c = 0; c < layers.size(); ++c) {
    for (size_t i : shown) {
      const int64_t v = meminfo::memoryValue(d.memory[i], meminfo::kMemoryCategories[c]);
      layers[c].push_back(v < 0 ? 0.0 : static_cast<double>(v));
    }
  }
  const auto tops = stackLayers(layers);
  double maxKb = 1;
  for (double v : tops.back()) maxKb = std::max(maxKb, v);
  const LinearScale x{static_cast<double>(t0), static_cast<double>(t1), left, width - 2};
  const LinearScale y{0, maxKb, height - bottom, top};
  std::string svg = formatText(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" role=\"img\" "
      "aria-label=\"Memory over the session by category\">",
      width, height);
  for (size_t c = 0; c < tops.size(); ++c) {
    if (std::all_of(layers[c].begin(), layers[c].end(), [](double v) { return v == 0; })) continue;
    std::string points;
    for (size_t k = 0; k < shown.size(); ++k) {
      points += formatText("%.1f,%.1f ", x(static_cast<double>(times[shown[k]])), y(tops[c][k]));
    }
    for (size_t k = shown.size(); k-- > 0;) {
      points += formatText("%.1f,%.1f ", x(static_cast<double>(times[shown[k]])), y(c == 0 ? 0.0 : tops[c - 1][k]));
    }
    svg += formatText("<polygon points=\"%s\" fill=\"%s\" stroke=\"none\"><title>%s</title></polygon>", points.c_str(),
                      kMemoryCategoryColors[c],
                      std::string(meminfo::memoryCategoryLabel(meminfo::kMemoryCategories[c])).c_str());
  }
  for (const ChartMark& m : chartMarks(d)) {
    const double mx = x(static_cast<double>(m.timeNs));
    svg += formatText(
               "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-dasharray=\"3 2\"><title>",
               mx, top, mx, height - bottom, kMemoryMarkColors[m.kind]) +
           htmlEscape(m.text) + "</title></line>";
  }
  svg += formatText("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#99a\"/>", left, height - bottom,
                    width, height - bottom);
  svg += formatText("<text x=\"2\" y=\"%.1f\">%.1f MiB</text>", top + 8, maxKb / 1024);
  svg +=
      formatText("<text x=\"%.1f\" y=\"%.1f\">0 s</text><text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%.1f s</text>",
                 left, height - 4, width - 2, height - 4, static_cast<double>(t1 - t0) / 1e9);
  return svg + "</svg>";
}

std::string memoryHtmlSection(const session::SessionData& d) {
  if (d.memory.empty()) return {};
  const meminfo::MemorySummary m = meminfo::summarizeMemory(d.memory);
  std::string b = formatText("<h2>Memory (%llu samples)</h2>\n", static_cast<unsigned long long>(m.samples));
  b += memoryChartSvg(d);
  b += "<p class=\"muted\">";
  for (size_t c = 0; c < meminfo::kMemoryStackedCategories; ++c) {
    b += formatText("<span style=\"color:%s\">&#9632;</span> %s ", kMemoryCategoryColors[c],
                    std::string(meminfo::memoryCategoryLabel(meminfo::kMemoryCategories[c])).c_str());
  }
  const char* markNames[] = {"GC forced", "dump taken", "leak found"};
  for (size_t k = 0; k < 3; ++k) {
    b += formatText("<span style=\"color:%s\">&#9474;</span> %s ", kMemoryMarkColors[k], markNames[k]);
  }
  b +=
      "</p>\n<table><tr><th>Category</th><th>Start kB</th><th>Peak kB</th><th>End kB</th><th>Growth kB/min</th></tr>\n";
  for (const auto& c : m.categories) {
    b += formatText(
        "<tr><td>%s</td><td class=n>%lld</td><td class=n>%lld</td><td class=n>%lld</td><td class=n>%+.1f</td></tr>\n",
        std::string(meminfo::memoryCategoryLabel(c.category)).c_str(), static_cast<long long>(c.startKb),
        static_cast<long long>(c.peakKb), static_cast<long long>(c.endKb), c.growthKbPerMin);
  }
  return b + "</table>\n";
}

}  // namespace mxi::core::exports
