#pragma once
// Fortran CHARACTER arguments: a pointer and a length the compiler passes after the other arguments, no
// terminating NUL, blank-padded to the length.

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <string>
#include <string_view>

namespace weft::fortran {

// An input string as C wants it: without the blanks around it (names, info keys and values, MPI-3.1 17.1.12).
inline std::string from_fortran(const char* text, std::size_t length) {
  std::string_view view(text, length);
  std::size_t first = view.find_first_not_of(' ');
  if (first == std::string_view::npos) return {};
  return std::string(view.substr(first, view.find_last_not_of(' ') - first + 1));
}

// An output string: as much of `text` as fits, blank-padded.
inline void to_fortran(std::string_view text, char* out, std::size_t length) {
  std::size_t copied = std::min(text.size(), length);
  std::memcpy(out, text.data(), copied);
  std::memset(out + copied, ' ', length - copied);
}

}  // namespace weft::fortran
