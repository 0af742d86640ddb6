#pragma once
// The buffers of the data-movement calls as the collectives take them: a send block, maps of typed blocks
// (collectives/block_map.hpp), and the layouts a collective reads through them, held while it runs.

#include <mpi.h>

#include <initializer_list>
#include <optional>
#include <vector>

#include "collectives/block_map.hpp"
#include "mpi_api/datatypes.hpp"

namespace weft::mpi {

inline std::byte* bytes(void* buffer) { return static_cast<std::byte*>(buffer); }
inline const std::byte* bytes(const void* buffer) { return static_cast<const std::byte*>(buffer); }

inline std::optional<shm::const_typed_span> send_block(const void* sendbuf, int sendcount, MPI_Datatype sendtype) {
  if (sendbuf == MPI_IN_PLACE) return std::nullopt;
  return data_of(sendbuf, sendcount, sendtype);
}

// `count` elements of `datatype` per peer, one block after the other.
template <class Byte>
coll::basic_block_map<Byte> blocks_of(Byte* buffer, int count, MPI_Datatype datatype) {
  return {.base = buffer, .layout = datatype->layout.get(), .count = count, .unit = datatype->layout->extent()};
}

// counts[r] elements of `datatype` at displacements[r] extents.
template <class Byte>
coll::basic_block_map<Byte> blocks_of(Byte* buffer, const int* counts, const int* displacements,
                                      MPI_Datatype datatype) {
  return {.base = buffer, .layout = datatype->layout.get(), .counts = counts, .displacements = displacements,
          .unit = datatype->layout->extent()};
}

// The layouts a data-movement collective reads through its block maps, kept while it runs in the
// background: the datatypes' own (the program may free a datatype meanwhile) and a w call's tables of
// them, whose storage the block maps point into (moving a vector keeps its storage in place).
struct held_layouts {
  std::vector<shm::type_layout::pointer> owners;
  std::vector<const shm::type_layout*> send_table;
  std::vector<const shm::type_layout*> receive_table;
};

// Holds the layouts of `datatypes`, leaving out MPI_DATATYPE_NULL (a buffer the caller does not use).
inline held_layouts hold(std::initializer_list<MPI_Datatype> datatypes) {
  held_layouts held;
  for (MPI_Datatype datatype : datatypes)
    if (datatype != MPI_DATATYPE_NULL) held.owners.push_back(datatype->layout);
  return held;
}

// counts[r] elements of datatypes[r] at displacements[r] bytes, for `size` peers, through `table`, which it
// fills; the layouts are added to `owners`.
template <class Byte>
coll::basic_block_map<Byte> typed_blocks_of(Byte* buffer, const int* counts, const int* displacements,
                                            const MPI_Datatype* datatypes, int size,
                                            std::vector<shm::type_layout::pointer>& owners,
                                            std::vector<const shm::type_layout*>& table) {
  table.resize(size);
  for (int r = 0; r < size; ++r) {
    table[r] = datatypes[r]->layout.get();
    owners.push_back(datatypes[r]->layout);
  }
  return {.base = buffer, .layouts = table.data(), .counts = counts, .displacements = displacements, .unit = 1};
}

}  // namespace weft::mpi
