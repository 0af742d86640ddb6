#include "mpi_api/topologies.hpp"

#include <vector>

#include "mpi_api/call_guard.hpp"
#include "mpi_api/checks.hpp"
#include "mpi_api/communicators.hpp"
#include "mpi_api/context_ids.hpp"
#include "mpi_api/pmpi.hpp"

namespace weft::mpi {

int cartesian_topology::rank_of(const int* coords) const noexcept {
  int rank = 0;
  for (std::size_t d = 0; d < dims.size(); ++d) rank = rank * dims[d] + coords[d];  // row-major
  return rank;
}

void cartesian_topology::coords_of(int rank, int* coords) const noexcept {
  for (std::size_t d = dims.size(); d-- > 0;) {
    coords[d] = rank % dims[d];
    rank /= dims[d];
  }
}

int cartesian_topology::shifted(int rank, int direction, long long offset) const {
  std::vector<int> coords(dims.size());
  coords_of(rank, coords.data());
  long long extent = dims[direction], at = coords[direction] + offset;
  if (periods[direction])
    at = ((at % extent) + extent) % extent;
  else if (at < 0 || at >= extent)
    return MPI_PROC_NULL;
  coords[direction] = static_cast<int>(at);
  return rank_of(coords.data());
}

int create_with_topology(const char* call, MPI_Comm comm_old, int members, shared_topology shape, MPI_Comm* newcomm) {
  const weft_comm_s& parent = *resolve(comm_old);
  if (members > parent.local->size())
    return raise_error(comm_old, MPI_ERR_TOPOLOGY, call, "the topology has %d processes; %s has only %d", members,
                       display_name(parent), parent.local->size());
  // Ranks keep their order (reorder is allowed, not required): the first `members` take part.
  std::uint32_t context = agree_on_context(parent);
  if (parent.rank >= members) {
    *newcomm = MPI_COMM_NULL;
    return MPI_SUCCESS;
  }
  const std::vector<int>& ranks = parent.local->job_ranks();
  auto chosen = std::make_shared<const rank_map>(std::vector<int>(ranks.begin(), ranks.begin() + members));
  weft_comm_s* made = new_intracommunicator(parent, std::move(chosen), context);
  made->topology = std::move(shape);
  *newcomm = made;
  return MPI_SUCCESS;
}

template <class T>
int topology_of(const char* call, MPI_Comm comm, const T*& shape) {
  if (int error = check_ready(call, comm)) return error;
  const shared_topology& held = resolve(comm)->topology;
  shape = held != nullptr ? std::get_if<T>(held.get()) : nullptr;
  if (shape != nullptr) return MPI_SUCCESS;
  const char* wanted = std::is_same_v<T, cartesian_topology> ? "a Cartesian"
                       : std::is_same_v<T, graph_topology>   ? "a graph"
                                                             : "a distributed graph";
  return raise_error(comm, MPI_ERR_TOPOLOGY, call, "%s has no %s topology", display_name(*resolve(comm)), wanted);
}

template int topology_of(const char*, MPI_Comm, const cartesian_topology*&);
template int topology_of(const char*, MPI_Comm, const graph_topology*&);
template int topology_of(const char*, MPI_Comm, const dist_graph_topology*&);

}  // namespace weft::mpi

using namespace weft::mpi;

WEFT_PMPI_ALIAS(Topo_test)
extern "C" int PMPI_Topo_test(MPI_Comm comm, int* status) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_output(call, comm, status, "status")) return error;
  const shared_topology& shape = resolve(comm)->topology;
  static constexpr int kinds[] = {MPI_CART, MPI_GRAPH, MPI_DIST_GRAPH};  // in the variant's order
  *status = shape == nullptr ? MPI_UNDEFINED : kinds[shape->index()];
  return MPI_SUCCESS;
}
