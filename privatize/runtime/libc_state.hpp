#pragma once
// The libc state that programs treat as their process's own, kept per rank: strtok's position, the
// rand/random and drand48 generators, getopt's scan and its variables (optind, optarg, opterr, optopt).
// Privatized code reaches it through the __weft_ functions (see WEFT_PRIVATIZE_REDIRECTS) and, for the
// variables, through the resolver.

#include <cstdlib>

#include "privatize/runtime/getopt.hpp"

namespace weft::privatize {

struct libc_state {
  libc_state();

  char* strtok_position = nullptr;
  // rand() and random() share one generator in glibc; a rank's starts where a process's does, as if
  // seeded with 1, so it gives the same sequence.
  random_data random{};
  char random_buffer[128];
  drand48_data drand48{};  // zeroed like glibc's own: the same sequence as an unseeded process
  getopt_state getopt;

  // The rank's own copy of libc's optind, optarg, opterr or optopt when `address` is one of them, else null.
  void* variable(const void* address) noexcept;
};

}  // namespace weft::privatize
