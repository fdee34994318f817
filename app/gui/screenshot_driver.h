// --screenshot: saves the main window as a PNG once what the command line opened is on screen,
// then quits. It waits for a dump loaded and shown at --view (and compared with --compare's
// baseline), a method trace (issue --view N selected), a triage store (signature --view N
// selected), a session opened (--view database: its Database tab) or startup runs (with
// --compare, once the baseline shows beside them); on the demo, for a few
// seconds of streaming (--view database: then its Database tab) or, with --view leak, for its
// first analysed leak. With nothing to open it saves at once.
#pragma once

namespace mxi::gui {

class MainWindow;
struct CommandLine;

// Arms the save on `window`'s signals (call after the demo started, before files are opened).
// Exit codes: 0 saved, 1 cannot save the PNG, 2 what it waited for failed.
void saveScreenshotWhenShown(MainWindow& window, const CommandLine& commandLine);

}  // namespace mxi::gui
