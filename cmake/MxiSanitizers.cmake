# -DMXI_SANITIZE=address,undefined builds everything (tests included) with those sanitizers.
if(MXI_SANITIZE)
  add_compile_options(-fsanitize=${MXI_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=${MXI_SANITIZE})
endif()
