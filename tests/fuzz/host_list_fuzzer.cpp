// --hosts lists: the input is the option's value. Parsing must give hosts or a usage error, and the
// hosts a node plan.

#include "launcher_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  weft::fuzz::check_host_list(weft::tools::parse_host_list(weft::fuzz::text_of(data, size), "--hosts"));
  return 0;
}
