#include "option_values.hpp"

#include <charconv>

namespace weft::tools {

std::optional<int> positive_int(std::string_view text) {
  int value = 0;
  // from_chars rejects spaces and a leading '+'; "0x10" stops at the 'x' and fails the length check.
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < 1) return std::nullopt;
  return value;
}

std::vector<std::string_view> comma_separated(std::string_view text) {
  std::vector<std::string_view> words;
  for (std::size_t start = 0;;) {
    std::size_t end = text.find(',', start);
    words.push_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) return words;
    start = end + 1;
  }
}

std::string quoted(std::string_view text) { return "'" + std::string(text) + "'"; }

}  // namespace weft::tools
