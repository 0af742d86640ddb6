#include "mpi_api/bound_op.hpp"

#include <vector>

#include "mpi_api/datatypes.hpp"

namespace weft::mpi {
namespace {

// A user's function, called as MPI specifies: (invec, inoutvec, &len, &datatype).
void call_user_function(const void* in, void* inout, std::size_t count, const void* context) {
  const bound_op& bound = *static_cast<const bound_op*>(context);
  MPI_Datatype datatype = bound.datatype;
  if (bound.op->large_count_function != nullptr) {
    auto large_length = static_cast<MPI_Count>(count);
    if (bound.op->fortran_function) [[unlikely]] {
      MPI_Fint integer = PMPI_Type_c2f(datatype);
      reinterpret_cast<fortran_user_function_c*>(bound.op->large_count_function)(const_cast<void*>(in), inout,
                                                                                 &large_length, &integer);
      return;
    }
    bound.op->large_count_function(const_cast<void*>(in), inout, &large_length, &datatype);
    return;
  }
  int length = static_cast<int>(count);  // counts come from the calls' int arguments (large_counts.hpp)
  if (bound.op->fortran_function) [[unlikely]] {
    MPI_Fint integer = PMPI_Type_c2f(datatype);
    reinterpret_cast<fortran_user_function*>(bound.op->function)(const_cast<void*>(in), inout, &length, &integer);
    return;
  }
  bound.op->function(const_cast<void*>(in), inout, &length, &datatype);
}

// A predefined operation on a derived type applies to its basic elements one by one, whatever their layout.
void apply_to_basic_elements(const void* in, void* inout, std::size_t count, const void* context) {
  const bound_op& bound = *static_cast<const bound_op*>(context);
  MPI_Datatype basic = bound.datatype->basic_type;
  shm::reduce_function kernel = basic->kernels[bound.op->index].apply;
  const shm::type_layout& layout = *bound.datatype->layout;
  const shm::type_layout& basic_layout = *basic->layout;
  std::size_t elements = count * layout.size() / basic_layout.size();
  if (layout.is_contiguous() && static_cast<std::size_t>(basic_layout.extent()) == basic_layout.size()) {
    // The data is an array of the basic type already.
    kernel(static_cast<const std::byte*>(in) + layout.true_lb(), static_cast<std::byte*>(inout) + layout.true_lb(),
           elements, nullptr);
    return;
  }
  // Otherwise both operands are gathered into arrays of the basic type, and the result put back in place.
  std::size_t bytes = count * layout.size();
  std::vector<std::byte> in_elements(elements * basic_layout.extent()), inout_elements(in_elements.size());
  shm::typed_span in_array{in_elements.data(), &basic_layout, elements};
  shm::typed_span inout_array{inout_elements.data(), &basic_layout, elements};
  shm::typed_copy(in_array, data_of(in, static_cast<int>(count), bound.datatype), 0, bytes);
  shm::typed_copy(inout_array, data_of(inout, static_cast<int>(count), bound.datatype), 0, bytes);
  kernel(in_elements.data(), inout_elements.data(), elements, nullptr);
  shm::typed_copy(room_of(inout, static_cast<int>(count), bound.datatype), inout_array, 0, bytes);
}

}  // namespace

shm::reduction_op bound_op::reduction() const noexcept {
  const shm::type_layout* layout = datatype->is_predefined() ? nullptr : datatype->layout.get();
  if (!op->is_predefined()) return {call_user_function, this, layout, op->commutative};
  if (layout == nullptr) [[likely]]
    return {datatype->kernels[op->index].apply, nullptr, nullptr, op->commutative, datatype->kernels[op->index].into};
  return {apply_to_basic_elements, this, layout, op->commutative};
}

}  // namespace weft::mpi
