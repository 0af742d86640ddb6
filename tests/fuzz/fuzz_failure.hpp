#pragma once
// How a fuzzer reports a wrong result: a message, then abort(), which libFuzzer records as a crash with
// the input that caused it.

namespace weft::fuzz {

[[noreturn]] void fuzz_failure(const char* format, ...) __attribute__((format(printf, 1, 2)));

}  // namespace weft::fuzz
