#pragma once
// The buffers of the data-movement calls (gather, ..., alltoallw, and the neighbourhood collectives) as
// they check them and hand them to collectives/: maps of typed blocks, one block per rank or per
// neighbour, and the layouts to keep while a nonblocking call runs.

#include <mpi.h>

#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <optional>
#include <vector>

#include "collectives/block_map.hpp"
#include "mpi_api/checks.hpp"
#include "mpi_api/datatypes.hpp"

namespace weft::mpi {

// Where an intercommunicator refuses MPI_IN_PLACE: everywhere (for check_not_in_place).
inline constexpr const char* across_groups = " on an intercommunicator";

// MPI_IN_PLACE where the call does not take it; `where` qualifies the refusal (" except at the root",
// across_groups, "" for nowhere).
[[nodiscard]] inline int check_not_in_place(const char* call, MPI_Comm comm, const void* buffer, const char* argument,
                                            const char* where) {
  if (buffer != MPI_IN_PLACE) [[likely]]
    return MPI_SUCCESS;
  return raise_error(comm, MPI_ERR_BUFFER, call, "argument %s may not be MPI_IN_PLACE%s", argument, where);
}

// A buffer of one block, named `argument`, that may not be MPI_IN_PLACE (`where` as for check_not_in_place).
[[nodiscard]] inline int check_block(const char* call, MPI_Comm comm, const void* buffer, int count,
                                     MPI_Datatype datatype, const char* argument, const char* where) {
  if (int error = check_not_in_place(call, comm, buffer, argument, where)) return error;
  return check_buffer(call, comm, buffer, count, datatype);
}

// A send buffer of one block, MPI_IN_PLACE when `in_place_allowed`.
[[nodiscard]] inline int check_send(const char* call, MPI_Comm comm, const void* sendbuf, int sendcount,
                                    MPI_Datatype sendtype, bool in_place_allowed) {
  if (sendbuf == MPI_IN_PLACE && in_place_allowed) return MPI_SUCCESS;
  return check_block(call, comm, sendbuf, sendcount, sendtype, "sendbuf",
                     in_place_allowed ? "" : " except at the root");
}

// The arrays of a v or w call's buffer of `blocks` blocks, one entry per block; counts not negative. With
// no blocks they may be NULL (what an empty std::vector's data() gives).
[[nodiscard]] inline int check_block_arrays(const char* call, MPI_Comm comm, int blocks, const int* counts,
                                            const void* displacements, const char* counts_name,
                                            const char* displacements_name) {
  if (blocks == 0) return MPI_SUCCESS;
  if (int error = check_output(call, comm, counts, counts_name)) return error;
  if (int error = check_output(call, comm, displacements, displacements_name)) return error;
  for (int r = 0; r < blocks; ++r)
    if (counts[r] < 0) [[unlikely]]
      return raise_error(comm, MPI_ERR_COUNT, call, "%s[%d] is %d", counts_name, r, counts[r]);
  return MPI_SUCCESS;
}

// A v call's buffer: `blocks` blocks of one datatype.
[[nodiscard]] inline int check_blocks(const char* call, MPI_Comm comm, int blocks, const void* buffer,
                                      const int* counts, const void* displacements, MPI_Datatype datatype,
                                      const char* counts_name, const char* displacements_name) {
  if (int error = check_block_arrays(call, comm, blocks, counts, displacements, counts_name, displacements_name))
    return error;
  return check_buffer(call, comm, buffer, blocks == 0 ? 0 : *std::max_element(counts, counts + blocks), datatype);
}

// A w call's buffer: `blocks` blocks, a datatype each.
[[nodiscard]] inline int check_typed_blocks(const char* call, MPI_Comm comm, int blocks, const void* buffer,
                                            const int* counts, const void* displacements, const MPI_Datatype* datatypes,
                                            const char* counts_name, const char* displacements_name,
                                            const char* datatypes_name) {
  if (int error = check_block_arrays(call, comm, blocks, counts, displacements, counts_name, displacements_name))
    return error;
  if (blocks > 0)
    if (int error = check_output(call, comm, datatypes, datatypes_name)) return error;
  for (int r = 0; r < blocks; ++r)
    if (int error = check_buffer(call, comm, buffer, counts[r], datatypes[r])) return error;
  return MPI_SUCCESS;
}

// `count` elements of `datatype` per block, one block after the other.
template <class Byte>
coll::basic_block_map<Byte> blocks_of(Byte* buffer, int count, MPI_Datatype datatype) {
  return {.base = buffer, .layout = datatype->layout.get(), .count = count, .unit = datatype->layout->extent()};
}

// counts[r] elements of `datatype` at displacements[r] extents.
template <class Byte>
coll::basic_block_map<Byte> blocks_of(Byte* buffer, const int* counts, const int* displacements,
                                      MPI_Datatype datatype) {
  return {.base = buffer,
          .layout = datatype->layout.get(),
          .counts = counts,
          .displacements = displacements,
          .unit = datatype->layout->extent()};
}

// counts[r] elements of layouts[r] at displacements[r] bytes.
template <class Byte>
coll::basic_block_map<Byte> blocks_of(Byte* buffer, const int* counts, const int* displacements,
                                      const std::vector<const shm::type_layout*>& layouts) {
  return {.base = buffer, .layouts = layouts.data(), .counts = counts, .displacements = displacements, .unit = 1};
}

template <class Byte>
coll::basic_block_map<Byte> blocks_of(Byte* buffer, const int* counts, const MPI_Aint* displacements,
                                      const std::vector<const shm::type_layout*>& layouts) {
  return {.base = buffer, .layouts = layouts.data(), .counts = counts, .byte_displacements = displacements};
}

inline std::byte* bytes(void* buffer) { return static_cast<std::byte*>(buffer); }
inline const std::byte* bytes(const void* buffer) { return static_cast<const std::byte*>(buffer); }

// A send buffer of one block; none when MPI_IN_PLACE (the data already sits in the receive buffer).
inline std::optional<shm::const_typed_span> send_block(const void* sendbuf, int sendcount, MPI_Datatype sendtype) {
  if (sendbuf == MPI_IN_PLACE) return std::nullopt;
  return data_of(sendbuf, sendcount, sendtype);
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

// counts[r] elements of datatypes[r] at displacements[r] bytes for `blocks` blocks, through `table`,
// which it fills; the layouts are added to `owners`.
template <class Byte, class Displacement>
coll::basic_block_map<Byte> typed_blocks_of(Byte* buffer, const int* counts, const Displacement* displacements,
                                            const MPI_Datatype* datatypes, int blocks,
                                            std::vector<shm::type_layout::pointer>& owners,
                                            std::vector<const shm::type_layout*>& table) {
  table.resize(blocks);
  for (int r = 0; r < blocks; ++r) {
    table[r] = datatypes[r]->layout.get();
    owners.push_back(datatypes[r]->layout);
  }
  return blocks_of(buffer, counts, displacements, table);
}

}  // namespace weft::mpi
