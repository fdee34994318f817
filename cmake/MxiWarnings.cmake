# Warnings for every project target; MXI_WERROR turns them into errors (CI sets it).
add_library(mxi_warnings INTERFACE)
target_compile_options(mxi_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wold-style-cast -Wcast-align
  -Woverloaded-virtual -Wimplicit-fallthrough -Wformat=2
  $<$<BOOL:${MXI_WERROR}>:-Werror>)
