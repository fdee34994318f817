#include "app/gui/live/capture_import.h"

#include <QFile>
#include <QRegularExpression>
#include <QStringList>
#include <algorithm>
#include <memory>
#include <optional>

#include "core/trace/anr_trace.h"
#include "core/trace/framestats_parser.h"
#include "core/trace/matrix_issue.h"
#include "core/trace/method_mapping.h"

namespace mxi::gui {

namespace {

std::optional<QByteArray> readAll(const QString& path, QString& error) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) {
    error = QStringLiteral("%1: %2").arg(path, f.errorString());
    return std::nullopt;
  }
  return f.readAll();
}

std::string_view view(const QByteArray& bytes) { return {bytes.constData(), static_cast<size_t>(bytes.size())}; }

QString failure(const QString& path, const core::Status& status) {
  return QStringLiteral("%1: %2").arg(path, QString::fromStdString(status.toString()));
}

// Out of line: GCC 12 misreads the inlined StatusOr<MethodMapping> destructor (free-nonheap-object).
[[gnu::noinline]] std::unique_ptr<core::trace::MethodMapping> loadMapping(const QString& path, QString& error) {
  const auto bytes = readAll(path, error);
  if (!bytes) return nullptr;
  auto parsed = core::trace::MethodMapping::parse(view(*bytes));
  if (!parsed.ok()) {
    error = failure(path, parsed.status());
    return nullptr;
  }
  return std::make_unique<core::trace::MethodMapping>(std::move(*parsed));
}

}  // namespace

QString importCaptures(const CaptureFiles& files, LiveSession& session) {
  QString error;
  if (!files.framestats.isEmpty()) {
    const auto bytes = readAll(files.framestats, error);
    if (!bytes) return error;
    auto capture = core::trace::parseFramestats(view(*bytes));
    if (!capture.ok()) return failure(files.framestats, capture.status());
    for (const auto& window : (*capture)->windows) session.addFrames(window.name, window.frames);
  }
  std::unique_ptr<core::trace::MethodMapping> mapping;
  if (!files.methodMapping.isEmpty()) {
    mapping = loadMapping(files.methodMapping, error);
    if (!mapping) return error;
  }
  if (!files.issues.isEmpty()) {
    const auto bytes = readAll(files.issues, error);
    if (!bytes) return error;
    auto result = core::trace::parseIssueText(view(*bytes));
    core::trace::decodeIssues(result, mapping.get());
    int64_t first = INT64_MAX;
    for (const auto& issue : result.issues) {
      if (issue.timeMs) first = std::min(first, *issue.timeMs);
    }
    for (auto& issue : result.issues) {
      const int64_t at = issue.timeMs && first != INT64_MAX ? *issue.timeMs - first : 0;
      session.addIssue(std::move(issue), at);
    }
  }
  if (!files.anr.isEmpty()) {
    const auto bytes = readAll(files.anr, error);
    if (!bytes) return error;
    auto anr = core::trace::parseAnrTrace(view(*bytes));
    if (!anr.ok()) return failure(files.anr, anr.status());
    session.addAnr(*anr, 0);
  }
  return {};
}

CaptureFiles classifyCaptures(const QStringList& paths, QString& error) {
  CaptureFiles files;
  static const QRegularExpression mappingLine(QStringLiteral("^\\d+,\\d+,\\S+ \\S+ \\S+"), QRegularExpression::MultilineOption);
  for (const QString& path : paths) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
      error = QStringLiteral("%1: %2").arg(path, f.errorString());
      continue;
    }
    const QString head = QString::fromUtf8(f.read(1 << 20));
    if (head.contains(QLatin1String("---PROFILEDATA---"))) files.framestats = path;
    else if (head.contains(QLatin1String("----- pid ")) || head.contains(QLatin1String("\"main\" prio="))) files.anr = path;
    else if (mappingLine.match(head).hasMatch() && !head.contains(QLatin1Char('{'))) files.methodMapping = path;
    else files.issues = path;
  }
  return files;
}

}  // namespace mxi::gui
