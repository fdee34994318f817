#include "app/gui/command_line.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <cstring>

#include "mxi/version.h"

namespace mxi::gui {

void setApplicationIdentity() {
  QCoreApplication::setOrganizationName(QStringLiteral("MatrixInspector"));
  QCoreApplication::setApplicationName(QStringLiteral("matrix-inspector"));
  QCoreApplication::setApplicationVersion(QString::fromLatin1(mxi::kVersion));
}

bool asksForHelpOrVersion(int argc, const char* const* argv) {
  // The spellings addHelpOption() and addVersionOption() accept on Linux; after "--" come file
  // names. (--help-all lists the QApplication's own options, so it still needs one.)
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--") == 0) return false;
    for (const char* flag : {"-h", "--help", "-v", "--version"}) {
      if (std::strcmp(argv[i], flag) == 0) return true;
    }
  }
  return false;
}

CommandLine parseCommandLine(const QCoreApplication& app) {
  QCommandLineParser parser;
  parser.setApplicationDescription(
      QStringLiteral("Matrix Inspector: Android performance — heap dumps (leaks, "
                     "bitmaps, classes, dominators, strings, compare) and device captures "
                     "(frame drops per scene, Matrix issues, ANRs)"));
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addPositionalArgument(
      QStringLiteral("files"),
      QStringLiteral("Heap dumps (.hprof, .hprof.gz, .zip), APKs (several: one app's base and splits) and "
                     "device captures "
                     "(framestats, Matrix issue logcat/JSON, ANR traces, "
                     "methodMapping.txt) to open"));
  const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                      QStringLiteral("Save the window as PNG once the files are loaded, then exit"),
                                      QStringLiteral("png"));
  const QCommandLineOption view(
      QStringLiteral("view"),
      QStringLiteral(
          "View for --screenshot: summary, leaks, bitmaps, classes, dominators, strings, "
          "inspector, compare (with --demo: the live view after a few seconds, or `leak`: the leak watch in "
          "auto mode until its first leak; for a method trace, the number of the issue to select; for a session "
          "or the demo, `database`: the Database tab; for an APK, apk (the package and the task cards), tasks or "
          "diff (with --compare); a session of startup runs opens on the Startup page (--compare: its baseline))"),
      QStringLiteral("name"), QStringLiteral("leaks"));
  const QCommandLineOption compare(
      QStringLiteral("compare"),
      QStringLiteral("Compare the opened dump (or APK, or startup runs) with this baseline dump (or older APK, or "
                     "session of startup runs)"),
      QStringLiteral("baseline"));
  const QCommandLineOption demo(
      QStringLiteral("demo"),
      QStringLiteral("Start the demo: a simulated phone on this computer streaming into the live "
                     "view (no device needed)"));
  const QCommandLineOption triage(
      QStringLiteral("triage"),
      QStringLiteral("Open the Triage window: a folder of captures (analysed into --triage-db) or a store file"),
      QStringLiteral("path"));
  const QCommandLineOption triageDb(
      QStringLiteral("triage-db"),
      QStringLiteral("Triage store for --triage FOLDER: an SQLite file or postgresql://… (default: your store)"),
      QStringLiteral("store"));
  parser.addOption(triage);
  parser.addOption(triageDb);
  parser.addOption(demo);
  parser.addOption(screenshot);
  parser.addOption(view);
  parser.addOption(compare);
  parser.process(app);

  const auto optional = [&parser](const QCommandLineOption& option) {
    return parser.isSet(option) ? std::optional<QString>(parser.value(option)) : std::nullopt;
  };
  CommandLine line;
  line.files = parser.positionalArguments();
  line.demo = parser.isSet(demo);
  line.screenshot = optional(screenshot);
  line.view = parser.value(view);
  line.compareBase = optional(compare);
  line.triage = optional(triage);
  line.triageDb = optional(triageDb);
  return line;
}

}  // namespace mxi::gui
