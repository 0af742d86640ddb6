// mpirun's command line: the input is its arguments, one a line. Parsing must give options or a usage
// error, and the options a node plan or a usage error.

#include <string>
#include <vector>

#include "launcher_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text = weft::fuzz::text_of(data, size);
  std::vector<std::string> arguments;
  while (!text.empty()) {
    auto newline = text.find('\n');
    arguments.emplace_back(text.substr(0, newline));
    text.remove_prefix(newline == std::string_view::npos ? text.size() : newline + 1);
  }
  auto parsed = weft::tools::parse_arguments(arguments);
  if (auto* error = std::get_if<weft::tools::usage_error>(&parsed)) {
    weft::fuzz::check_usage_error(*error);
    return 0;
  }
  auto& options = std::get<weft::tools::launch_options>(parsed);
  weft::fuzz::check_hosts(options.hosts);
  if (options.what == weft::tools::launch_options::action::run) weft::fuzz::check_plan(options, options.hosts);
  return 0;
}
