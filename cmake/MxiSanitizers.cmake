# -DMXI_SANITIZE=address,undefined builds everything (tests included) with those sanitizers.
if(MXI_SANITIZE)
  add_compile_options(-fsanitize=${MXI_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=${MXI_SANITIZE})
endif()
# -DMXI_FUZZ=ON (clang): coverage instrumentation for every library the fuzzers link.
if(MXI_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "MXI_FUZZ=ON needs clang (libFuzzer): -DCMAKE_CXX_COMPILER=clang++")
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()
