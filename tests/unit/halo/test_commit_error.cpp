// A commit refuses a binding whose reader and owner disagree, and both ranks describe it in the same words.

#include <catch2/catch.hpp>
#include <string>

#include "halo/cell_shape.hpp"
#include "halo/commit_error.hpp"

using namespace weft::halo;

TEST_CASE("cells compare by basic type first, then by size", "[halo]") {
  cell_shape doubles = cell_shape::of("MPI_DOUBLE", "MPI_DOUBLE", 8, 64);
  CHECK(compare(doubles, cell_shape::of("(a datatype from MPI_Type_vector)", "MPI_DOUBLE", 4, 64)) ==
        shape_match::same);
  CHECK(compare(doubles, cell_shape::of("MPI_FLOAT", "MPI_FLOAT", 16, 64)) == shape_match::different_types);
  CHECK(compare(doubles, cell_shape::of("MPI_DOUBLE", "MPI_DOUBLE", 7, 56)) == shape_match::different_sizes);
  // Several basic types: by size alone.
  CHECK(compare(cell_shape::of("a struct", "", 1, 12), cell_shape::of("another", "", 3, 12)) == shape_match::same);
}

TEST_CASE("a type name too long for the message is cut, not overrun", "[halo]") {
  std::string name(200, 'x');
  cell_shape shape = cell_shape::of(name, "MPI_INT", 1, 4);
  CHECK(std::string(shape.type_name.data()) == name.substr(0, shape.type_name.size() - 1));
}

TEST_CASE("a refused binding names both ranks, both labels and what differs", "[halo]") {
  commit_error error{.failure = commit_failure::different_sizes,
                     .reader = 3,
                     .owner = 1,
                     .reader_label = "west ghost",
                     .owner_label = "east edge",
                     .reader_shape = cell_shape::of("MPI_DOUBLE", "MPI_DOUBLE", 8, 64),
                     .owner_shape = cell_shape::of("MPI_DOUBLE", "MPI_DOUBLE", 7, 56)};
  CHECK(describe(error) ==
        "rank 3 binds its cell 'west ghost' to label 'east edge' of rank 1, whose size differs "
        "(8 x MPI_DOUBLE, 64 bytes against 7 x MPI_DOUBLE, 56 bytes)");
  error.failure = commit_failure::unknown_label;
  CHECK(describe(error) ==
        "rank 3 binds its cell 'west ghost' to label 'east edge' of rank 1, which has no cell of that label in "
        "this exchange");
  error.reader = -1;
  CHECK(describe(error) == "rank 1 bound two local cells labelled 'east edge'");
}
