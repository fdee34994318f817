// The desktop app's command line: the options `matrix-inspector --help` lists, parsed into the
// choices main() acts on.
#pragma once

#include <QString>
#include <QStringList>
#include <optional>

QT_BEGIN_NAMESPACE
class QCoreApplication;
QT_END_NAMESPACE

namespace mxi::gui {

struct CommandLine {
  QStringList files;                   // dumps, sessions, traces and captures to open
  bool demo = false;                   // --demo: the simulated phone streaming into the live view
  std::optional<QString> screenshot;   // --screenshot PNG
  QString view;                        // --view NAME (default "leaks")
  std::optional<QString> compareBase;  // --compare BASELINE
  std::optional<QString> triage;       // --triage FOLDER|STORE
  std::optional<QString> triageDb;     // --triage-db STORE
};

// The organisation, name and version QSettings and --version use; callable before the app object.
void setApplicationIdentity();
// Whether the arguments ask for --help or --version. Those are answered by a QCoreApplication,
// which needs no display: a QApplication connects to the window system first and aborts without one.
bool asksForHelpOrVersion(int argc, const char* const* argv);
// The app's arguments parsed; --help, --version and malformed command lines print and exit here
// (QCommandLineParser::process).
CommandLine parseCommandLine(const QCoreApplication& app);

}  // namespace mxi::gui
