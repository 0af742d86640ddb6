// MPIX_Halo cells: made with a label, a datatype and a count; a local cell's data is set by its owner, a
// remote cell's view is read by its reader after each exchange.

#include <memory>

#include "mpi_api/call_guard.hpp"
#include "mpi_api/datatypes.hpp"
#include "mpi_api/halo_checks.hpp"
#include "mpi_api/pmpi.hpp"

using namespace weft::mpi;
using weft::halo::access;
using weft::halo::role;

namespace {

const char* role_name(role bound_as) {
  return bound_as == role::local ? "local" : bound_as == role::remote ? "remote" : "not bound yet";
}

// A remote cell whose exchange is committed: the cell gets and is_remote apply to.
int check_remote_committed(const char* call, MPI_Halo halo) {
  if (halo->cell.bound_as() != role::remote) [[unlikely]]
    return raise_error(error_comm(halo), MPI_ERR_ARG, call, "cell '%s' is %s: only a remote cell shows a peer's data",
                       halo->cell.label().c_str(), role_name(halo->cell.bound_as()));
  if (!halo->exchange->exchange.committed()) [[unlikely]]
    return raise_error(error_comm(halo), MPI_ERR_OTHER, call, "cell '%s' belongs to an exchange not committed yet",
                       halo->cell.label().c_str());
  return MPI_SUCCESS;
}

}  // namespace

WEFT_PMPIX_ALIAS(Halo_cell_init)
extern "C" int PMPIX_Halo_cell_init(MPI_Halo* halo, const char* label, MPI_Datatype datatype, int count) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  MPI_Comm world = MPI_COMM_WORLD;
  if (int error = check_ready(call, world)) return error;
  if (int error = check_output(call, world, halo, "halo")) return error;
  if (int error = check_label(call, world, label, "label")) return error;
  if (int error = check_count(call, world, count)) return error;
  if (int error = check_committed(call, world, datatype)) return error;
  auto elements = static_cast<std::size_t>(count);
  weft::halo::cell_shape shape = weft::halo::cell_shape::of(
      display_name(datatype), datatype->basic_type != nullptr ? display_name(datatype->basic_type) : "", elements,
      elements * datatype->layout->size());
  *halo = std::make_unique<weft_halo_s>(weft::halo::cell(label, datatype->layout, elements, shape)).release();
  return MPI_SUCCESS;
}

// A cell bound to an exchange lives on until the exchange is released (see halo_objects.hpp).
WEFT_PMPIX_ALIAS(Halo_cell_release)
extern "C" int PMPIX_Halo_cell_release(MPI_Halo* halo) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_output(call, MPI_COMM_WORLD, halo, "halo")) return error;
  if (int error = check_halo(call, *halo)) return error;
  release(*halo);
  *halo = MPI_HALO_NULL;
  return MPI_SUCCESS;
}

WEFT_PMPIX_ALIAS(Halo_cell_set)
extern "C" int PMPIX_Halo_cell_set(MPI_Halo halo, void* data) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_halo(call, halo)) return error;
  if (halo->cell.bound_as() == role::remote) [[unlikely]]
    return raise_error(error_comm(halo), MPI_ERR_ARG, call,
                       "cell '%s' is remote: only a local cell's data is set by its owner", halo->cell.label().c_str());
  if (data == nullptr && halo->cell.shape().bytes > 0) [[unlikely]]
    return raise_error(error_comm(halo), MPI_ERR_BUFFER, call, "data is NULL for cell '%s' of %llu bytes",
                       halo->cell.label().c_str(), static_cast<unsigned long long>(halo->cell.shape().bytes));
  halo->cell.set_data(data);
  return MPI_SUCCESS;
}

WEFT_PMPIX_ALIAS(Halo_cell_get)
extern "C" int PMPIX_Halo_cell_get(MPI_Halo halo, void** data) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_halo(call, halo)) return error;
  if (int error = check_output(call, error_comm(halo), data, "data")) return error;
  if (int error = check_remote_committed(call, halo)) return error;
  if (!halo->cell.has_view()) [[unlikely]]
    return raise_error(error_comm(halo), MPI_ERR_OTHER, call, "cell '%s' shows nothing %s", halo->cell.label().c_str(),
                       halo->exchange->exchange.in_flight()
                           ? "while its exchange is in flight: views are valid from MPIX_Halo_iexchange_wait on"
                           : "before its exchange has completed once");
  *data = halo->cell.view();
  return MPI_SUCCESS;
}

// The flag is the result; an error returns its class, which is neither 0 nor 1.
WEFT_PMPIX_ALIAS(Halo_cell_is_remote)
extern "C" int PMPIX_Halo_cell_is_remote(MPI_Halo halo) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_halo(call, halo)) return error;
  if (int error = check_remote_committed(call, halo)) return error;
  return halo->cell.access_mode() == access::copy ? 1 : 0;
}
