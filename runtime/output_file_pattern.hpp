#pragma once
// The pattern of the files ranks write their output to (WEFT_OUTPUT_FILE, WEFT_ERROR_FILE): checked by
// mpirun when it is given, expanded by each node process for its ranks. %r is the rank, %R the rank
// filled with zeros to the width of the job's last one, %h the host's name, %% a '%'.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace weft::runtime {

// The first thing wrong with `pattern` (a % sequence other than those above), or nothing.
inline std::optional<std::string> file_pattern_error(std::string_view pattern) {
  for (std::size_t at = pattern.find('%'); at != std::string_view::npos; at = pattern.find('%', at + 2)) {
    if (at + 1 == pattern.size()) return "it ends with a lone '%'";
    if (std::string_view("rRh%").find(pattern[at + 1]) == std::string_view::npos)
      return "'%" + std::string(1, pattern[at + 1]) +
             "' is none of %r (rank), %R (rank filled with zeros), %h (host), %%";
  }
  return std::nullopt;
}

// `pattern` for rank `rank` of a job of `ranks`, on `host`.
inline std::string expand_file_pattern(std::string_view pattern, int rank, int ranks, std::string_view host) {
  std::string path;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] != '%' || i + 1 == pattern.size()) {
      path.push_back(pattern[i]);
      continue;
    }
    std::string number = std::to_string(rank);
    switch (pattern[++i]) {
      case 'r':
        path += number;
        break;
      case 'R': {
        std::size_t width = std::to_string(ranks - 1).size();
        path += std::string(width > number.size() ? width - number.size() : 0, '0') + number;
        break;
      }
      case 'h':
        path += host;
        break;
      default:
        path.push_back(pattern[i]);  // %%
    }
  }
  return path;
}

}  // namespace weft::runtime
