// Small pieces every part of mpirun's command-line handling reads values and writes messages with.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace weft::tools {

// A whole number of at least 1, or nothing. The whole text must be the number: "4x", " 4" and "+4"
// fail instead of being read as 4.
std::optional<int> positive_int(std::string_view text);

// The words of `text` between its commas, empty ones included ("a,,b" is a, "", b), so that callers can
// name an empty one as the mistake it is.
std::vector<std::string_view> comma_separated(std::string_view text);

// `text` in single quotes, as messages show what the user typed.
std::string quoted(std::string_view text);

}  // namespace weft::tools
