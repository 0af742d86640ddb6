// external32 (MPI-3.1, 13.5.2): big-endian, IEEE, the standard's sizes, whatever the machine's; converting
// back gives the values again.

#include <mpi.h>

#include <array>
#include <catch2/catch.hpp>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "mpi_api/external32.hpp"

using weft::mpi::convert_external32;
using weft::mpi::external32_size;

TEST_CASE("external32 sizes are the standard's, not the machine's", "[mpi_api]") {
  CHECK(external32_size(MPI_INT) == 4);
  CHECK(external32_size(MPI_DOUBLE) == 8);
  CHECK(external32_size(MPI_LONG) == 4);  // a C long is 4 bytes in external32 (table 13.2)
  CHECK(external32_size(MPI_WCHAR) == 2);
}

TEST_CASE("integers and doubles travel big-endian and come back unchanged", "[mpi_api]") {
  std::array<std::int32_t, 2> ints{0x01020304, -2};
  std::array<std::byte, 8> packed{};
  convert_external32(reinterpret_cast<std::byte*>(ints.data()), 2, MPI_INT, packed.data(), true);
  CHECK(packed[0] == std::byte{0x01});
  CHECK(packed[3] == std::byte{0x04});
  CHECK(packed[4] == std::byte{0xff});
  CHECK(packed[7] == std::byte{0xfe});
  std::array<std::int32_t, 2> back{};
  convert_external32(reinterpret_cast<std::byte*>(back.data()), 2, MPI_INT, packed.data(), false);
  CHECK(back == ints);

  double value = 1.0;  // IEEE 754: 3f f0 00 00 00 00 00 00
  std::array<std::byte, 8> wire{};
  convert_external32(reinterpret_cast<std::byte*>(&value), 1, MPI_DOUBLE, wire.data(), true);
  CHECK(wire[0] == std::byte{0x3f});
  CHECK(wire[1] == std::byte{0xf0});
  CHECK(wire[7] == std::byte{0x00});
  double again = 0;
  convert_external32(reinterpret_cast<std::byte*>(&again), 1, MPI_DOUBLE, wire.data(), false);
  CHECK(again == 1.0);
}
