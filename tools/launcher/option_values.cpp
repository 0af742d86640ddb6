#include "option_values.hpp"

#include <charconv>

namespace weft::tools {

std::optional<int> positive_int(std::string_view text) {
  int value = 0;
  // from_chars rejects spaces and a leading '+'; "0x10" stops at the 'x' and fails the length check.
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < 1)
    return std::nullopt;
  return value;
}

std::string quoted(std::string_view text) { return "'" + std::string(text) + "'"; }

} // namespace weft::tools
