// Cartesian topologies (MPI-3.1, 7.5.1-7.5.5 and 7.5.8): creation, MPI_Dims_create, the queries, shifts,
// subgrids and the mapping. Ranks are laid out in row-major order of their coordinates.

#include <algorithm>
#include <climits>
#include <functional>
#include <memory>
#include <vector>

#include "mpi_api/call_guard.hpp"
#include "mpi_api/checks.hpp"
#include "mpi_api/pmpi.hpp"
#include "mpi_api/topologies.hpp"

using namespace weft::mpi;

namespace {

// ndims >= 0 and positive dims, whose product goes to *product.
int check_grid(const char* call, MPI_Comm comm, int ndims, const int dims[], long long* product) {
  if (ndims < 0) return raise_error(comm, MPI_ERR_DIMS, call, "ndims is %d; it must not be negative", ndims);
  *product = 1;
  if (ndims == 0) return MPI_SUCCESS;
  if (int error = check_output(call, comm, dims, "dims")) return error;
  for (int d = 0; d < ndims; ++d) {
    if (dims[d] <= 0) return raise_error(comm, MPI_ERR_DIMS, call, "dims[%d] is %d; it must be positive", d, dims[d]);
    *product *= dims[d];
    if (*product > INT_MAX) return raise_error(comm, MPI_ERR_DIMS, call, "the grid has more than INT_MAX processes");
  }
  return MPI_SUCCESS;
}

// Factors of `n` into `k` values, non-increasing and as close to each other as possible (MPI-3.1, 7.5.2):
// the smallest spread between the largest and the smallest; among those, the largest smallest value,
// then the lexicographically smallest. An exhaustive search over the divisors of n, largest first.
class factoring {
 public:
  factoring(int n, int k) {
    for (int d = 1; static_cast<long long>(d) * d <= n; ++d)
      if (n % d == 0) {
        divisors_.push_back(d);
        if (d != n / d) divisors_.push_back(n / d);
      }
    std::sort(divisors_.begin(), divisors_.end(), std::greater<>());
    search(n, k, n);
  }

  const std::vector<int>& best() const noexcept { return best_; }

 private:
  bool better(const std::vector<int>& a, const std::vector<int>& b) const {
    int spread_a = a.front() - a.back(), spread_b = b.front() - b.back();
    if (spread_a != spread_b) return spread_a < spread_b;
    if (a.back() != b.back()) return a.back() > b.back();
    return a < b;
  }

  void search(int n, int k, int upper) {
    if (k == 0) {
      if (n == 1 && (best_.empty() || better(current_, best_))) best_ = current_;
      return;
    }
    for (int f : divisors_) {
      if (f > upper || n % f != 0) continue;
      long long power = 1;
      for (int i = 0; i < k && power < n; ++i) power *= f;
      if (power < n) break;  // f^k < n: no smaller value can be the largest of the rest
      if (!best_.empty() && !current_.empty() && current_.front() - f > best_.front() - best_.back()) break;
      current_.push_back(f);
      search(n / f, k - 1, f);
      current_.pop_back();
    }
  }

  std::vector<int> divisors_, current_, best_;
};

}  // namespace

WEFT_PMPI_ALIAS(Cart_create)
extern "C" int PMPI_Cart_create(MPI_Comm comm_old, int ndims, const int dims[], const int periods[], int reorder,
                                MPI_Comm* comm_cart) {
  const call_guard guard(WEFT_CALL_NAME);
  (void)reorder;  // ranks keep their order, which the standard allows
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, comm_old)) return error;
  if (int error = check_intracommunicator(call, comm_old)) return error;
  if (int error = check_output(call, comm_old, comm_cart, "comm_cart")) return error;
  long long product;
  if (int error = check_grid(call, comm_old, ndims, dims, &product)) return error;
  if (ndims > 0)
    if (int error = check_output(call, comm_old, periods, "periods")) return error;
  auto shape = std::make_shared<topology>(cartesian_topology{{dims, dims + ndims}, {}});
  auto& cart = std::get<cartesian_topology>(*shape);
  for (int d = 0; d < ndims; ++d) cart.periods.push_back(periods[d] != 0);
  if (product > comm_size(comm_old))
    return raise_error(comm_old, MPI_ERR_TOPOLOGY, call, "the grid has %lld processes; %s has only %d", product,
                       display_name(*resolve(comm_old)), comm_size(comm_old));
  return create_with_topology(call, comm_old, static_cast<int>(product), std::move(shape), comm_cart);
}

WEFT_PMPI_ALIAS(Dims_create)
extern "C" int PMPI_Dims_create(int nnodes, int ndims, int dims[]) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  constexpr MPI_Comm no_comm = MPI_COMM_WORLD;
  if (nnodes <= 0) return raise_error(no_comm, MPI_ERR_ARG, call, "nnodes is %d; it must be positive", nnodes);
  if (ndims < 0) return raise_error(no_comm, MPI_ERR_DIMS, call, "ndims is %d; it must not be negative", ndims);
  if (ndims == 0) return MPI_SUCCESS;
  if (int error = check_output(call, no_comm, dims, "dims")) return error;
  int fixed = 1, free_dims = 0;
  for (int d = 0; d < ndims; ++d) {
    if (dims[d] < 0)
      return raise_error(no_comm, MPI_ERR_DIMS, call, "dims[%d] is %d; it must not be negative", d, dims[d]);
    if (dims[d] == 0)
      ++free_dims;
    else
      fixed *= dims[d];
  }
  if (nnodes % fixed != 0)
    return raise_error(no_comm, MPI_ERR_DIMS, call, "the fixed dims multiply to %d, which does not divide nnodes = %d",
                       fixed, nnodes);
  if (free_dims == 0) {
    if (fixed != nnodes)
      return raise_error(no_comm, MPI_ERR_DIMS, call, "the dims multiply to %d, not nnodes = %d", fixed, nnodes);
    return MPI_SUCCESS;
  }
  factoring factors(nnodes / fixed, free_dims);
  for (int d = 0, next = 0; d < ndims; ++d)
    if (dims[d] == 0) dims[d] = factors.best()[next++];
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Cartdim_get)
extern "C" int PMPI_Cartdim_get(MPI_Comm comm, int* ndims) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const cartesian_topology* cart;
  if (int error = topology_of(call, comm, cart)) return error;
  if (int error = check_output(call, comm, ndims, "ndims")) return error;
  *ndims = static_cast<int>(cart->dims.size());
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Cart_get)
extern "C" int PMPI_Cart_get(MPI_Comm comm, int maxdims, int dims[], int periods[], int coords[]) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const cartesian_topology* cart;
  if (int error = topology_of(call, comm, cart)) return error;
  int ndims = static_cast<int>(cart->dims.size());
  if (maxdims < ndims)
    return raise_error(comm, MPI_ERR_ARG, call, "maxdims is %d; the grid has %d dimensions", maxdims, ndims);
  if (ndims == 0) return MPI_SUCCESS;
  if (int error = check_output(call, comm, dims, "dims")) return error;
  if (int error = check_output(call, comm, periods, "periods")) return error;
  if (int error = check_output(call, comm, coords, "coords")) return error;
  std::copy(cart->dims.begin(), cart->dims.end(), dims);
  std::copy(cart->periods.begin(), cart->periods.end(), periods);
  cart->coords_of(comm_rank(comm), coords);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Cart_rank)
extern "C" int PMPI_Cart_rank(MPI_Comm comm, const int coords[], int* rank) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const cartesian_topology* cart;
  if (int error = topology_of(call, comm, cart)) return error;
  if (int error = check_output(call, comm, rank, "rank")) return error;
  int ndims = static_cast<int>(cart->dims.size());
  if (ndims > 0)
    if (int error = check_output(call, comm, coords, "coords")) return error;
  // Periodic dimensions wrap; the others must be in range.
  std::vector<int> wrapped(coords, coords + ndims);
  for (int d = 0; d < ndims; ++d) {
    int extent = cart->dims[d];
    if (cart->periods[d])
      wrapped[d] = ((wrapped[d] % extent) + extent) % extent;
    else if (wrapped[d] < 0 || wrapped[d] >= extent)
      return raise_error(comm, MPI_ERR_ARG, call, "coords[%d] = %d is outside 0..%d of a non-periodic dimension", d,
                         coords[d], extent - 1);
  }
  *rank = cart->rank_of(wrapped.data());
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Cart_coords)
extern "C" int PMPI_Cart_coords(MPI_Comm comm, int rank, int maxdims, int coords[]) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const cartesian_topology* cart;
  if (int error = topology_of(call, comm, cart)) return error;
  int ndims = static_cast<int>(cart->dims.size());
  if (rank < 0 || rank >= comm_size(comm))
    return raise_error(comm, MPI_ERR_RANK, call, "rank %d is outside 0..%d", rank, comm_size(comm) - 1);
  if (maxdims < ndims)
    return raise_error(comm, MPI_ERR_ARG, call, "maxdims is %d; the grid has %d dimensions", maxdims, ndims);
  if (ndims > 0)
    if (int error = check_output(call, comm, coords, "coords")) return error;
  cart->coords_of(rank, coords);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Cart_shift)
extern "C" int PMPI_Cart_shift(MPI_Comm comm, int direction, int disp, int* rank_source, int* rank_dest) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const cartesian_topology* cart;
  if (int error = topology_of(call, comm, cart)) return error;
  if (int error = check_output(call, comm, rank_source, "rank_source")) return error;
  if (int error = check_output(call, comm, rank_dest, "rank_dest")) return error;
  int ndims = static_cast<int>(cart->dims.size());
  if (direction < 0 || direction >= ndims)
    return raise_error(comm, MPI_ERR_ARG, call, "direction %d is outside 0..%d", direction, ndims - 1);
  *rank_dest = cart->shifted(comm_rank(comm), direction, disp);
  *rank_source = cart->shifted(comm_rank(comm), direction, -static_cast<long long>(disp));
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Cart_sub)
extern "C" int PMPI_Cart_sub(MPI_Comm comm, const int remain_dims[], MPI_Comm* newcomm) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const cartesian_topology* cart;
  if (int error = topology_of(call, comm, cart)) return error;
  if (int error = check_output(call, comm, newcomm, "newcomm")) return error;
  int ndims = static_cast<int>(cart->dims.size());
  if (ndims > 0)
    if (int error = check_output(call, comm, remain_dims, "remain_dims")) return error;
  // Ranks agreeing on the dropped coordinates form one subgrid, ordered by the kept ones.
  std::vector<int> coords(ndims);
  cart->coords_of(comm_rank(comm), coords.data());
  cartesian_topology sub;
  int color = 0, key = 0;
  for (int d = 0; d < ndims; ++d) {
    if (remain_dims[d]) {
      key = key * cart->dims[d] + coords[d];
      sub.dims.push_back(cart->dims[d]);
      sub.periods.push_back(cart->periods[d]);
    } else {
      color = color * cart->dims[d] + coords[d];
    }
  }
  if (int error = PMPI_Comm_split(comm, color, key, newcomm)) return error;
  resolve(*newcomm)->topology = std::make_shared<const topology>(std::move(sub));
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Cart_map)
extern "C" int PMPI_Cart_map(MPI_Comm comm, int ndims, const int dims[], const int[] /* periods */, int* newrank) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_output(call, comm, newrank, "newrank")) return error;
  long long product;
  if (int error = check_grid(call, comm, ndims, dims, &product)) return error;
  if (product > comm_size(comm))
    return raise_error(comm, MPI_ERR_TOPOLOGY, call, "the grid has %lld processes; the communicator has only %d",
                       product, comm_size(comm));
  int rank = comm_rank(comm);
  *newrank = rank < product ? rank : MPI_UNDEFINED;
  return MPI_SUCCESS;
}
