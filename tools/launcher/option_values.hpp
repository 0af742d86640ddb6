// Small pieces every part of mpirun's command-line handling reads values and writes messages with.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace weft::tools {

// A whole number of at least 1, or nothing. The whole text must be the number: "4x", " 4" and "+4"
// fail instead of being read as 4.
std::optional<int> positive_int(std::string_view text);

// `text` in single quotes, as messages show what the user typed.
std::string quoted(std::string_view text);

} // namespace weft::tools
