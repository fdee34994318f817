#include "core/apkcheck/report_html.h"

#include "core/base/byte_units.h"
#include "core/base/html_escape.h"

namespace mxi::core::apkcheck {

namespace {

constexpr const char* kStyle =
    "body{font-family:sans-serif;margin:2em;color:#222;background:#fafafa}"
    "h1{font-size:1.4em}.card{background:#fff;border:1px solid #ddd;border-radius:6px;padding:1em;margin:1em 0}"
    ".card h2{font-size:1.1em;margin:0 0 .4em}.verdict{margin:.2em 0 .6em}.error{color:#b00020}"
    ".save{color:#1b5e20;font-weight:bold}table{border-collapse:collapse;width:100%}"
    "td{padding:2px 8px;border-top:1px solid #eee;vertical-align:top}td.n{text-align:right;white-space:nowrap}"
    ".detail{color:#666}";

constexpr size_t kRowsPerTask = 200;

}  // namespace

std::string checkReportHtml(const CheckReport& report) {
  std::string h =
      "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>APK check: " + htmlEscape(report.package) +
      "</title><style>" + kStyle + "</style></head><body>\n";
  h += "<h1>APK check: " + htmlEscape(report.package) + " (" + bytesText(report.fileSize) + ")</h1>\n";
  if (report.manifest) {
    const ApkManifest& m = *report.manifest;
    h += "<p>" + htmlEscape(m.package) + " versionCode " +
         (m.versionCode ? std::to_string(*m.versionCode) : std::string("?")) + " versionName " +
         htmlEscape(m.versionName) + ", minSdk " + htmlEscape(m.minSdk) + ", targetSdk " + htmlEscape(m.targetSdk) +
         "</p>\n";
  }
  for (const TaskResult& t : report.tasks) {
    h += "<div class=\"card\"><h2>" + htmlEscape(t.option) + " <small>(task " + std::to_string(t.taskType) +
         ")</small></h2>\n<div class=\"verdict\">" + htmlEscape(t.verdict) + "</div>\n";
    if (!t.error.empty()) h += "<div class=\"error\">" + htmlEscape(t.error) + "</div>\n";
    if (t.savableBytes) h += "<div class=\"save\">would save " + bytesText(t.savableBytes) + "</div>\n";
    if (!t.findings.empty()) {
      h += "<table>\n";
      for (size_t i = 0; i < t.findings.size() && i < kRowsPerTask; ++i) {
        const TaskFinding& f = t.findings[i];
        const std::string amount =
            t.countUnit.empty() ? bytesText(f.bytes) : std::to_string(f.bytes) + " " + t.countUnit;
        h += "<tr><td class=\"n\">" + htmlEscape(amount) + "</td><td>" + htmlEscape(f.subject) +
             "</td><td class=\"detail\">" + htmlEscape(f.detail) + "</td></tr>\n";
      }
      h += "</table>\n";
      if (t.findings.size() > kRowsPerTask) {
        h += "<p>… and " + std::to_string(t.findings.size() - kRowsPerTask) + " more</p>\n";
      }
    }
    h += "</div>\n";
  }
  h += "</body></html>\n";
  return h;
}

}  // namespace mxi::core::apkcheck
