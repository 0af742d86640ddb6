#include "mpi_api/element_ops.hpp"

#include "mpi_api/datatypes.hpp"

namespace weft::mpi {

namespace {

// The code: the datatype's number above the operation's.
constexpr int op_bits = 8;
static_assert(op_count < (1u << op_bits));

}  // namespace

rma::element_op element_op_of(op_index op, MPI_Datatype basic) noexcept {
  const shm::type_layout* element = basic->layout.get();
  if (op == op_replace) return {rma::element_op::kind::replace, nullptr, element};
  if (op == op_no_op) return {rma::element_op::kind::no_op, nullptr, element};
  return {rma::element_op::kind::combine, basic->kernels[op].apply, element};
}

std::uint32_t element_op_code(op_index op, MPI_Datatype basic) noexcept {
  return predefined_index(basic) << op_bits | static_cast<std::uint32_t>(op);
}

rma::element_op element_op_of_code(std::uint32_t code) noexcept {
  return element_op_of(static_cast<op_index>(code & ((1u << op_bits) - 1)), predefined_at(code >> op_bits));
}

}  // namespace weft::mpi
