// Hostfiles: the input is the file's text. Parsing must give hosts or a usage error naming the line, and
// the hosts a node plan.

#include "launcher_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  weft::fuzz::check_host_list(weft::tools::parse_hostfile(weft::fuzz::text_of(data, size), "hostfile"));
  return 0;
}
