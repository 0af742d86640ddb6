// MPI_Type_create_subarray and MPI_Type_create_darray (MPI-3.1, 4.1.3-4.1.4): a part of an
// n-dimensional array, built dimension by dimension, fastest first, from vectors of the dimension below
// and one displacement to the part's first element, then resized to the whole array. The types built
// on the way are kept as the new type's basis, so that element-by-element walks (external32) follow the
// constructors of the standard.

#include <algorithm>
#include <initializer_list>
#include <memory>
#include <vector>

#include "mpi_api/call_guard.hpp"
#include "mpi_api/checks.hpp"
#include "mpi_api/datatypes.hpp"
#include "mpi_api/pmpi.hpp"

using namespace weft::mpi;
using weft::shm::type_layout;

namespace {

constexpr MPI_Comm no_comm = MPI_COMM_WORLD;

struct type_releaser {
  void operator()(weft_datatype_s* datatype) const noexcept { release(datatype); }
};
using owned_type = std::unique_ptr<weft_datatype_s, type_releaser>;

owned_type own(std::unique_ptr<weft_datatype_s> made) { return owned_type(made.release()); }

// A part of an array: the type of the dimensions done so far, the byte offset of the part's first
// element, and the bytes between consecutive elements of the next dimension. A part whose offsets, bounds
// or size MPI_Aint cannot hold is given up: it has no type, and finish gives nothing.
class array_part {
 public:
  explicit array_part(MPI_Datatype element)
      : type_(retain(element)), stride_(element->layout->extent()), whole_(element->layout->extent()) {}

  // Elements [start, start + count) of the next dimension, of `size` elements.
  void take_range(int size, int start, int count) {
    MPI_Aint offset = 0;
    if (!type_ || __builtin_mul_overflow(MPI_Aint{start}, stride_, &offset)) return give_up();
    next(type_layout::hvector(count, 1, stride_, type_->layout), MPI_COMBINER_HVECTOR, {count, 1}, {stride_},
         {type_.get()}, offset, size);
  }

  // Blocks of `block` elements of the next dimension dealt round-robin to `processes`: those of process
  // `coordinate`, the last one cut at the end of the dimension. The whole blocks are one vector and the
  // cut one is apart, so that the type stays small however many blocks there are.
  void take_cyclic(int size, int block, int processes, int coordinate) {
    if (!type_) return;
    if (type_->layout->lb() != 0 || type_->layout->extent() != stride_)  // elements of a block follow at stride_
      type_ = own(derived(type_layout::resized(type_->layout, 0, stride_), MPI_COMBINER_RESIZED, {}, {0, stride_},
                          {type_.get()}));
    const long long first = static_cast<long long>(coordinate) * block;
    const long long step = static_cast<long long>(processes) * block;
    const long long whole_blocks = size - first >= block ? (size - first - block) / step + 1 : 0;
    const long long cut_at = first + whole_blocks * step;
    const int cut = cut_at < size ? static_cast<int>(size - cut_at) : 0;
    MPI_Aint step_bytes = 0, cut_bytes = 0, offset = 0;
    if (__builtin_mul_overflow(step, stride_, &step_bytes) ||
        __builtin_mul_overflow(cut_at - first, stride_, &cut_bytes) || __builtin_mul_overflow(first, stride_, &offset))
      return give_up();
    const int count = static_cast<int>(whole_blocks);
    auto blocks_layout = type_layout::hvector(count, block, step_bytes, type_->layout);
    if (!blocks_layout) return give_up();
    if (cut == 0)
      return next(std::move(blocks_layout), MPI_COMBINER_HVECTOR, {count, block}, {step_bytes}, {type_.get()}, offset,
                  size);
    auto blocks =
        own(derived(std::move(blocks_layout), MPI_COMBINER_HVECTOR, {count, block}, {step_bytes}, {type_.get()}));
    const std::size_t lengths[] = {1, static_cast<std::size_t>(cut)};
    const std::ptrdiff_t displacements[] = {0, cut_bytes};
    const type_layout::pointer parts[] = {blocks->layout, type_->layout};
    next(type_layout::structure(lengths, displacements, parts), MPI_COMBINER_STRUCT, {2, 1, cut}, {0, cut_bytes},
         {blocks.get(), type_.get()}, offset, size);
  }

  // The finished part: the dimensions at their displacement, with the bounds of the whole array; nothing
  // when the part was given up.
  std::unique_ptr<weft_datatype_s> finish(int combiner, std::vector<int> integers, MPI_Datatype element) {
    if (!type_) return nullptr;
    const std::size_t one[] = {1};
    const std::ptrdiff_t at[] = {offset_};
    auto placed_layout = type_layout::hindexed(one, at, type_->layout);
    if (!placed_layout) return nullptr;
    auto placed = own(derived(std::move(placed_layout), MPI_COMBINER_HINDEXED, {1, 1}, {offset_}, {type_.get()}));
    auto sized = own(derived(type_layout::resized(placed->layout, 0, whole_), MPI_COMBINER_RESIZED, {}, {0, whole_},
                             {placed.get()}));
    return derived(sized->layout, combiner, std::move(integers), {}, {element}, sized.get());
  }

 private:
  // The type of one more dimension, made of `types`, `offset` bytes further, in an array of `size` such
  // elements.
  void next(type_layout::pointer layout, int combiner, std::vector<int> integers, std::vector<MPI_Aint> addresses,
            std::vector<MPI_Datatype> types, MPI_Aint offset, int size) {
    if (!layout || __builtin_add_overflow(offset_, offset, &offset_) ||
        __builtin_mul_overflow(stride_, MPI_Aint{size}, &stride_) ||
        __builtin_mul_overflow(whole_, MPI_Aint{size}, &whole_))
      return give_up();
    type_ = own(derived(std::move(layout), combiner, std::move(integers), std::move(addresses), std::move(types)));
  }

  void give_up() noexcept { type_.reset(); }

  owned_type type_;
  MPI_Aint stride_;
  MPI_Aint whole_;
  MPI_Aint offset_ = 0;
};

// The dimensions in the order they are built: fastest first.
std::vector<int> fastest_first(int ndims, int order) {
  std::vector<int> dims(ndims);
  for (int i = 0; i < ndims; ++i) dims[i] = order == MPI_ORDER_C ? ndims - 1 - i : i;
  return dims;
}

int check_array(const char* call, int ndims, int order, MPI_Datatype oldtype, MPI_Datatype* newtype,
                std::initializer_list<std::pair<const int*, const char*>> arrays) {
  if (int error = check_ready(call, no_comm)) return error;
  if (int error = check_datatype(call, no_comm, oldtype)) return error;
  if (int error = check_output(call, no_comm, newtype, "newtype")) return error;
  if (ndims <= 0) return raise_error(no_comm, MPI_ERR_DIMS, call, "ndims is %d; it must be positive", ndims);
  for (auto [array, name] : arrays)
    if (int error = check_output(call, no_comm, array, name)) return error;
  if (order != MPI_ORDER_C && order != MPI_ORDER_FORTRAN)
    return raise_error(no_comm, MPI_ERR_ARG, call, "order %d is neither MPI_ORDER_C nor MPI_ORDER_FORTRAN", order);
  return MPI_SUCCESS;
}

void append(std::vector<int>& integers, const int* array, int n) { integers.insert(integers.end(), array, array + n); }

}  // namespace

WEFT_PMPI_ALIAS(Type_create_subarray)
extern "C" int PMPI_Type_create_subarray(int ndims, const int array_of_sizes[], const int array_of_subsizes[],
                                         const int array_of_starts[], int order, MPI_Datatype oldtype,
                                         MPI_Datatype* newtype) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_array(call, ndims, order, oldtype, newtype,
                              {{array_of_sizes, "array_of_sizes"},
                               {array_of_subsizes, "array_of_subsizes"},
                               {array_of_starts, "array_of_starts"}}))
    return error;
  for (int i = 0; i < ndims; ++i) {
    int size = array_of_sizes[i], subsize = array_of_subsizes[i], start = array_of_starts[i];
    if (size <= 0)
      return raise_error(no_comm, MPI_ERR_ARG, call, "array_of_sizes[%d] is %d; it must be positive", i, size);
    if (subsize < 0 || subsize > size)
      return raise_error(no_comm, MPI_ERR_ARG, call, "array_of_subsizes[%d] is %d, outside 0..%d", i, subsize, size);
    if (start < 0 || start > size - subsize)
      return raise_error(no_comm, MPI_ERR_ARG, call, "array_of_starts[%d] is %d, outside 0..%d (size %d, subsize %d)",
                         i, start, size - subsize, size, subsize);
  }
  array_part part(oldtype);
  for (int d : fastest_first(ndims, order))
    part.take_range(array_of_sizes[d], array_of_starts[d], array_of_subsizes[d]);
  std::vector<int> integers{ndims};
  append(integers, array_of_sizes, ndims);
  append(integers, array_of_subsizes, ndims);
  append(integers, array_of_starts, ndims);
  integers.push_back(order);
  auto made = part.finish(MPI_COMBINER_SUBARRAY, std::move(integers), oldtype);
  if (!made) return report_too_large(call);
  *newtype = made.release();
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Type_create_darray)
extern "C" int PMPI_Type_create_darray(int size, int rank, int ndims, const int array_of_gsizes[],
                                       const int array_of_distribs[], const int array_of_dargs[],
                                       const int array_of_psizes[], int order, MPI_Datatype oldtype,
                                       MPI_Datatype* newtype) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_array(call, ndims, order, oldtype, newtype,
                              {{array_of_gsizes, "array_of_gsizes"},
                               {array_of_distribs, "array_of_distribs"},
                               {array_of_dargs, "array_of_dargs"},
                               {array_of_psizes, "array_of_psizes"}}))
    return error;
  if (size <= 0) return raise_error(no_comm, MPI_ERR_ARG, call, "size is %d; it must be positive", size);
  if (rank < 0 || rank >= size)
    return raise_error(no_comm, MPI_ERR_RANK, call, "rank %d is outside 0..%d", rank, size - 1);
  long long processes = 1;
  for (int i = 0; i < ndims; ++i) {
    if (array_of_gsizes[i] <= 0)
      return raise_error(no_comm, MPI_ERR_ARG, call, "array_of_gsizes[%d] is %d; it must be positive", i,
                         array_of_gsizes[i]);
    if (array_of_psizes[i] <= 0)
      return raise_error(no_comm, MPI_ERR_ARG, call, "array_of_psizes[%d] is %d; it must be positive", i,
                         array_of_psizes[i]);
    int distrib = array_of_distribs[i], darg = array_of_dargs[i];
    if (distrib != MPI_DISTRIBUTE_BLOCK && distrib != MPI_DISTRIBUTE_CYCLIC && distrib != MPI_DISTRIBUTE_NONE)
      return raise_error(no_comm, MPI_ERR_ARG, call, "array_of_distribs[%d] is %d, not a distribution", i, distrib);
    if (darg != MPI_DISTRIBUTE_DFLT_DARG && darg <= 0)
      return raise_error(no_comm, MPI_ERR_ARG, call, "array_of_dargs[%d] is %d; it must be positive", i, darg);
    if (distrib == MPI_DISTRIBUTE_BLOCK && darg != MPI_DISTRIBUTE_DFLT_DARG &&
        static_cast<long long>(darg) * array_of_psizes[i] < array_of_gsizes[i])
      return raise_error(no_comm, MPI_ERR_ARG, call,
                         "array_of_dargs[%d] = %d blocks on %d processes cannot hold the %d elements of the dimension",
                         i, darg, array_of_psizes[i], array_of_gsizes[i]);
    // Past `size` the grid is wrong whatever follows; stopping there keeps the product from overflowing.
    processes = std::min(processes * array_of_psizes[i], static_cast<long long>(size) + 1);
  }
  if (processes != size)
    return raise_error(no_comm, MPI_ERR_ARG, call, "the process grid has %lld processes, not size = %d", processes,
                       size);
  // The process grid is in row-major order, whatever the array's order.
  std::vector<int> coordinates(ndims);
  for (int i = ndims - 1, rest = rank; i >= 0; --i) {
    coordinates[i] = rest % array_of_psizes[i];
    rest /= array_of_psizes[i];
  }
  array_part part(oldtype);
  for (int d : fastest_first(ndims, order)) {
    int gsize = array_of_gsizes[d], psize = array_of_psizes[d], darg = array_of_dargs[d], c = coordinates[d];
    switch (array_of_distribs[d]) {
      case MPI_DISTRIBUTE_NONE:
        part.take_range(gsize, 0, gsize);
        break;
      case MPI_DISTRIBUTE_BLOCK: {
        int block = darg == MPI_DISTRIBUTE_DFLT_DARG ? (gsize + psize - 1) / psize : darg;
        long long start = static_cast<long long>(c) * block;
        int count = start >= gsize ? 0 : static_cast<int>(std::min<long long>(block, gsize - start));
        part.take_range(gsize, count == 0 ? 0 : static_cast<int>(start), count);
        break;
      }
      default:
        part.take_cyclic(gsize, darg == MPI_DISTRIBUTE_DFLT_DARG ? 1 : darg, psize, c);
    }
  }
  std::vector<int> integers{size, rank, ndims};
  append(integers, array_of_gsizes, ndims);
  append(integers, array_of_distribs, ndims);
  append(integers, array_of_dargs, ndims);
  append(integers, array_of_psizes, ndims);
  integers.push_back(order);
  auto made = part.finish(MPI_COMBINER_DARRAY, std::move(integers), oldtype);
  if (!made) return report_too_large(call);
  *newtype = made.release();
  return MPI_SUCCESS;
}
