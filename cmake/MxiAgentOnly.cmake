# -DMXI_AGENT_ONLY=ON (the agent-* presets): configure just the device agent and the core parts it
# links (core/base, core/protocol, core/devicetext, the format rooms' *_text libraries, the hprof
# index and the shrinker) with zlib as the only dependency (xxHash header-only), so cross builds
# need no Qt, libzip, libpng or GoogleTest for the target. With MXI_BUILD_TESTS=ON the agent's unit tests are built too
# (GoogleTest from Debian's source in /usr/src/googletest) and run through
# CMAKE_CROSSCOMPILING_EMULATOR (qemu-user) when cross compiling.
find_package(Threads REQUIRED)
find_package(ZLIB REQUIRED)
add_subdirectory(core/base)
add_subdirectory(core/protocol)
add_subdirectory(core/devicetext)
add_subdirectory(core/framestats)  # mxi_framestats_text only (MXI_AGENT_ONLY)
add_subdirectory(core/meminfo)     # mxi_meminfo_text only (MXI_AGENT_ONLY)
add_subdirectory(core/strictmode)  # mxi_strictmode_text only (MXI_AGENT_ONLY)
add_subdirectory(core/dbinfo)      # mxi_dbinfo_text only (MXI_AGENT_ONLY)
add_subdirectory(core/hprof)     # mxi_hprof_index only (MXI_AGENT_ONLY)
add_subdirectory(core/analysis)  # mxi_shrink only
add_subdirectory(device-agent)
if(MXI_BUILD_TESTS)
  enable_testing()
  if(NOT TARGET GTest::gtest)
    set(INSTALL_GTEST OFF CACHE BOOL "" FORCE)
    set(BUILD_GMOCK ON CACHE BOOL "" FORCE)
    add_subdirectory(/usr/src/googletest ${CMAKE_BINARY_DIR}/googletest EXCLUDE_FROM_ALL)
    foreach(lib IN ITEMS gtest gtest_main gmock)
      if(NOT TARGET GTest::${lib})  # googletest >= 1.11 defines these aliases itself
        add_library(GTest::${lib} ALIAS ${lib})
      endif()
    endforeach()
  endif()
  include(GoogleTest)
  add_subdirectory(tests/agent)
  include(MxiTestBuildPaths)
  mxi_add_test_build_paths()
endif()
