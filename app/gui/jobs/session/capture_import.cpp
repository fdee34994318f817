#include "app/gui/jobs/session/capture_import.h"

#include <QFile>
#include <QRegularExpression>

#include "core/sessionimport/session_import.h"
#include "mxi/version.h"

namespace mxi::gui {

namespace {

// Appends `path`'s text to `texts` and its name to `names` (nothing for an empty path).
core::Status readCapture(const QString& path, std::vector<std::string>& texts, std::vector<std::string>& names) {
  if (path.isEmpty()) return core::okStatus();
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return core::ioError(path.toStdString() + ": " + f.errorString().toStdString());
  texts.push_back(f.readAll().toStdString());
  names.push_back(path.toStdString());
  return core::okStatus();
}

}  // namespace

LoadedSession importCaptureSession(const CaptureFiles& files, const QString& sessionPath,
                                   const QList<AppMapping>& mappings, core::ProgressSink& progress,
                                   const core::CancelToken& cancel) {
  core::sessionimport::ImportInputs in;
  RETURN_IF_ERROR(readCapture(files.framestats, in.framestatsTexts, in.framestatsNames));
  RETURN_IF_ERROR(readCapture(files.issues, in.issueTexts, in.issueNames));
  RETURN_IF_ERROR(readCapture(files.anr, in.anrTexts, in.anrNames));
  core::session::SessionHeader header;
  header.device = "imported captures";
  header.agentVersion = std::string("matrix-inspector ") + kVersion + " (import)";
  core::session::WriterOptions options;
  options.fsync = core::session::FsyncPolicy::kNever;  // a scratch file
  RETURN_IF_ERROR(core::sessionimport::importCaptures(in, sessionPath.toStdString(), header, options).status());
  if (cancel.isCancelled()) return core::cancelled();
  if (files.methodMapping.isEmpty()) return loadSessionFile(sessionPath, mappings, progress, cancel);
  const QList<AppMapping> captured = {AppMapping{QString(), files.methodMapping, QString(), QString()}};  // any app
  return loadSessionFile(sessionPath, captured, progress, cancel);
}

LoadedSession importCaptureSession(const CaptureFiles& files, const QString& sessionPath,
                                   const QList<AppMapping>& mappings) {
  core::NullProgress progress;
  const core::CancelToken cancel;
  return importCaptureSession(files, sessionPath, mappings, progress, cancel);
}

CaptureFiles classifyCaptures(const QStringList& paths, QString& error) {
  CaptureFiles files;
  static const QRegularExpression mappingLine(QStringLiteral("^\\d+,\\d+,\\S+ \\S+ \\S+"),
                                              QRegularExpression::MultilineOption);
  for (const QString& path : paths) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
      error = QStringLiteral("%1: %2").arg(path, f.errorString());
      continue;
    }
    const QString head = QString::fromUtf8(f.read(1 << 20));
    if (head.contains(QLatin1String("---PROFILEDATA---")))
      files.framestats = path;
    else if (head.contains(QLatin1String("----- pid ")) || head.contains(QLatin1String("\"main\" prio=")))
      files.anr = path;
    else if (mappingLine.match(head).hasMatch() && !head.contains(QLatin1Char('{')))
      files.methodMapping = path;
    else
      files.issues = path;
  }
  return files;
}

}  // namespace mxi::gui
