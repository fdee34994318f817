#include "core/exports/html_report.h"

#include <algorithm>
#include <cstdio>
#include <ctime>

#include "core/base/format_text.h"
#include "core/exports/memory_html.h"
#include "core/exports/svg_chart.h"
#include "core/framestats/frame_stats.h"
#include "core/session/session_span.h"
#include "core/startup/startup_report.h"
#include "core/startup/startup_session.h"
#include "core/startup/startup_stats.h"

namespace mxi::core::exports {
namespace {

std::string esc(const std::string& s) { return htmlEscape(s); }

// A count with its digits grouped ("1,085"): the report is read by people, like the desktop app.
std::string grouped(uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

// At most `bytes` bytes, not ending inside a UTF-8 character.
std::string utf8Prefix(const std::string& s, size_t bytes) {
  if (s.size() <= bytes) return s;
  while (bytes > 0 && (static_cast<unsigned char>(s[bytes]) & 0xC0) == 0x80) --bytes;
  return s.substr(0, bytes);
}

constexpr const char* kLevelColors[framestats::kDropLevelCount] = {"#3fa34d", "#a3c644", "#f2c12e", "#f07f29",
                                                                   "#d7263d"};

const char* kStyle = R"(<style>
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:24px;color:#1d2330;background:#fff}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #dde2ea;padding-bottom:4px}
table{border-collapse:collapse;margin:6px 0;font-variant-numeric:tabular-nums}
th,td{border:1px solid #dde2ea;padding:3px 8px;text-align:left;vertical-align:top}th{background:#f3f5f9}
td.n{text-align:right}.muted{color:#68707d}.bad{color:#b3261e;font-weight:600}.good{color:#1e7b34}
.cards{display:flex;gap:12px;flex-wrap:wrap}.card{border:1px solid #dde2ea;border-radius:6px;padding:8px 14px;min-width:110px}
.card b{display:block;font-size:20px}pre{background:#f6f8fa;padding:8px;overflow:auto;font-size:12px;max-height:320px}
svg text{font:11px system-ui,sans-serif;fill:#445}
</style>)";

std::string page(const std::string& title, const std::string& body) {
  return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + esc(title) + "</title>" + kStyle +
         "</head><body>\n" + body + "</body></html>\n";
}

std::string legend() {
  std::string s = "<p class=\"muted\">";
  for (size_t i = 0; i < framestats::kDropLevelCount; ++i) {
    s += formatText("<span style=\"color:%s\">&#9632;</span> %s ", kLevelColors[i],
                    std::string(framestats::dropLevelName(static_cast<framestats::DropLevel>(i))).c_str());
  }
  return s + "</p>";
}

// Frame time over the session: one bar per column (the column's worst frame), coloured by level.
std::string frameTimeChart(const session::SessionData& d, const framestats::DropThresholds& thresholds) {
  const double width = 960, height = 220, left = 44, bottom = 20, top = 8;
  std::vector<TimedValue> series;
  std::vector<size_t> levelOf;
  int64_t period = 16'666'667;
  for (const session::SessionFrame& f : d.frames) {
    if (f.frame.flags) continue;
    series.push_back({f.frame.startNs, static_cast<double>(f.frame.durationNs) / 1e6});
    period = f.frame.refreshPeriodNs ? f.frame.refreshPeriodNs : period;
  }
  if (series.empty()) return "<p class=\"muted\">No frames.</p>";
  const int64_t t0 = d.firstTimeNs, t1 = std::max(d.lastTimeNs, t0 + 1);
  const size_t columns = static_cast<size_t>(width - left);
  const auto points = maxPerColumn(series, t0, t1, columns);
  double maxMs = 0;
  for (const auto& p : points) maxMs = std::max(maxMs, p.value);
  maxMs = std::min(std::max(maxMs, 4.0 * static_cast<double>(period) / 1e6), 1000.0);
  const LinearScale x{static_cast<double>(t0), static_cast<double>(t1), left, width - 2};
  const LinearScale y{0, maxMs, height - bottom, top};
  std::string svg = formatText(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" role=\"img\" "
      "aria-label=\"Frame time over the session\">",
      width, height);
  svg += formatText("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#99a\"/>", left, height - bottom,
                    width, height - bottom);
  for (const auto& p : points) {
    const auto dropped = static_cast<int64_t>(p.value * 1e6) / std::max<int64_t>(period, 1);
    const size_t level = static_cast<size_t>(thresholds.levelOf(dropped));
    svg += formatText("<rect x=\"%.1f\" y=\"%.1f\" width=\"1\" height=\"%.1f\" fill=\"%s\"/>",
                      x(static_cast<double>(p.timeNs)), y(p.value), y(0) - y(p.value), kLevelColors[level]);
  }
  for (double multiple : {1.0, 3.0}) {
    const double ms = multiple * static_cast<double>(period) / 1e6;
    if (ms > maxMs) continue;
    svg += formatText(
        "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#556\" stroke-dasharray=\"4 3\"/>"
        "<text x=\"2\" y=\"%.1f\">%.1f ms</text>",
        left, y(ms), width, y(ms), y(ms) + 4, ms);
  }
  svg += formatText("<text x=\"2\" y=\"%.1f\">%.0f ms</text>", top + 8, maxMs);
  svg +=
      formatText("<text x=\"%.1f\" y=\"%.1f\">0 s</text><text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%.1f s</text>",
                 left, height - 4, width - 2, height - 4, static_cast<double>(t1 - t0) / 1e9);
  return svg + "</svg>";
}

// One horizontal stacked bar per scene: share of frames per drop level.
std::string levelBars(const std::vector<std::pair<std::string, framestats::FrameStats>>& scenes) {
  const double width = 960, label = 300, row = 22;
  std::string svg = formatText(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" role=\"img\" "
      "aria-label=\"Drop levels per scene\">",
      width, row * static_cast<double>(scenes.size()) + 4);
  double yPos = 2;
  for (const auto& [name, s] : scenes) {
    std::string shown = name.size() > 48 ? "…" + name.substr(name.size() - 47) : name;
    svg += formatText("<text x=\"0\" y=\"%.1f\">", yPos + 14) + esc(shown) + "</text>";
    double xPos = label;
    for (size_t l = 0; l < framestats::kDropLevelCount; ++l) {
      if (!s.frames) break;
      const double w = (width - label) * static_cast<double>(s.levels[l]) / static_cast<double>(s.frames);
      if (w <= 0) continue;
      svg += formatText(
          "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"16\" fill=\"%s\"><title>%s: %llu</title></rect>", xPos,
          yPos + 2, w, kLevelColors[l],
          std::string(framestats::dropLevelName(static_cast<framestats::DropLevel>(l))).c_str(),
          static_cast<unsigned long long>(s.levels[l]));
      xPos += w;
    }
    yPos += row;
  }
  return svg + "</svg>";
}

std::string statsRow(const std::string& name, const framestats::FrameStats& s) {
  std::string stage = "—";
  uint64_t best = 0;
  for (size_t i = 0; i < framestats::kFrameStageCount; ++i) {
    if (s.dominantStages[i] > best) {
      best = s.dominantStages[i];
      stage = std::string(framestats::frameStageName(static_cast<framestats::FrameStage>(i))) +
              formatText(" (%.0f%%)",
                         100.0 * static_cast<double>(best) / static_cast<double>(std::max<uint64_t>(s.jankFrames, 1)));
    }
  }
  std::string row = "<tr><td>" + esc(name) + "</td>";
  row += "<td class=n>" + grouped(s.frames) + "</td>";
  row += formatText(
      "<td class=n>%.1f</td><td class=n>%.1f%%</td><td class=n>%.1f</td><td class=n>%.1f</td>"
      "<td class=n>%.1f</td><td class=n>%.1f</td>",
      s.fps, s.jankPercent, s.p50Ms, s.p90Ms, s.p95Ms, s.p99Ms);
  for (uint64_t n : s.levels) row += "<td class=n>" + grouped(n) + "</td>";
  return row + "<td>" + esc(stage) + "</td></tr>\n";
}

const char* kStatsHeader =
    "<tr><th>Scene</th><th>Frames</th><th>FPS</th><th>Jank</th><th>p50 ms</th><th>p90 ms</th><th>p95 ms</th>"
    "<th>p99 ms</th><th>Best</th><th>Normal</th><th>Middle</th><th>High</th><th>Frozen</th>"
    "<th>Slow frames mostly in</th></tr>\n";

std::string hottestPath(const matrix::CallNode& root) {
  std::string path;
  const matrix::CallNode* n = &root;
  for (int depth = 0; n && depth < 12; ++depth) {
    path += (path.empty() ? "" : " → ") + n->name + formatText(" (%lld ms)", static_cast<long long>(n->costMs));
    const matrix::CallNode* next = nullptr;
    for (const auto& c : n->children) {
      if (!next || c.costMs > next->costMs) next = &c;
    }
    n = next;
  }
  return path;
}

}  // namespace

// `mxi startup`'s runs: the statistics per figure and a row per run ("" when the session has none).
std::string startupRunsHtml(const session::SessionData& d) {
  auto report = startup::startupReportOf(d, "the session");
  if (!report.ok()) return {};
  const auto counted = std::count_if(report->runs.begin(), report->runs.end(), [](const auto& r) { return r.counted; });
  std::string b =
      formatText("<h2>Startup runs</h2>\n<p>%lld %s launches counted of %zu", static_cast<long long>(counted),
                 std::string(startup::launchModeName(report->mode)).c_str(), report->runs.size());
  if (!report->activity.empty()) b += " (" + esc(report->activity) + ")";
  b += "</p>\n<table><tr><th>Figure</th><th>n</th><th>min</th><th>median</th><th>p90</th><th>max</th><th>stddev</th>"
       "<th>cv</th></tr>\n";
  for (startup::Figure f : startup::kFigures) {
    const startup::FigureStats s = startup::figureStats(startup::countedValues(report->runs, f));
    if (s.n == 0) continue;
    b += "<tr><td>" + esc(std::string(startup::figureLabel(f))) +
         formatText(
             "</td><td class=n>%d</td><td class=n>%.0f</td><td class=n>%.1f</td><td class=n>%.1f</td><td "
             "class=n>%.0f</td><td class=n>%.1f</td><td class=n>%.1f %%</td></tr>\n",
             s.n, s.min, s.median, s.p90, s.max, s.stddev, s.cv * 100);
  }
  b += "</table>\n<table><tr><th>Run</th><th>State</th>";
  for (startup::Figure f : startup::kFigures) b += "<th>" + esc(std::string(startup::figureLabel(f))) + " ms</th>";
  b += "<th>Not counted because</th></tr>\n";
  for (const startup::StartupRun& r : report->runs) {
    b += formatText("<tr><td class=n>%d</td><td>", r.index) + esc(r.launchState) + "</td>";
    for (startup::Figure f : startup::kFigures) {
      const auto v = r.figure(f);
      b += v ? formatText("<td class=n>%lld</td>", static_cast<long long>(*v)) : std::string("<td></td>");
    }
    b += "<td>" + esc(startup::runNote(r)) + "</td></tr>\n";
  }
  return b + "</table>\n";
}

std::string sessionToHtml(const session::SessionData& d, const framestats::DropThresholds& thresholds) {
  std::string b;
  const std::string title = "Session " + (d.header.app.empty() ? std::string("(unknown app)") : d.header.app);
  b += "<h1>" + esc(title) + "</h1>\n<p class=\"muted\">";
  b += "Device: " + esc(d.header.device.empty() ? "?" : d.header.device) + " · agent " +
       esc(d.header.agentVersion.empty() ? "?" : d.header.agentVersion);
  if (d.header.startTimeUnixMs > 0) {
    const std::time_t t = static_cast<std::time_t>(d.header.startTimeUnixMs / 1000);
    char when[64];
    std::strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S UTC", std::gmtime(&t));
    b += std::string(" · started ") + when;
  }
  b += "</p>\n";
  if (!d.recovery.intact() || !d.recovery.cleanClose) {
    b += "<p class=\"bad\">";
    for (const auto& n : d.recovery.notes) b += esc(n) + "<br>";
    b += "</p>\n";
  }
  std::vector<framestats::Frame> all;
  all.reserve(d.frames.size());
  for (const auto& f : d.frames) all.push_back(f.frame);
  const framestats::FrameStats overall = framestats::computeFrameStats(all, thresholds);
  b += "<div class=\"cards\">";
  b += formatText("<div class=card>Duration<b>%.1f s</b></div>",
                  static_cast<double>(d.lastTimeNs - d.firstTimeNs) / 1e9);
  b += "<div class=card>Frames<b>" + grouped(overall.frames) + "</b></div>";
  b += formatText("<div class=card>FPS<b>%.1f</b></div>", overall.fps);
  b += formatText("<div class=card>Jank<b>%.1f%%</b></div>", overall.jankPercent);
  b += formatText("<div class=card>Issues<b>%zu</b></div>", d.issues.size());
  b += formatText("<div class=card>ANRs<b>%zu</b></div>", d.anrs.size());
  b += "</div>\n";
  if (d.offClockNs != 0) {
    b +=
        "<p class=bad>Clocks disagree: " + esc(session::describeOffClock({d.firstTimeNs, d.lastTimeNs, d.offClockNs})) +
        ".</p>\n";
  }
  b += "<h2>Frame time</h2>\n" + frameTimeChart(d, thresholds) + legend();
  b += memoryHtmlSection(d);

  std::vector<std::pair<std::string, framestats::FrameStats>> scenes;
  for (uint32_t s = 0; s < d.scenes.size(); ++s) {
    const auto frames = d.framesOfScene(s);
    if (!frames.empty()) scenes.emplace_back(d.scenes[s], framestats::computeFrameStats(frames, thresholds));
  }
  b += "<h2>Scenes</h2>\n" + levelBars(scenes) + "<table>" + kStatsHeader;
  for (const auto& [name, s] : scenes) b += statsRow(name, s);
  b += statsRow("All scenes", overall) + "</table>\n";

  b += formatText("<h2>Matrix issues (%zu)</h2>\n", d.issues.size());
  if (!d.issues.empty()) {
    b += "<table><tr><th>Time s</th><th>Tag</th><th>Detail</th><th>Cost ms</th><th>Scene</th><th>Where</th></tr>\n";
    for (const auto& si : d.issues) {
      const auto& i = si.issue;
      std::string where = i.io ? i.io->path : i.callTree ? hottestPath(*i.callTree) : i.stackKey;
      if (where.empty() && !i.threadStack.empty()) where = i.threadStack.substr(0, i.threadStack.find('\n', 1));
      if (where.empty() && i.truncated) where = utf8Prefix(i.contentJson, 200) + "…";
      b += formatText("<tr><td class=n>%.3f</td>", static_cast<double>(si.timeNs - d.firstTimeNs) / 1e9) + "<td>" +
           esc(i.tag) + (i.truncated ? " <span class=bad title=\"logcat cut this issue\">(truncated)</span>" : "") +
           "</td><td>" + esc(i.io ? std::string(matrix::ioIssueTypeName(i.type)) : i.detail) + "</td><td class=n>" +
           (i.costMs ? std::to_string(*i.costMs) : std::string()) + "</td><td>" + esc(i.scene) + "</td><td>" +
           esc(where) + "</td></tr>\n";
    }
    b += "</table>\n";
  }
  b += formatText("<h2>ANRs (%zu)</h2>\n", d.anrs.size());
  for (const auto& a : d.anrs) {
    b += formatText("<p>At %.3f s. ", static_cast<double>(a.timeNs - d.firstTimeNs) / 1e9);
    if (!a.report) {
      b += "<span class=bad>" + esc(a.error) + "</span></p>\n";
      continue;
    }
    if (!a.report->subject.empty()) b += esc(a.report->subject);
    b += "</p>\n";
    if (const anr::AnrThread* main = a.report->mainThread()) {
      std::string stack = "main (" + main->state + ")\n";
      for (size_t k = 0; k < std::min<size_t>(main->frames.size(), 20); ++k) stack += "  at " + main->frames[k] + "\n";
      if (main->waitingToLock) {
        stack += "  waiting to lock <" + main->waitingToLock->lock + "> held by thread " +
                 std::to_string(main->waitingToLock->heldByTid) + "\n";
      }
      b += "<pre>" + esc(stack) + "</pre>\n";
    }
    if (!a.report->deadlocks.empty()) b += formatText("<p class=bad>%zu deadlock(s)</p>\n", a.report->deadlocks.size());
  }
  b += startupRunsHtml(d);
  if (!d.frameGaps.empty()) {
    b += "<h2>Frames not seen</h2>\n<p class=bad>" +
         esc(std::string("The frame statistics above miss frames: ") + session::kFrameGapExplanation + ".") +
         "</p>\n<table><tr><th>Time s</th><th>What</th></tr>\n";
    for (const auto& g : d.frameGaps) {
      b += formatText("<tr><td class=n>%.3f</td>", static_cast<double>(g.timeNs - d.firstTimeNs) / 1e9) + "<td>" +
           esc(session::describeFrameGap(g)) + "</td></tr>\n";
    }
    b += "</table>\n";
  }
  if (!d.marks.empty() || !d.heapDumps.empty()) {
    b += "<h2>Marks and heap dumps</h2>\n<table><tr><th>Time s</th><th>What</th></tr>\n";
    for (const auto& m : d.marks) {
      b += formatText("<tr><td class=n>%.3f</td>", static_cast<double>(m.timeNs - d.firstTimeNs) / 1e9) + "<td>" +
           esc(m.text) + "</td></tr>\n";
    }
    for (const auto& h : d.heapDumps) {
      b += formatText("<tr><td class=n>%.3f</td>", static_cast<double>(h.timeNs - d.firstTimeNs) / 1e9) +
           "<td>Heap dump " + esc(h.text) + " (" + esc(h.detail) + ")</td></tr>\n";
    }
    b += "</table>\n";
  }
  b += "<p class=\"muted\">Frame semantics: duration = FrameCompleted − IntendedVsync; dropped frames = ⌊duration / "
       "refresh period⌋; flagged frames are not counted. Made by Matrix Inspector.</p>\n";
  return page(title, b);
}

std::string comparisonToHtml(const sessioncompare::SessionComparison& c, const std::string& baseName,
                             const std::string& newName) {
  std::string b =
      "<h1>Session comparison</h1>\n<p class=\"muted\">Base: " + esc(baseName) + " · New: " + esc(newName) + "</p>\n";
  if (c.hasRegression()) {
    b += "<p class=bad>Regressions:</p><ul>";
    for (const auto& r : c.regressions) b += "<li>" + esc(r) + "</li>";
    b += "</ul>\n";
  } else {
    b += "<p class=good>No regression beyond the thresholds.</p>\n";
  }
  b += "<h2>Scenes</h2>\n<table><tr><th>Scene</th><th>Verdict</th><th>Frames base/new</th><th>FPS base/new</th>"
       "<th>p50 ms base/new</th><th>p90 ms base/new</th><th>Median change</th><th>p (new slower)</th></tr>\n";
  std::vector<std::pair<std::string, framestats::FrameStats>> bars;
  for (const auto& s : c.scenes) {
    const std::string verdict(sessioncompare::verdictName(s.verdict));
    b += "<tr><td>" + esc(s.scene) + "</td><td class=\"" +
         (s.verdict == sessioncompare::Verdict::kRegression ? "bad" : "") + "\">" + verdict + "</td>";
    b += formatText(
        "<td class=n>%llu / %llu</td><td class=n>%.1f / %.1f</td><td class=n>%.1f / %.1f</td>"
        "<td class=n>%.1f / %.1f</td><td class=n>%+.1f%%</td><td class=n>%.3g</td></tr>\n",
        static_cast<unsigned long long>(s.base.frames), static_cast<unsigned long long>(s.next.frames), s.base.fps,
        s.next.fps, s.base.p50Ms, s.next.p50Ms, s.base.p90Ms, s.next.p90Ms, s.medianChangePct, s.test.pGreater);
    bars.emplace_back("base: " + s.scene, s.base);
    bars.emplace_back("new: " + s.scene, s.next);
  }
  b += "</table>\n" + levelBars(bars) + legend();
  b += "<h2>Evil methods</h2>\n<table><tr><th>stackKey</th><th>Method</th><th>Detail</th><th>Verdict</th><th>Count "
       "base/new</th>"
       "<th>Median ms base/new</th></tr>\n";
  for (const auto& e : c.evilMethods) {
    b += "<tr><td>" + esc(e.stackKey) + "</td><td>" + esc(e.methodName) + "</td><td>" + esc(e.detail) +
         "</td><td class=\"" + (e.regression ? "bad" : "") + "\">" +
         std::string(sessioncompare::verdictName(e.verdict)) + "</td>";
    b += formatText("<td class=n>%llu / %llu</td><td class=n>%lld / %lld</td></tr>\n",
                    static_cast<unsigned long long>(e.baseCount), static_cast<unsigned long long>(e.nextCount),
                    static_cast<long long>(e.baseMedianMs), static_cast<long long>(e.nextMedianMs));
  }
  b += "</table>\n";
  b += formatText("<h2>ANRs</h2><p>%llu → %llu</p>\n", static_cast<unsigned long long>(c.baseAnrs),
                  static_cast<unsigned long long>(c.nextAnrs));
  b += "<h2>IO issues</h2>\n<table><tr><th>Type</th><th>Path</th><th>Verdict</th><th>Count base/new</th></tr>\n";
  for (const auto& e : c.io) {
    b += "<tr><td>" + std::string(matrix::ioIssueTypeName(e.type)) + "</td><td>" + esc(e.path) + "</td><td>" +
         std::string(sessioncompare::verdictName(e.verdict)) +
         formatText("</td><td class=n>%llu / %llu</td></tr>\n", static_cast<unsigned long long>(e.baseCount),
                    static_cast<unsigned long long>(e.nextCount));
  }
  b += "</table>\n<h2>Startup</h2>\n<table><tr><th>Metric</th><th>Base ms</th><th>New ms</th></tr>\n";
  for (const auto& s : c.startup) {
    b += "<tr><td>" + esc(s.metric) +
         formatText("</td><td class=n>%.0f</td><td class=n>%.0f</td></tr>\n", s.baseMs, s.nextMs);
  }
  b += "</table>\n";
  if (c.startupRuns) {
    b += "<h2>Startup runs</h2>\n<p class=\"" + std::string(c.startupRuns->regression ? "bad" : "") + "\">" +
         esc(std::string(startup::figureLabel(c.startupRuns->figure)) + ": " + c.startupRuns->words()) +
         formatText(" — median %.1f ms (n = %d) → %.1f ms (n = %d)</p>\n", c.startupRuns->baselineMedianMs,
                    c.startupRuns->baselineN, c.startupRuns->currentMedianMs, c.startupRuns->currentN);
  }
  if (!c.memory.empty()) {
    b += "<h2>Memory</h2>\n<table><tr><th>Category</th><th>Verdict</th><th>Samples base/new</th><th>Median kB "
         "base/new</th><th>Delta kB</th><th>Change</th><th>p (new larger)</th></tr>\n";
    for (const auto& m : c.memory) {
      b += "<tr><td>" + std::string(meminfo::memoryCategoryLabel(m.category)) + "</td><td class=\"" +
           (m.verdict == sessioncompare::Verdict::kRegression ? "bad" : "") + "\">" +
           std::string(sessioncompare::verdictName(m.verdict)) + "</td>";
      b += formatText(
          "<td class=n>%llu / %llu</td><td class=n>%lld / %lld</td><td class=n>%+lld</td><td class=n>%+.1f%%</td>"
          "<td class=n>%.3g</td></tr>\n",
          static_cast<unsigned long long>(m.baseSamples), static_cast<unsigned long long>(m.nextSamples),
          static_cast<long long>(m.baseMedianKb), static_cast<long long>(m.nextMedianKb),
          static_cast<long long>(m.deltaKb), m.changePct, m.test.pGreater);
    }
    b += "</table>\n";
  }
  return page("Session comparison", b);
}

}  // namespace mxi::core::exports
