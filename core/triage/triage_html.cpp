#include "core/triage/triage_html.h"

#include <algorithm>
#include <cstdio>
#include <ctime>

#include "core/base/byte_units.h"
#include "core/triage/base64.h"

namespace mxi::core::triage {
namespace {

std::string escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

// Per app version: a bar of the share of its captures that show the signature.
std::string trendSvg(const std::vector<VersionTrend>& trend) {
  constexpr int kBarW = 56, kH = 60, kTop = 14, kBottom = 18;
  const int width = std::max<int>(1, static_cast<int>(trend.size())) * kBarW;
  std::string svg = "<svg class=\"trend\" width=\"" + std::to_string(width) + "\" height=\"" +
                    std::to_string(kH + kTop + kBottom) +
                    "\" role=\"img\" aria-label=\"share of captures per app version\">";
  for (size_t i = 0; i < trend.size(); ++i) {
    const VersionTrend& t = trend[i];
    const double share = t.captures ? static_cast<double>(t.affected) / static_cast<double>(t.captures) : 0;
    const int h = static_cast<int>(share * kH + 0.5);
    const int x = static_cast<int>(i) * kBarW + 8;
    char bar[512];
    std::snprintf(bar, sizeof bar,
                  "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" class=\"%s\"><title>%s: %llu of %llu captures, "
                  "max %s</title></rect><text x=\"%d\" y=\"%d\" class=\"n\">%llu/%llu</text>"
                  "<text x=\"%d\" y=\"%d\" class=\"v\">%s</text>",
                  x, kTop + kH - h, kBarW - 16, std::max(h, 1), t.affected ? "hit" : "miss",
                  escape(t.appVersion.empty() ? "unknown" : t.appVersion).c_str(),
                  static_cast<unsigned long long>(t.affected), static_cast<unsigned long long>(t.captures),
                  core::bytesText(t.maxRetainedBytes).c_str(), x, kTop + kH - h - 3,
                  static_cast<unsigned long long>(t.affected), static_cast<unsigned long long>(t.captures), x,
                  kTop + kH + 13, escape(t.appVersion.empty() ? "unknown" : t.appVersion).c_str());
    svg += bar;
  }
  return svg + "</svg>";
}

constexpr const char* kStyle = R"(
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#1d2430;max-width:1200px}
h1{font-size:22px;margin:0 0 4px} h2{font-size:17px;margin:0}
.meta{color:#5b6472;margin-bottom:16px}
table{border-collapse:collapse;margin:8px 0 20px} th,td{padding:4px 10px;border-bottom:1px solid #e3e6ea;text-align:left}
th{background:#f4f6f8} td.num{text-align:right;font-variant-numeric:tabular-nums}
.kind{display:inline-block;padding:1px 7px;border-radius:9px;font-size:12px;color:#fff}
.leak{background:#c0392b}.libraryLeak{background:#7f8c8d}.bitmap{background:#2e86c1}.regression{background:#d68910}
.status-new{color:#c0392b;font-weight:600}.status-confirmed{color:#d68910}.status-ignored{color:#7f8c8d}.status-fixed{color:#1e8449}
section{border:1px solid #e3e6ea;border-radius:8px;padding:12px 16px;margin:14px 0}
section.isnew{border-color:#c0392b}
pre{background:#f7f8fa;padding:10px;overflow-x:auto;font-size:12px;line-height:1.35}
.sig{font-family:monospace;color:#5b6472} img.thumb{image-rendering:pixelated;border:1px solid #ccd;width:80px}
svg.trend rect.hit{fill:#c0392b} svg.trend rect.miss{fill:#d5d8dc} svg.trend text{font-size:10px;fill:#1d2430}
.flag{color:#fff;background:#c0392b;border-radius:4px;padding:0 5px;font-size:11px;margin-left:6px}
)";

}  // namespace

std::string timeText(int64_t unixMs) {
  if (unixMs <= 0) return "—";
  const std::time_t t = static_cast<std::time_t>(unixMs / 1000);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M", &tm);
  return text;
}

StatusOr<TriageView> readTriageView(TriageStore& store, const std::set<std::string>* signaturesBefore) {
  TriageView view;
  view.storeLocation = store.location();
  ASSIGN_OR_RETURN(view.captures, store.captures());
  ASSIGN_OR_RETURN(view.signatures, store.signatures());
  for (const SignatureSummary& s : view.signatures) {
    ASSIGN_OR_RETURN(view.trends[s.signature], store.trend(s.signature));
    if (signaturesBefore && !signaturesBefore->contains(s.signature)) view.newInThisRun.insert(s.signature);
  }
  return view;
}

std::vector<const StoredCapture*> TriageView::withoutMapping() const {
  bool anyMapped = mappingsUsed;
  for (const auto& c : captures) anyMapped |= !c.info.mapping.empty();
  std::vector<const StoredCapture*> out;
  if (!anyMapped) return out;
  for (const auto& c : captures) {
    if (c.info.error.empty() && c.info.mapping.empty()) out.push_back(&c);
  }
  return out;
}

std::string triageHtml(const TriageView& view) {
  size_t failed = 0;
  for (const auto& c : view.captures) failed += !c.info.error.empty();
  std::string html = "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Triage: " +
                     std::to_string(view.signatures.size()) + " problems in " + std::to_string(view.captures.size()) +
                     " captures</title><style>" + kStyle + "</style></head><body>";
  html += "<h1>Triage: " + std::to_string(view.signatures.size()) + " distinct problems in " +
          std::to_string(view.captures.size()) + " captures</h1>";
  html += "<div class=\"meta\">Store " + escape(view.storeLocation) + " · " + std::to_string(failed) +
          " capture(s) could not be analysed · by impact (captures affected × retained bytes)</div>";

  html +=
      "<table><tr><th>#</th><th>Kind</th><th>What</th><th>Captures</th><th>Max retained</th><th>Status</th>"
      "<th>First seen</th><th>Last seen</th><th>Signature</th></tr>";
  for (size_t i = 0; i < view.signatures.size(); ++i) {
    const SignatureSummary& s = view.signatures[i];
    const std::string kind(kindName(s.kind));
    html += "<tr><td class=\"num\"><a href=\"#s" + std::to_string(i + 1) + "\">" + std::to_string(i + 1) +
            "</a></td><td><span class=\"kind " + kind + "\">" + kind + "</span></td><td>" + escape(s.className) +
            (view.newInThisRun.contains(s.signature) ? "<span class=\"flag\">new</span>" : "") +
            "</td><td class=\"num\">" + std::to_string(s.captures) + "</td><td class=\"num\">" +
            (s.maxRetainedBytes ? core::bytesText(s.maxRetainedBytes) : "—") + "</td><td class=\"status-" +
            std::string(statusName(s.status)) + "\">" + std::string(statusName(s.status)) + "</td><td>" +
            timeText(s.firstSeenMs) + "</td><td>" + timeText(s.lastSeenMs) + "</td><td class=\"sig\">" +
            s.signature.substr(0, 12) + "</td></tr>";
  }
  html += "</table>";

  for (size_t i = 0; i < view.signatures.size(); ++i) {
    const SignatureSummary& s = view.signatures[i];
    const std::string kind(kindName(s.kind));
    html += std::string("<section id=\"s") + std::to_string(i + 1) + "\"" +
            (view.newInThisRun.contains(s.signature) ? " class=\"isnew\"" : "") + "><h2>" + std::to_string(i + 1) +
            ". <span class=\"kind " + kind + "\">" + kind + "</span> " + escape(s.className) + "</h2>";
    html += "<p>Seen in <b>" + std::to_string(s.captures) + "</b> capture(s)";
    if (s.maxRetainedBytes) {
      html += std::string(", ") + (s.kind == SignatureKind::kBitmap ? "wasting" : "retaining") + " up to <b>" +
              core::bytesText(s.maxRetainedBytes) + "</b> (" + core::bytesText(s.totalRetainedBytes) + " in all)";
    }
    html += " · first " + timeText(s.firstSeenMs) + ", last " + timeText(s.lastSeenMs) +
            " · status <span class=\"status-" + std::string(statusName(s.status)) + "\">" +
            std::string(statusName(s.status)) + "</span>";
    if (!s.note.empty()) html += " — " + escape(s.note);
    html += "<br><span class=\"sig\">signature " + s.signature + "</span></p>";
    if (!s.thumbnailPng.empty()) {
      html += "<img class=\"thumb\" alt=\"the duplicated bitmap\" src=\"data:image/png;base64," +
              toBase64(s.thumbnailPng) + "\">";
    }
    if (!s.chainText.empty()) html += "<pre>" + escape(s.chainText) + "</pre>";
    if (const auto t = view.trends.find(s.signature); t != view.trends.end() && !t->second.empty()) {
      html += "<div>Across app versions (captures showing it / captures of that version):</div>" + trendSvg(t->second);
    }
    html += "</section>";
  }

  if (failed) {
    html += "<h2>Captures that could not be analysed</h2><table><tr><th>File</th><th>Error</th></tr>";
    for (const auto& c : view.captures) {
      if (!c.info.error.empty())
        html += "<tr><td>" + escape(c.info.path) + "</td><td>" + escape(c.info.error) + "</td></tr>";
    }
    html += "</table>";
  }
  if (const auto without = view.withoutMapping(); !without.empty()) {
    html +=
        "<h2>Captures analysed without a mapping</h2><p>Their names are the minified ones; each is re-keyed "
        "when a later run finds its mapping (docs/TRIAGE.md).</p><table><tr><th>File</th><th>App</th>"
        "<th>versionCode</th><th>Why</th></tr>";
    for (const StoredCapture* c : without) {
      const auto why = view.noMappingReasons.find(c->info.hash);
      html += "<tr><td>" + escape(c->info.path) + "</td><td>" + escape(c->info.appPackage) + "</td><td>" +
              escape(c->info.versionCode) + "</td><td>" +
              (why == view.noMappingReasons.end() ? std::string("—") : escape(why->second)) + "</td></tr>";
    }
    html += "</table>";
  }
  return html + "</body></html>\n";
}

}  // namespace mxi::core::triage
