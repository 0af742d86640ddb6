#pragma once
// How a fuzzer runs its target. A fuzzing build (WEFT_FUZZ=ON) hands it to libFuzzer, which takes
// libFuzzer's flags and corpus directories as arguments; every other build replays the inputs named
// (files, or every file of a directory) once each, as a regression test of the committed corpus.

#include <cstddef>
#include <cstdint>

namespace weft::fuzz {

using fuzz_target = int (*)(const std::uint8_t* data, std::size_t size);

int run_fuzz_target(int* argc, char*** argv, fuzz_target target);

}  // namespace weft::fuzz
