// The driver of builds without libFuzzer: each input once, in name order. Arguments starting with '-'
// are libFuzzer's flags and are ignored, so that one command line serves both builds.

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "fuzz_driver.hpp"

namespace fs = std::filesystem;

int weft::fuzz::run_fuzz_target(int* argc, char*** argv, fuzz_target target) {
  std::vector<fs::path> inputs;
  for (int i = 1; i < *argc; ++i) {
    std::string argument = (*argv)[i];
    if (argument.starts_with("-")) continue;
    if (fs::is_directory(argument)) {
      for (const fs::directory_entry& entry : fs::directory_iterator(argument))
        if (entry.is_regular_file()) inputs.push_back(entry.path());
    } else {
      inputs.emplace_back(argument);
    }
  }
  std::sort(inputs.begin(), inputs.end());
  for (const fs::path& input : inputs) {
    std::ifstream file(input, std::ios::binary);
    if (!file) {
      std::fprintf(stderr, "%s: cannot read %s\n", (*argv)[0], input.c_str());
      return 1;
    }
    std::vector<char> bytes{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
    target(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
  }
  std::printf("%s: replayed %zu inputs\n", (*argv)[0], inputs.size());
  return 0;
}
