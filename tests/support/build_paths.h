// Where this build put what the tests run: the source and build trees, the programs (mxi, the
// agent, the simulator and its tools), the fixture folders. One generated source holds them
// (tests/CMakeLists.txt), not every test's compile line: a test's object file then does not
// depend on where the tree lies, and ccache (cmake/ccache-launcher) serves it to a clone at
// another path, such as CI's clean clone. Empty strings for what this build does not make.
#pragma once

namespace mxi::test::build {

const char* sourceDir();
const char* binaryDir();
const char* fixtureDumps();     // the JVM fixture dumps (tests/fixtures)
const char* cli();              // mxi
const char* agent();            // the host's mxi-agent
const char* androidTool();      // mxi-android-tool, the simulated Android tools
const char* deviceSim();        // mxi-device-sim
const char* simRoot();          // a simulated device root with the tools under bin/
const char* installPrefix();    // where the installed_prefix fixture installs the project
const char* agentAbis();        // the cross-built agents' ABIs, comma-separated
const char* visualvmJar();      // VisualVM's heap library
const char* visualvmHarness();  // the compiled VisualVmHeap harness

}  // namespace mxi::test::build
