// The collectives that move data: gather, scatter, allgather and alltoall with their v and w forms.
// Argument checks, then the buffers as maps of typed blocks for the algorithms of collectives/.
//
// Arguments that matter only at the root are checked only there, and every check comes before the
// algorithm starts: a rank that returns an error has taken no part in the collective.

#include <algorithm>
#include <optional>
#include <vector>

#include "collectives/data_movement.hpp"
#include "mpi_api/collective_checks.hpp"
#include "mpi_api/datatypes.hpp"
#include "mpi_api/pmpi.hpp"

using namespace weft::mpi;
namespace coll = weft::coll;
namespace shm = weft::shm;

namespace {

// MPI_IN_PLACE where the call does not take it; `where` says where it would be allowed ("" for nowhere).
int check_not_in_place(const char* call, MPI_Comm comm, const void* buffer, const char* argument, const char* where) {
  if (buffer != MPI_IN_PLACE) [[likely]]
    return MPI_SUCCESS;
  return raise_error(comm, MPI_ERR_BUFFER, call, "argument %s may not be MPI_IN_PLACE%s", argument, where);
}

// A send buffer of one block, MPI_IN_PLACE when `in_place_allowed`.
int check_send(const char* call, MPI_Comm comm, const void* sendbuf, int sendcount, MPI_Datatype sendtype,
               bool in_place_allowed) {
  if (sendbuf == MPI_IN_PLACE && in_place_allowed) return MPI_SUCCESS;
  if (int error = check_not_in_place(call, comm, sendbuf, "sendbuf", in_place_allowed ? "" : " except at the root"))
    return error;
  return check_buffer(call, comm, sendbuf, sendcount, sendtype);
}

int check_receive(const char* call, MPI_Comm comm, void* recvbuf, int recvcount, MPI_Datatype recvtype,
                  const char* where) {
  if (int error = check_not_in_place(call, comm, recvbuf, "recvbuf", where)) return error;
  return check_buffer(call, comm, recvbuf, recvcount, recvtype);
}

// The arrays of a v or w call's buffer, one entry per rank; counts not negative.
int check_block_arrays(const char* call, MPI_Comm comm, const int* counts, const int* displacements,
                       const char* counts_name, const char* displacements_name) {
  if (int error = check_output(call, comm, counts, counts_name)) return error;
  if (int error = check_output(call, comm, displacements, displacements_name)) return error;
  for (int r = 0, size = comm_size(comm); r < size; ++r)
    if (counts[r] < 0) [[unlikely]]
      return raise_error(comm, MPI_ERR_COUNT, call, "%s[%d] is %d", counts_name, r, counts[r]);
  return MPI_SUCCESS;
}

// A v call's buffer: blocks of one datatype.
int check_blocks(const char* call, MPI_Comm comm, const void* buffer, const int* counts, const int* displacements,
                 MPI_Datatype datatype, const char* counts_name, const char* displacements_name) {
  if (int error = check_block_arrays(call, comm, counts, displacements, counts_name, displacements_name)) return error;
  return check_buffer(call, comm, buffer, *std::max_element(counts, counts + comm_size(comm)), datatype);
}

// A w call's buffer: a datatype per block.
int check_typed_blocks(const char* call, MPI_Comm comm, const void* buffer, const int* counts,
                       const int* displacements, const MPI_Datatype* datatypes, const char* counts_name,
                       const char* displacements_name, const char* datatypes_name) {
  if (int error = check_block_arrays(call, comm, counts, displacements, counts_name, displacements_name)) return error;
  if (int error = check_output(call, comm, datatypes, datatypes_name)) return error;
  for (int r = 0, size = comm_size(comm); r < size; ++r)
    if (int error = check_buffer(call, comm, buffer, counts[r], datatypes[r])) return error;
  return MPI_SUCCESS;
}

std::optional<shm::const_typed_span> send_block(const void* sendbuf, int sendcount, MPI_Datatype sendtype) {
  if (sendbuf == MPI_IN_PLACE) return std::nullopt;
  return data_of(sendbuf, sendcount, sendtype);
}

// `count` elements of `datatype` per rank, one block after the other.
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

// counts[r] elements of layouts[r] at displacements[r] bytes.
template <class Byte>
coll::basic_block_map<Byte> blocks_of(Byte* buffer, const int* counts, const int* displacements,
                                      const std::vector<const shm::type_layout*>& layouts) {
  return {.base = buffer, .layouts = layouts.data(), .counts = counts, .displacements = displacements, .unit = 1};
}

std::vector<const shm::type_layout*> layouts_of(const MPI_Datatype* datatypes, int size) {
  std::vector<const shm::type_layout*> layouts(size);
  for (int r = 0; r < size; ++r) layouts[r] = datatypes[r]->layout.get();
  return layouts;
}

std::byte* bytes(void* buffer) { return static_cast<std::byte*>(buffer); }
const std::byte* bytes(const void* buffer) { return static_cast<const std::byte*>(buffer); }

// MPI_ERR_TRUNCATE on the rank that met a block larger than its room, as MPI_Recv reports it.
int outcome(const char* call, MPI_Comm comm, const coll::truncation& seen) {
  if (!seen.found) [[likely]]
    return MPI_SUCCESS;
  return raise_error(comm, MPI_ERR_TRUNCATE, call,
                     "the block of %zu bytes from rank %d does not fit the %zu bytes for it at rank %d", seen.bytes,
                     seen.source, seen.capacity, seen.destination);
}

// What MPI_Gather and MPI_Gatherv share: the checks of every rank, and the run once the root's receive
// buffer is checked.
int check_gather_send(const char* call, MPI_Comm comm, const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                      int root) {
  if (int error = check_collective(call, comm)) return error;
  if (int error = check_root(call, comm, root)) return error;
  return check_send(call, comm, sendbuf, sendcount, sendtype, comm_rank(comm) == root);
}

int run_gather(const char* call, MPI_Comm comm, const void* sendbuf, int sendcount, MPI_Datatype sendtype,
               const coll::block_map& rooms, int root) {
  return outcome(call, comm, coll::gather(send_block(sendbuf, sendcount, sendtype), rooms, root, collective_view(comm)));
}

// What MPI_Scatter and MPI_Scatterv share: the checks of every rank, and the run once the root's send
// buffer is checked.
int check_scatter_receive(const char* call, MPI_Comm comm, void* recvbuf, int recvcount, MPI_Datatype recvtype,
                          int root) {
  if (int error = check_collective(call, comm)) return error;
  if (int error = check_root(call, comm, root)) return error;
  if (recvbuf == MPI_IN_PLACE && comm_rank(comm) == root) return MPI_SUCCESS;
  return check_receive(call, comm, recvbuf, recvcount, recvtype, " except at the root");
}

int run_scatter(const char* call, MPI_Comm comm, const coll::const_block_map& blocks, void* recvbuf, int recvcount,
                MPI_Datatype recvtype, int root) {
  std::optional<shm::typed_span> room;
  if (recvbuf != MPI_IN_PLACE) room = room_of(recvbuf, recvcount, recvtype);
  return outcome(call, comm, coll::scatter(blocks, room, root, collective_view(comm)));
}

}  // namespace

WEFT_PMPI_ALIAS(Gather)
extern "C" int PMPI_Gather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                           MPI_Datatype recvtype, int root, MPI_Comm comm) {
  const char* call = WEFT_CALL_NAME;
  if (int error = check_gather_send(call, comm, sendbuf, sendcount, sendtype, root)) return error;
  bool is_root = comm_rank(comm) == root;
  if (is_root)
    if (int error = check_receive(call, comm, recvbuf, recvcount, recvtype, "")) return error;
  return run_gather(call, comm, sendbuf, sendcount, sendtype,
                    is_root ? blocks_of(bytes(recvbuf), recvcount, recvtype) : coll::block_map{}, root);
}

WEFT_PMPI_ALIAS(Gatherv)
extern "C" int PMPI_Gatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                            const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm) {
  const char* call = WEFT_CALL_NAME;
  if (int error = check_gather_send(call, comm, sendbuf, sendcount, sendtype, root)) return error;
  bool is_root = comm_rank(comm) == root;
  if (is_root) {
    if (int error = check_not_in_place(call, comm, recvbuf, "recvbuf", "")) return error;
    if (int error = check_blocks(call, comm, recvbuf, recvcounts, displs, recvtype, "recvcounts", "displs"))
      return error;
  }
  return run_gather(call, comm, sendbuf, sendcount, sendtype,
                    is_root ? blocks_of(bytes(recvbuf), recvcounts, displs, recvtype) : coll::block_map{}, root);
}

WEFT_PMPI_ALIAS(Scatter)
extern "C" int PMPI_Scatter(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                            MPI_Datatype recvtype, int root, MPI_Comm comm) {
  const char* call = WEFT_CALL_NAME;
  if (int error = check_scatter_receive(call, comm, recvbuf, recvcount, recvtype, root)) return error;
  bool is_root = comm_rank(comm) == root;
  if (is_root)
    if (int error = check_send(call, comm, sendbuf, sendcount, sendtype, false)) return error;
  return run_scatter(call, comm, is_root ? blocks_of(bytes(sendbuf), sendcount, sendtype) : coll::const_block_map{},
                     recvbuf, recvcount, recvtype, root);
}

WEFT_PMPI_ALIAS(Scatterv)
extern "C" int PMPI_Scatterv(const void* sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype,
                             void* recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  const char* call = WEFT_CALL_NAME;
  if (int error = check_scatter_receive(call, comm, recvbuf, recvcount, recvtype, root)) return error;
  bool is_root = comm_rank(comm) == root;
  if (is_root) {
    if (int error = check_not_in_place(call, comm, sendbuf, "sendbuf", "")) return error;
    if (int error = check_blocks(call, comm, sendbuf, sendcounts, displs, sendtype, "sendcounts", "displs"))
      return error;
  }
  return run_scatter(call, comm,
                     is_root ? blocks_of(bytes(sendbuf), sendcounts, displs, sendtype) : coll::const_block_map{},
                     recvbuf, recvcount, recvtype, root);
}

WEFT_PMPI_ALIAS(Allgather)
extern "C" int PMPI_Allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                              MPI_Datatype recvtype, MPI_Comm comm) {
  const char* call = WEFT_CALL_NAME;
  if (int error = check_collective(call, comm)) return error;
  if (int error = check_send(call, comm, sendbuf, sendcount, sendtype, true)) return error;
  if (int error = check_receive(call, comm, recvbuf, recvcount, recvtype, "")) return error;
  return outcome(call, comm,
                 coll::allgather(send_block(sendbuf, sendcount, sendtype),
                                 blocks_of(bytes(recvbuf), recvcount, recvtype), collective_view(comm)));
}

WEFT_PMPI_ALIAS(Allgatherv)
extern "C" int PMPI_Allgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                               const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm) {
  const char* call = WEFT_CALL_NAME;
  if (int error = check_collective(call, comm)) return error;
  if (int error = check_send(call, comm, sendbuf, sendcount, sendtype, true)) return error;
  if (int error = check_not_in_place(call, comm, recvbuf, "recvbuf", "")) return error;
  if (int error = check_blocks(call, comm, recvbuf, recvcounts, displs, recvtype, "recvcounts", "displs"))
    return error;
  return outcome(call, comm,
                 coll::allgather(send_block(sendbuf, sendcount, sendtype),
                                 blocks_of(bytes(recvbuf), recvcounts, displs, recvtype), collective_view(comm)));
}

WEFT_PMPI_ALIAS(Alltoall)
extern "C" int PMPI_Alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                             MPI_Datatype recvtype, MPI_Comm comm) {
  const char* call = WEFT_CALL_NAME;
  if (int error = check_collective(call, comm)) return error;
  if (int error = check_send(call, comm, sendbuf, sendcount, sendtype, true)) return error;
  if (int error = check_receive(call, comm, recvbuf, recvcount, recvtype, "")) return error;
  std::optional<coll::const_block_map> blocks;
  if (sendbuf != MPI_IN_PLACE) blocks = blocks_of(bytes(sendbuf), sendcount, sendtype);
  return outcome(call, comm, coll::alltoall(blocks, blocks_of(bytes(recvbuf), recvcount, recvtype), collective_view(comm)));
}

WEFT_PMPI_ALIAS(Alltoallv)
extern "C" int PMPI_Alltoallv(const void* sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                              void* recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,
                              MPI_Comm comm) {
  const char* call = WEFT_CALL_NAME;
  if (int error = check_collective(call, comm)) return error;
  bool in_place = sendbuf == MPI_IN_PLACE;
  if (!in_place)
    if (int error = check_blocks(call, comm, sendbuf, sendcounts, sdispls, sendtype, "sendcounts", "sdispls"))
      return error;
  if (int error = check_not_in_place(call, comm, recvbuf, "recvbuf", "")) return error;
  if (int error = check_blocks(call, comm, recvbuf, recvcounts, rdispls, recvtype, "recvcounts", "rdispls"))
    return error;
  std::optional<coll::const_block_map> blocks;
  if (!in_place) blocks = blocks_of(bytes(sendbuf), sendcounts, sdispls, sendtype);
  return outcome(call, comm,
                 coll::alltoall(blocks, blocks_of(bytes(recvbuf), recvcounts, rdispls, recvtype), collective_view(comm)));
}

WEFT_PMPI_ALIAS(Alltoallw)
extern "C" int PMPI_Alltoallw(const void* sendbuf, const int sendcounts[], const int sdispls[],
                              const MPI_Datatype sendtypes[], void* recvbuf, const int recvcounts[], const int rdispls[],
                              const MPI_Datatype recvtypes[], MPI_Comm comm) {
  const char* call = WEFT_CALL_NAME;
  if (int error = check_collective(call, comm)) return error;
  bool in_place = sendbuf == MPI_IN_PLACE;
  if (!in_place)
    if (int error = check_typed_blocks(call, comm, sendbuf, sendcounts, sdispls, sendtypes, "sendcounts", "sdispls",
                                       "sendtypes"))
      return error;
  if (int error = check_not_in_place(call, comm, recvbuf, "recvbuf", "")) return error;
  if (int error = check_typed_blocks(call, comm, recvbuf, recvcounts, rdispls, recvtypes, "recvcounts", "rdispls",
                                     "recvtypes"))
    return error;
  int size = comm_size(comm);
  std::vector<const shm::type_layout*> send_layouts = in_place ? std::vector<const shm::type_layout*>{}
                                                               : layouts_of(sendtypes, size);
  std::vector<const shm::type_layout*> recv_layouts = layouts_of(recvtypes, size);
  std::optional<coll::const_block_map> blocks;
  if (!in_place) blocks = blocks_of(bytes(sendbuf), sendcounts, sdispls, send_layouts);
  return outcome(call, comm,
                 coll::alltoall(blocks, blocks_of(bytes(recvbuf), recvcounts, rdispls, recv_layouts),
                                collective_view(comm)));
}
