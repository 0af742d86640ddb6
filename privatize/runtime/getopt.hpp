#pragma once
// A reentrant getopt family for programs whose ranks are fibers of one process. The ranks share libc, and
// glibc's getopt keeps its scanning position in process-wide statics, so ranks parsing their own argv would
// trample each other. These functions behave exactly like glibc 2.36's getopt, getopt_long and
// getopt_long_only, but the whole scan lives in a getopt_state that the caller owns (one per rank).

#include <getopt.h>  // struct option, no_argument, required_argument, optional_argument

namespace weft::privatize {

// The scan of one argument vector. The first four fields play the roles of glibc's globals of the same
// names (store 0 into optind to restart the scan); the rest is GNU getopt's private bookkeeping.
// A value-initialized state starts a fresh scan.
struct getopt_state {
  int optind = 1;
  int opterr = 1;
  int optopt = '?';
  char* optarg = nullptr;

  // How operands mixed with options are handled, chosen when the scan starts.
  enum class ordering_mode {
    permute,          // options are moved in front of the operands they follow
    require_order,    // the first operand ends the options
    return_in_order,  // operands are returned as option 1 with optarg
  };

  char* nextchar = nullptr;  // the next option character inside a group such as "-abc"
  // Operands skipped so far, [first_nonopt, last_nonopt): in permute mode they are moved behind the options
  // found after them.
  int first_nonopt = 1;
  int last_nonopt = 1;
  ordering_mode ordering = ordering_mode::permute;
  bool initialized = false;
};

int getopt(getopt_state& state, int argc, char* const argv[], const char* optstring);
int getopt_long(getopt_state& state, int argc, char* const argv[], const char* optstring, const struct option* longopts,
                int* longindex);
int getopt_long_only(getopt_state& state, int argc, char* const argv[], const char* optstring,
                     const struct option* longopts, int* longindex);

}  // namespace weft::privatize
