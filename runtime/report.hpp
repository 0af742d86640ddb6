#pragma once
// How the runtime tells the user that something went wrong, and how a job ends early.

#include <cstdarg>

namespace weft::runtime {

// Prints "weft: <message>" on stderr as one write, so lines of different ranks never interleave.
[[gnu::format(printf, 1, 2)]] void report(const char* format, ...);
void vreport(const char* format, va_list args);

// Ends the whole job at once with `status`: flushes stdio, skips atexit handlers and the other ranks.
[[noreturn]] void end_job(int status);

// report() then end_job().
[[noreturn, gnu::format(printf, 2, 3)]] void fatal(int status, const char* format, ...);

}  // namespace weft::runtime
