#include "fuzz_failure.hpp"

#include <cstdarg>
#include <cstdio>
#include <cstdlib>

void weft::fuzz::fuzz_failure(const char* format, ...) {
  va_list arguments;
  va_start(arguments, format);
  std::fputs("fuzzer: ", stderr);
  std::vfprintf(stderr, format, arguments);
  std::fputc('\n', stderr);
  va_end(arguments);
  std::abort();
}
