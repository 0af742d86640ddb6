#pragma once
// What both ends of a binding must agree on: the type and size of the data. It travels in the commit's
// messages, so it holds names, not pointers: a later transport between nodes can carry it unchanged.

#include <array>
#include <cstdint>
#include <string_view>

namespace weft::halo {

struct cell_shape {
  std::array<char, 64> type_name{};   // for messages: "MPI_DOUBLE", "(a datatype from MPI_Type_vector)"
  std::array<char, 32> basic_type{};  // the predefined type of every basic element; empty when several
  std::uint64_t count = 0;            // elements of the type
  std::uint64_t bytes = 0;            // data bytes of the whole cell (the signature's length)

  static cell_shape of(std::string_view type_name, std::string_view basic_type, std::uint64_t count,
                       std::uint64_t bytes) noexcept;
};

enum class shape_match { same, different_types, different_sizes };

// Types differ when their basic types do; otherwise sizes are compared. Types made of several basic types
// are compared by size alone.
shape_match compare(const cell_shape& reader, const cell_shape& owner) noexcept;

}  // namespace weft::halo
