// MPI_*_c2f and MPI_*_f2c: handles as Fortran integers. A C handle is a pointer; its integer is an index
// into one table of the process, given on an object's first conversion and returned to the table when the
// object goes, so integers stay small and a stale one finds nothing. The null handles are 0. Ranks on
// different workers convert at once; every Fortran call converts its handles (handle_table says how).

#include <mpi.h>

#include <array>
#include <atomic>
#include <mutex>
#include <vector>

#include "mpi_api/call_guard.hpp"
#include "mpi_api/errors.hpp"
#include "mpi_api/handles.hpp"
#include "mpi_api/pmpi.hpp"

namespace weft::mpi {
namespace {

// Conversions are on the path of every Fortran call (a send converts its communicator and datatype), so
// looking an integer up takes no lock: the objects sit in chunks that, once made, never move or go, and an
// entry is published with a release store. Giving and taking back integers is rare and locked.
class handle_table {
 public:
  // The predefined objects take the integers mpif.h names them by: 1, 2, ... in mpi.h's order.
  handle_table() {
    object_header* const predefined[] = {
#include "predefined_handles.inc"
    };
    for (object_header* object : predefined) add(*object);
  }

  MPI_Fint integer_of(object_header& object) {
    std::atomic_ref<MPI_Fint> integer(object.fortran_handle);
    if (MPI_Fint given = integer.load(std::memory_order_acquire); given != 0) return given;
    std::lock_guard lock(mutex_);
    if (integer.load(std::memory_order_relaxed) == 0) {
      if (free_.empty()) {
        add(object);
      } else {
        MPI_Fint reused = free_.back();
        free_.pop_back();
        entry(reused).store(&object, std::memory_order_release);
        integer.store(reused, std::memory_order_release);
      }
    }
    return integer.load(std::memory_order_relaxed);
  }

  object_header* object_of(MPI_Fint integer) const noexcept {
    if (integer <= 0 || integer > used_.load(std::memory_order_acquire)) return nullptr;
    return entry(integer).load(std::memory_order_acquire);
  }

  void forget(object_header& object) {
    std::lock_guard lock(mutex_);
    entry(object.fortran_handle).store(nullptr, std::memory_order_release);
    free_.push_back(object.fortran_handle);
    std::atomic_ref<MPI_Fint>(object.fortran_handle).store(0, std::memory_order_release);
  }

 private:
  static constexpr int chunk_bits = 12;
  static constexpr std::size_t chunk_size = std::size_t{1} << chunk_bits;
  using chunk = std::array<std::atomic<object_header*>, chunk_size>;

  // Integer i names entry i of the chunks laid end to end (0 is the null handle's, never an object's).
  std::atomic<object_header*>& entry(MPI_Fint integer) const noexcept {
    auto index = static_cast<std::size_t>(integer);
    return (*chunks_[index >> chunk_bits].load(std::memory_order_acquire))[index & (chunk_size - 1)];
  }

  // The next integer, for `object`; with the lock held (or from the constructor).
  void add(object_header& object) {
    MPI_Fint integer = used_.load(std::memory_order_relaxed) + 1;
    auto index = static_cast<std::size_t>(integer);
    if ((index >> chunk_bits) >= chunks_.size()) {
      raise_error(MPI_COMM_WORLD, MPI_ERR_INTERN, "MPI_*_c2f", "more than %zu objects have Fortran integers",
                  chunks_.size() * chunk_size - 1);
      return;
    }
    if (chunks_[index >> chunk_bits].load(std::memory_order_relaxed) == nullptr)
      chunks_[index >> chunk_bits].store(new chunk(), std::memory_order_release);
    entry(integer).store(&object, std::memory_order_release);
    std::atomic_ref<MPI_Fint>(object.fortran_handle).store(integer, std::memory_order_release);
    used_.store(integer, std::memory_order_release);
  }

  std::mutex mutex_;
  std::array<std::atomic<chunk*>, 4096> chunks_{};  // up to 16 M integers, chunks made as they fill
  std::atomic<MPI_Fint> used_{0};                   // the highest integer given
  std::vector<MPI_Fint> free_;                       // integers given back, for reuse
};

handle_table& table() {
  static handle_table the_table;
  return the_table;
}

// A handle that is not null and not an object of its kind has no integer: the standard leaves its
// conversion undefined, Weft reports it and answers the null handle's 0.
template <class Handle>
MPI_Fint to_integer(Handle handle, object_kind kind, const char* call) {
  if (handle == nullptr) return 0;
  if (!is_object(handle, kind)) {
    raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "invalid handle %p", static_cast<void*>(handle));
    return 0;
  }
  return table().integer_of(*handle);
}

// An integer that names no live object of the kind converts to the null handle.
template <class Handle>
Handle to_handle(MPI_Fint integer, object_kind kind) {
  object_header* object = table().object_of(integer);
  if (object == nullptr || object->kind != kind) return nullptr;
  return static_cast<Handle>(object);
}

}  // namespace

void forget_fortran_handle(object_header& object) noexcept { table().forget(object); }

}  // namespace weft::mpi

using weft::mpi::object_kind;
using weft::mpi::to_handle;
using weft::mpi::to_integer;

// The pair of conversions of one kind of handle. (Each name's WEFT_PMPI_ALIAS stands on a line of its own,
// where the build looks for the functions that are defined.)
#define WEFT_HANDLE_CONVERSIONS(Name, Handle, kind)                                                        \
  extern "C" MPI_Fint PMPI_##Name##_c2f(Handle handle) {                                                 \
    return to_integer(handle, object_kind::kind, "MPI_" #Name "_c2f");                                    \
  }                                                                                                      \
  extern "C" Handle PMPI_##Name##_f2c(MPI_Fint integer) { return to_handle<Handle>(integer, object_kind::kind); }

WEFT_PMPI_ALIAS(Comm_c2f)
WEFT_PMPI_ALIAS(Comm_f2c)
WEFT_HANDLE_CONVERSIONS(Comm, MPI_Comm, communicator)
WEFT_PMPI_ALIAS(Group_c2f)
WEFT_PMPI_ALIAS(Group_f2c)
WEFT_HANDLE_CONVERSIONS(Group, MPI_Group, group)
WEFT_PMPI_ALIAS(Type_c2f)
WEFT_PMPI_ALIAS(Type_f2c)
WEFT_HANDLE_CONVERSIONS(Type, MPI_Datatype, datatype)
WEFT_PMPI_ALIAS(Op_c2f)
WEFT_PMPI_ALIAS(Op_f2c)
WEFT_HANDLE_CONVERSIONS(Op, MPI_Op, op)
WEFT_PMPI_ALIAS(Errhandler_c2f)
WEFT_PMPI_ALIAS(Errhandler_f2c)
WEFT_HANDLE_CONVERSIONS(Errhandler, MPI_Errhandler, errhandler)
WEFT_PMPI_ALIAS(Request_c2f)
WEFT_PMPI_ALIAS(Request_f2c)
WEFT_HANDLE_CONVERSIONS(Request, MPI_Request, request)
WEFT_PMPI_ALIAS(Message_c2f)
WEFT_PMPI_ALIAS(Message_f2c)
WEFT_HANDLE_CONVERSIONS(Message, MPI_Message, message)
WEFT_PMPI_ALIAS(Info_c2f)
WEFT_PMPI_ALIAS(Info_f2c)
WEFT_HANDLE_CONVERSIONS(Info, MPI_Info, info)
WEFT_PMPI_ALIAS(Win_c2f)
WEFT_PMPI_ALIAS(Win_f2c)
WEFT_HANDLE_CONVERSIONS(Win, MPI_Win, window)

// A Fortran status is MPI_SOURCE, MPI_TAG, MPI_ERROR, then the received bytes as two integers (low word
// first) and the cancelled flag.
WEFT_PMPI_ALIAS(Status_c2f)
extern "C" int PMPI_Status_c2f(const MPI_Status* c_status, MPI_Fint* f_status) {
  const weft::mpi::call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (c_status == MPI_STATUS_IGNORE)
    return weft::mpi::raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "c_status is MPI_STATUS_IGNORE");
  if (f_status == nullptr) return weft::mpi::raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "f_status is NULL");
  auto bytes = static_cast<unsigned long long>(c_status->weft_count);
  f_status[0] = c_status->MPI_SOURCE;
  f_status[1] = c_status->MPI_TAG;
  f_status[2] = c_status->MPI_ERROR;
  f_status[3] = static_cast<MPI_Fint>(bytes & 0xffffffffu);
  f_status[4] = static_cast<MPI_Fint>(bytes >> 32);
  f_status[5] = c_status->weft_cancelled;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Status_f2c)
extern "C" int PMPI_Status_f2c(const MPI_Fint* f_status, MPI_Status* c_status) {
  const weft::mpi::call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (f_status == nullptr) return weft::mpi::raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "f_status is NULL");
  if (c_status == MPI_STATUS_IGNORE)
    return weft::mpi::raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "c_status is MPI_STATUS_IGNORE");
  c_status->MPI_SOURCE = f_status[0];
  c_status->MPI_TAG = f_status[1];
  c_status->MPI_ERROR = f_status[2];
  c_status->weft_count = static_cast<MPI_Count>(static_cast<unsigned long long>(static_cast<std::uint32_t>(f_status[3])) |
                                                static_cast<unsigned long long>(static_cast<std::uint32_t>(f_status[4])) << 32);
  c_status->weft_cancelled = f_status[5];
  return MPI_SUCCESS;
}
