# -DMXI_SANITIZE=address,undefined builds everything (tests included) with those sanitizers.
if(MXI_SANITIZE)
  add_compile_options(-fsanitize=${MXI_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=${MXI_SANITIZE})
endif()
# -DMXI_FUZZ=ON (clang): coverage instrumentation for every library the fuzzers link: all of
# libFuzzer's (-fsanitize=fuzzer-no-link), or what MXI_FUZZ_COVERAGE names.
set(MXI_FUZZ_COVERAGE "" CACHE STRING "Coverage flags for MXI_FUZZ=ON (empty: -fsanitize=fuzzer-no-link)")
if(MXI_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "MXI_FUZZ=ON needs clang (libFuzzer): -DCMAKE_CXX_COMPILER=clang++")
  endif()
  # The `asan` preset, which also runs the whole suite, asks for edge counters only (no call per
  # comparison): enough for libFuzzer's coverage, and its tests stay near plain ASan's speed.
  if(MXI_FUZZ_COVERAGE)
    add_compile_options(${MXI_FUZZ_COVERAGE})
  else()
    add_compile_options(-fsanitize=fuzzer-no-link)
  endif()
endif()
