// main of the fuzzers whose target needs no set-up: the target is LLVMFuzzerTestOneInput.

#include "fuzz_driver.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

int main(int argc, char** argv) { return weft::fuzz::run_fuzz_target(&argc, &argv, LLVMFuzzerTestOneInput); }
