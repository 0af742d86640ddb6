#include "halo/cell_shape.hpp"

#include <algorithm>
#include <cstring>

namespace weft::halo {
namespace {

// Copies `text` into `field`, cut to fit with its terminating zero.
template <std::size_t N>
void store(std::array<char, N>& field, std::string_view text) noexcept {
  std::size_t length = std::min(text.size(), N - 1);
  std::memcpy(field.data(), text.data(), length);
  field[length] = '\0';
}

}  // namespace

cell_shape cell_shape::of(std::string_view type_name, std::string_view basic_type, std::uint64_t count,
                          std::uint64_t bytes) noexcept {
  cell_shape shape;
  store(shape.type_name, type_name);
  store(shape.basic_type, basic_type);
  shape.count = count;
  shape.bytes = bytes;
  return shape;
}

shape_match compare(const cell_shape& reader, const cell_shape& owner) noexcept {
  if (std::strcmp(reader.basic_type.data(), owner.basic_type.data()) != 0) return shape_match::different_types;
  return reader.bytes == owner.bytes ? shape_match::same : shape_match::different_sizes;
}

}  // namespace weft::halo
