// The fuzzing build's driver: libFuzzer itself.

#include "fuzz_driver.hpp"

extern "C" int LLVMFuzzerRunDriver(int* argc, char*** argv, int (*target)(const std::uint8_t*, std::size_t));

int weft::fuzz::run_fuzz_target(int* argc, char*** argv, fuzz_target target) {
  return LLVMFuzzerRunDriver(argc, argv, target);
}
