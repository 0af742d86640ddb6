// RMA communication calls (MPI-3.1, 11.3): put, get, the accumulates, fetch-and-op, compare-and-swap and
// their request forms. A target on this node has its memory in this process, so each operation is done
// during the call by the origin's CPU: a put or get is one typed copy, an accumulate changes the target's
// elements under the locks of their pages (rma/accumulate.hpp). An operation is thus complete, locally and
// at the target, when its call returns; a request form returns a request that is complete already.
//
// A target on another node is reached through messages its node applies (rma/remote_origin.hpp), after
// the same checks: the operation completes at the synchronization calls, which wait for the replies. Its
// request form returns at once, with a request that completes when the operation's own replies came.

#include <algorithm>
#include <cstring>
#include <optional>
#include <variant>

#include "mpi_api/call_guard.hpp"
#include "mpi_api/datatypes.hpp"
#include "mpi_api/element_ops.hpp"
#include "mpi_api/pmpi.hpp"
#include "mpi_api/window_checks.hpp"
#include "rma/accumulate.hpp"
#include "rma/target_place.hpp"
#include "runtime/path_report.hpp"

using namespace weft::mpi;
namespace rma = weft::rma;
namespace shm = weft::shm;

namespace {

struct target_spec {
  int rank;
  MPI_Aint disp;
  int count;
  MPI_Datatype datatype;
};

// The calling rank may reach `target` now: it is in one of the rank's access epochs on the window (of
// a passive target one for request-based operations, MPI-3.1, 11.3.5).
int check_epoch(const char* call, MPI_Win win, int target, bool request_based) {
  const rma::epochs& epochs = win->epochs;
  if (request_based ? epochs.reaches_passively(target) : epochs.reaches(target)) [[likely]]
    return MPI_SUCCESS;
  if (request_based)
    return raise_error(win, MPI_ERR_RMA_SYNC, call,
                       "target %d is not in a passive target epoch of this rank (MPI_Win_lock or MPI_Win_lock_all): "
                       "request-based operations need one",
                       target);
  return raise_error(win, MPI_ERR_RMA_SYNC, call,
                     "target %d is not in an access epoch of this rank (MPI_Win_fence, MPI_Win_start, MPI_Win_lock "
                     "or MPI_Win_lock_all first)",
                     target);
}

// The target's arguments; the data bytes they name must equal the origin's (`bytes`).
int check_target_side(const char* call, MPI_Win win, const target_spec& target, std::size_t bytes, bool request_based) {
  if (int error = check_target(call, win, target.rank, "target_rank")) return error;
  if (int error = check_count(call, win, target.count)) return error;
  if (int error = check_committed(call, win, target.datatype)) return error;
  if (target.rank == MPI_PROC_NULL) return MPI_SUCCESS;
  if (int error = check_epoch(call, win, target.rank, request_based)) return error;
  std::size_t target_bytes = static_cast<std::size_t>(target.count) * target.datatype->layout->size();
  if (target_bytes != bytes) [[unlikely]]
    return raise_error(win, MPI_ERR_TYPE, call,
                       "the origin's data (%zu bytes) and the target's (%d x %s, %zu bytes) differ in size", bytes,
                       target.count, display_name(target.datatype), target_bytes);
  return MPI_SUCCESS;
}

int out_of_range(const char* call, MPI_Win win, const target_spec& target, const rma::outside_target& outside) {
  if (win->flavor == MPI_WIN_FLAVOR_DYNAMIC)
    return raise_error(win, MPI_ERR_RMA_RANGE, call,
                       "target_disp %p: bytes [%td, %td) from there are not inside memory rank %d attached",
                       reinterpret_cast<void*>(target.disp), outside.first, outside.last, target.rank);
  return raise_error(win, MPI_ERR_RMA_RANGE, call,
                     "target_disp %ld (x disp_unit %d): bytes [%td, %td) from there are outside rank %d's %zu bytes",
                     static_cast<long>(target.disp), outside.disp_unit, outside.first, outside.last, target.rank,
                     outside.size);
}

int check_displacement(const char* call, MPI_Win win, const target_spec& target) {
  // A displacement counts from the start of the target's segment, as MPICH and Open MPI read it too.
  if (target.disp < 0 && win->flavor != MPI_WIN_FLAVOR_DYNAMIC) [[unlikely]]
    return raise_error(win, MPI_ERR_DISP, call, "negative target_disp %ld", static_cast<long>(target.disp));
  return MPI_SUCCESS;
}

// Where the target's data is, once its extent is known to lie inside the target's memory (on another node,
// inside its segment: the target checks attached memory of a dynamic window itself). A request-based
// operation gets its request here: complete already when the operation is done in its call (or the target
// is MPI_PROC_NULL: see complete_request), else one that counts the operation's replies.
int locate(const char* call, MPI_Win win, const target_spec& target, MPI_Request* request,
           std::optional<rma::target_place>& place) {
  if (int error = check_displacement(call, win, target)) return error;
  auto located = rma::target_place::locate(call, *win->shared, win->remote, target.rank, target.disp,
                                           target.datatype->layout.get(), static_cast<std::size_t>(target.count));
  if (const auto* outside = std::get_if<rma::outside_target>(&located)) [[unlikely]]
    return out_of_range(call, win, target, *outside);
  place.emplace(std::get<rma::target_place>(std::move(located)));
  if (request == nullptr) return MPI_SUCCESS;
  auto* made = new weft_request_s(win->comm);
  if (place->done_in_call())
    made->operation.emplace<finished>();
  else
    place->count_replies_in(&made->operation.emplace<rma_operation>(win).replies);
  *request = made;
  return MPI_SUCCESS;
}

// A request for an operation on MPI_PROC_NULL, complete already, when one was asked for.
int complete_request(MPI_Win win, MPI_Request* request) {
  if (request == nullptr) return MPI_SUCCESS;
  auto* done = new weft_request_s(win->comm);
  done->operation.emplace<finished>();
  *request = done;
  return MPI_SUCCESS;
}

// WEFT_PROTO_INFO's line for an operation that took direct_target's path.
void report_direct(const char* call, std::size_t bytes) {
  weft::runtime::report_path("one-sided", call, "on this node, direct",
                             "%zu B of one predefined type on both sides: done by the origin's CPU in the call, "
                             "in the target's memory",
                             bytes);
}

// The common put or get (and fetch-and-op), checked in fewer steps than the general path takes: the same
// predefined datatype of contiguous data on both sides, the same count, a window of segments, a target in
// the caller's epochs and inside its segment. Returns where the target's data is, or null for the general path,
// which checks everything again and reports what is wrong.
std::byte* direct_target(MPI_Win win, const void* origin_addr, int origin_count, MPI_Datatype origin_datatype,
                         const target_spec& target, std::size_t* bytes) {
  if (!is_object(win, object_kind::window) || origin_datatype != target.datatype || origin_count != target.count ||
      origin_addr == nullptr || target.disp < 0 || win->flavor == MPI_WIN_FLAVOR_DYNAMIC ||
      !is_object(origin_datatype, object_kind::datatype) || !origin_datatype->is_predefined())
    return nullptr;
  const shm::type_layout& layout = *origin_datatype->layout;
  if (origin_count <= 0 || !layout.is_contiguous() ||
      static_cast<unsigned>(target.rank) >= static_cast<unsigned>(window_size(win)) ||
      !win->epochs.reaches(target.rank))
    return nullptr;
  *bytes = static_cast<std::size_t>(origin_count) * layout.size();
  std::optional<std::byte*> at = win->shared->address(target.rank, target.disp, 0, static_cast<std::ptrdiff_t>(*bytes));
  return at ? *at : nullptr;
}

int put(const char* call, const void* origin_addr, int origin_count, MPI_Datatype origin_datatype,
        const target_spec& target, MPI_Win win, MPI_Request* request) {
  std::size_t bytes = 0;
  if (request == nullptr)
    if (std::byte* at = direct_target(win, origin_addr, origin_count, origin_datatype, target, &bytes)) [[likely]] {
      std::memcpy(at, origin_addr, bytes);
      if (weft::runtime::reporting_paths()) [[unlikely]]
        report_direct(call, bytes);
      return MPI_SUCCESS;
    }
  if (int error = check_window(call, win)) return error;
  if (request != nullptr)
    if (int error = check_output(call, win, request, "request")) return error;
  if (int error = check_buffer(call, win, origin_addr, origin_count, origin_datatype)) return error;
  shm::const_typed_span origin = data_of(origin_addr, origin_count, origin_datatype);
  if (int error = check_target_side(call, win, target, origin.bytes(), request != nullptr)) return error;
  if (target.rank == MPI_PROC_NULL) return complete_request(win, request);
  std::optional<rma::target_place> place;
  if (int error = locate(call, win, target, request, place)) return error;
  place->put(origin);
  return MPI_SUCCESS;
}

int get(const char* call, void* origin_addr, int origin_count, MPI_Datatype origin_datatype, const target_spec& target,
        MPI_Win win, MPI_Request* request) {
  std::size_t bytes = 0;
  if (request == nullptr)
    if (std::byte* at = direct_target(win, origin_addr, origin_count, origin_datatype, target, &bytes)) [[likely]] {
      std::memcpy(origin_addr, at, bytes);
      if (weft::runtime::reporting_paths()) [[unlikely]]
        report_direct(call, bytes);
      return MPI_SUCCESS;
    }
  if (int error = check_window(call, win)) return error;
  if (request != nullptr)
    if (int error = check_output(call, win, request, "request")) return error;
  if (int error = check_buffer(call, win, origin_addr, origin_count, origin_datatype)) return error;
  shm::typed_span origin = room_of(origin_addr, origin_count, origin_datatype);
  if (int error = check_target_side(call, win, target, origin.bytes(), request != nullptr)) return error;
  if (target.rank == MPI_PROC_NULL) return complete_request(win, request);
  std::optional<rma::target_place> place;
  if (int error = locate(call, win, target, request, place)) return error;
  place->get(origin, origin_datatype->layout);
  return MPI_SUCCESS;
}

// Accumulates take predefined operations only (MPI-3.1, 11.3.4), on data of one predefined type on all
// sides, for which the operation is defined.
int check_accumulate_op(const char* call, MPI_Win win, MPI_Op op, MPI_Datatype basic, const char* argument) {
  if (!op->is_predefined()) [[unlikely]]
    return raise_error(win, MPI_ERR_OP, call, "accumulates take predefined operations only, not %s", op->name);
  if (basic == nullptr) [[unlikely]]
    return raise_error(win, MPI_ERR_TYPE, call, "%s is made of several basic types; accumulates need one", argument);
  if (op != MPI_REPLACE && op != MPI_NO_OP && basic->kernels[op->index].apply == nullptr) [[unlikely]]
    return raise_error(win, MPI_ERR_OP, call, "%s is not defined for %s", op->name, display_name(basic));
  return MPI_SUCCESS;
}

int check_same_basic_type(const char* call, MPI_Win win, MPI_Datatype datatype, MPI_Datatype basic,
                          const char* argument) {
  if (datatype->basic_type == basic) [[likely]]
    return MPI_SUCCESS;
  return raise_error(win, MPI_ERR_TYPE, call, "%s (%s) is not made of %s as the target's datatype is", argument,
                     display_name(datatype), display_name(basic));
}

struct result_spec {
  void* addr;
  int count;
  MPI_Datatype datatype;
};

// Accumulate (no result) and get-accumulate.
int accumulate(const char* call, const void* origin_addr, int origin_count, MPI_Datatype origin_datatype,
               const result_spec* result, const target_spec& target, MPI_Op op, MPI_Win win, MPI_Request* request) {
  if (int error = check_window(call, win)) return error;
  if (request != nullptr)
    if (int error = check_output(call, win, request, "request")) return error;
  if (int error = check_committed(call, win, target.datatype)) return error;
  MPI_Datatype basic = target.datatype->basic_type;
  if (int error = check_op_handle(call, win, op)) return error;
  std::size_t bytes = 0;
  if (op != MPI_NO_OP) {
    if (int error = check_buffer(call, win, origin_addr, origin_count, origin_datatype)) return error;
    bytes = static_cast<std::size_t>(origin_count) * origin_datatype->layout->size();
  }
  if (result != nullptr) {
    if (int error = check_buffer(call, win, result->addr, result->count, result->datatype)) return error;
    std::size_t result_bytes = static_cast<std::size_t>(result->count) * result->datatype->layout->size();
    if (op == MPI_NO_OP)
      bytes = result_bytes;
    else if (result_bytes != bytes) [[unlikely]]
      return raise_error(win, MPI_ERR_TYPE, call, "the result buffer holds %zu bytes, the origin's data %zu",
                         result_bytes, bytes);
  }
  // What the elements are matters only when there are some: empty transfers of any types are valid.
  if (bytes != 0) {
    if (int error = check_accumulate_op(call, win, op, basic, "target_datatype")) return error;
    if (op != MPI_NO_OP)
      if (int error = check_same_basic_type(call, win, origin_datatype, basic, "origin_datatype")) return error;
    if (result != nullptr)
      if (int error = check_same_basic_type(call, win, result->datatype, basic, "result_datatype")) return error;
  } else if (!op->is_predefined()) [[unlikely]] {
    return raise_error(win, MPI_ERR_OP, call, "accumulates take predefined operations only, not %s", op->name);
  }
  if (int error = check_target_side(call, win, target, bytes, request != nullptr)) return error;
  if (target.rank == MPI_PROC_NULL || bytes == 0) return complete_request(win, request);
  shm::const_typed_span origin = op == MPI_NO_OP ? shm::const_typed_span{nullptr, basic->layout.get(), 0}
                                                 : data_of(origin_addr, origin_count, origin_datatype);
  shm::typed_span fetched;
  if (result != nullptr) fetched = room_of(result->addr, result->count, result->datatype);
  shm::typed_span* into = result != nullptr ? &fetched : nullptr;
  std::optional<rma::target_place> place;
  if (int error = locate(call, win, target, request, place)) return error;
  place->accumulate(origin, element_op_code(op->index, basic), element_op_of(op->index, basic), into,
                    result != nullptr ? result->datatype->layout : nullptr);
  return MPI_SUCCESS;
}

// Fetch-and-op and compare-and-swap: one element of a predefined type.
int check_single_element(const char* call, MPI_Win win, MPI_Datatype datatype, void* result) {
  if (int error = check_committed(call, win, datatype)) return error;
  if (!datatype->is_predefined()) [[unlikely]]
    return raise_error(win, MPI_ERR_TYPE, call, "datatype %s is not a predefined type", display_name(datatype));
  return check_output(call, win, result, "result_addr");
}

}  // namespace

WEFT_PMPI_ALIAS(Put)
extern "C" int PMPI_Put(const void* origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
                        MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win) {
  const call_guard guard(WEFT_CALL_NAME);
  return put(WEFT_CALL_NAME, origin_addr, origin_count, origin_datatype,
             {target_rank, target_disp, target_count, target_datatype}, win, nullptr);
}

WEFT_PMPI_ALIAS(Rput)
extern "C" int PMPI_Rput(const void* origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
                         MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win,
                         MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return put(WEFT_CALL_NAME, origin_addr, origin_count, origin_datatype,
             {target_rank, target_disp, target_count, target_datatype}, win, request);
}

WEFT_PMPI_ALIAS(Get)
extern "C" int PMPI_Get(void* origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
                        MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win) {
  const call_guard guard(WEFT_CALL_NAME);
  return get(WEFT_CALL_NAME, origin_addr, origin_count, origin_datatype,
             {target_rank, target_disp, target_count, target_datatype}, win, nullptr);
}

WEFT_PMPI_ALIAS(Rget)
extern "C" int PMPI_Rget(void* origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
                         MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win,
                         MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return get(WEFT_CALL_NAME, origin_addr, origin_count, origin_datatype,
             {target_rank, target_disp, target_count, target_datatype}, win, request);
}

WEFT_PMPI_ALIAS(Accumulate)
extern "C" int PMPI_Accumulate(const void* origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
                               MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op,
                               MPI_Win win) {
  const call_guard guard(WEFT_CALL_NAME);
  return accumulate(WEFT_CALL_NAME, origin_addr, origin_count, origin_datatype, nullptr,
                    {target_rank, target_disp, target_count, target_datatype}, op, win, nullptr);
}

WEFT_PMPI_ALIAS(Raccumulate)
extern "C" int PMPI_Raccumulate(const void* origin_addr, int origin_count, MPI_Datatype origin_datatype,
                                int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype,
                                MPI_Op op, MPI_Win win, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return accumulate(WEFT_CALL_NAME, origin_addr, origin_count, origin_datatype, nullptr,
                    {target_rank, target_disp, target_count, target_datatype}, op, win, request);
}

WEFT_PMPI_ALIAS(Get_accumulate)
extern "C" int PMPI_Get_accumulate(const void* origin_addr, int origin_count, MPI_Datatype origin_datatype,
                                   void* result_addr, int result_count, MPI_Datatype result_datatype, int target_rank,
                                   MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op,
                                   MPI_Win win) {
  const call_guard guard(WEFT_CALL_NAME);
  result_spec result{result_addr, result_count, result_datatype};
  return accumulate(WEFT_CALL_NAME, origin_addr, origin_count, origin_datatype, &result,
                    {target_rank, target_disp, target_count, target_datatype}, op, win, nullptr);
}

WEFT_PMPI_ALIAS(Rget_accumulate)
extern "C" int PMPI_Rget_accumulate(const void* origin_addr, int origin_count, MPI_Datatype origin_datatype,
                                    void* result_addr, int result_count, MPI_Datatype result_datatype, int target_rank,
                                    MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op,
                                    MPI_Win win, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  result_spec result{result_addr, result_count, result_datatype};
  return accumulate(WEFT_CALL_NAME, origin_addr, origin_count, origin_datatype, &result,
                    {target_rank, target_disp, target_count, target_datatype}, op, win, request);
}

WEFT_PMPI_ALIAS(Fetch_and_op)
extern "C" int PMPI_Fetch_and_op(const void* origin_addr, void* result_addr, MPI_Datatype datatype, int target_rank,
                                 MPI_Aint target_disp, MPI_Op op, MPI_Win win) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  target_spec target{target_rank, target_disp, 1, datatype};
  std::size_t bytes = 0;
  // The rate benchmark's path: the general one's checks in fewer steps, for a contiguous predefined type.
  if (is_object(op, object_kind::op) && op->is_predefined() && (op == MPI_NO_OP || origin_addr != nullptr))
    if (std::byte* at = direct_target(win, result_addr, 1, datatype, target, &bytes)) [[likely]]
      if (op == MPI_REPLACE || op == MPI_NO_OP || datatype->kernels[op->index].apply != nullptr) [[likely]] {
        rma::fetch_and_op(at, static_cast<const std::byte*>(origin_addr), static_cast<std::byte*>(result_addr),
                          element_op_of(op->index, datatype));
        if (weft::runtime::reporting_paths()) [[unlikely]]
          report_direct(call, bytes);
        return MPI_SUCCESS;
      }
  if (int error = check_window(call, win)) return error;
  if (int error = check_single_element(call, win, datatype, result_addr)) return error;
  if (int error = check_op_handle(call, win, op)) return error;
  if (int error = check_accumulate_op(call, win, op, datatype, "datatype")) return error;
  if (op != MPI_NO_OP)
    if (int error = check_output(call, win, origin_addr, "origin_addr")) return error;
  if (int error = check_target_side(call, win, target, datatype->layout->size(), false)) return error;
  if (target_rank == MPI_PROC_NULL) return MPI_SUCCESS;
  std::optional<rma::target_place> place;
  if (int error = locate(call, win, target, nullptr, place)) return error;
  place->fetch_and_op(static_cast<const std::byte*>(origin_addr), static_cast<std::byte*>(result_addr),
                      element_op_code(op->index, datatype), element_op_of(op->index, datatype));
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Compare_and_swap)
extern "C" int PMPI_Compare_and_swap(const void* origin_addr, const void* compare_addr, void* result_addr,
                                     MPI_Datatype datatype, int target_rank, MPI_Aint target_disp, MPI_Win win) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_window(call, win)) return error;
  if (int error = check_single_element(call, win, datatype, result_addr)) return error;
  if (int error = check_output(call, win, origin_addr, "origin_addr")) return error;
  if (int error = check_output(call, win, compare_addr, "compare_addr")) return error;
  // Integer, logical and byte types (MPI-3.1, 11.3.4): those with bitwise or logical operations.
  if (datatype->kernels[op_band].apply == nullptr && datatype->kernels[op_land].apply == nullptr) [[unlikely]]
    return raise_error(win, MPI_ERR_TYPE, call, "compare-and-swap takes integer, logical or byte types, not %s",
                       display_name(datatype));
  target_spec target{target_rank, target_disp, 1, datatype};
  if (int error = check_target_side(call, win, target, datatype->layout->size(), false)) return error;
  if (target_rank == MPI_PROC_NULL) return MPI_SUCCESS;
  std::optional<rma::target_place> place;
  if (int error = locate(call, win, target, nullptr, place)) return error;
  place->compare_and_swap(static_cast<const std::byte*>(origin_addr), static_cast<const std::byte*>(compare_addr),
                          static_cast<std::byte*>(result_addr));
  return MPI_SUCCESS;
}
