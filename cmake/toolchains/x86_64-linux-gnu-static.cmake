# x86_64 agent (emulators, ChromeOS): the host compiler, fully static (zlib from zlib1g-dev's libz.a).
set(CMAKE_C_COMPILER x86_64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER x86_64-linux-gnu-g++)
set(MXI_AGENT_ABI x86_64 CACHE STRING "Android ABI of the agent build")
