// A small shared library for elf_test: it uses std::string and std::vector, so built with
// -static-libstdc++ it carries GNU libstdc++'s own std:: functions, and built plainly it needs
// libstdc++.so.6 and defines none.
#include <string>
#include <vector>

extern "C" __attribute__((visibility("default"))) int mxi_sample_total(const char* text) {
  const std::vector<std::string> words{text, "sample"};
  int total = 0;
  for (const std::string& word : words) total += static_cast<int>(word.size());
  return total;
}
