// The MPI tool information interface (MPI-3.1, chapter 14). Its control variables are Weft's settings, the
// WEFT_* variables of docs/configuration.md, each read as the string the job started with (the variable's
// value, else its default): constant for the life of the process, since the runtime reads them once. Weft
// has no performance variables, enumerations, categories or events yet; the calls that would reach one
// report that its index or handle is invalid. MPI_T calls return their error codes and never invoke an error handler
// (14.3.9), may come before MPI_Init and after MPI_Finalize, and read only constant tables and the
// environment, so any thread of a rank may make them (MPI_THREAD_MULTIPLE is provided): they enter as queries
// (call_guard.hpp), without the rank's call lock.

#include <mpi.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <limits>
#include <span>
#include <string>
#include <string_view>

#include "mpi_api/call_guard.hpp"
#include "mpi_api/handles.hpp"
#include "mpi_api/pmpi.hpp"
#include "mpi_api/rank_state.hpp"
#include "runtime/config.hpp"

using weft::mpi::call_guard;

namespace {

// Each rank opens and closes the interface for itself, as each process would (rank_state::tool_interface_opens).
std::atomic<int>& opens() noexcept { return weft::mpi::this_rank().tool_interface_opens; }

bool initialized() noexcept { return opens().load(std::memory_order_acquire) > 0; }

// What a call on a variable, enumeration or category Weft does not have returns: `error`, once the interface
// is open.
int absent(int error) noexcept { return initialized() ? error : MPI_T_ERR_NOT_INITIALIZED; }

std::span<const weft::runtime::setting> control_variables() { return weft::runtime::settings(); }

bool valid_cvar(int index) noexcept {
  return index >= 0 && static_cast<std::size_t>(index) < control_variables().size();
}

// What a control variable reads: the process's value of the setting, else its default.
std::string_view value_of(const weft::runtime::setting& s) {
  const char* set = std::getenv(std::string(s.name).c_str());
  return set != nullptr ? std::string_view(set) : s.default_value;
}

// The string arguments of MPI_T (14.3.3): `length` holds the room of `out` on input; on output the length
// written, terminator included. With no buffer (or no room) nothing is written and `length` returns the room
// the whole string needs. Longer strings are cut, still terminated.
void give_string(std::string_view text, char* out, int* length) noexcept {
  if (length == nullptr) return;
  if (out == nullptr || *length <= 0) {
    *length = static_cast<int>(text.size()) + 1;
    return;
  }
  std::size_t copied = std::min(text.size(), static_cast<std::size_t>(*length - 1));
  std::memcpy(out, text.data(), copied);
  out[copied] = '\0';
  *length = static_cast<int>(copied) + 1;
}

}  // namespace

// A control variable's handle: the setting's value when the handle was made. The count handle_alloc gave
// is its size, so a program that changes the variable afterwards cannot make a read overrun the buffer.
struct weft_t_cvar_handle_s {
  std::string value;
};

struct weft_t_pvar_session_s {};

WEFT_PMPI_ALIAS(T_init_thread)
extern "C" int PMPI_T_init_thread(int required, int* provided) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  if (required < MPI_THREAD_SINGLE || required > MPI_THREAD_MULTIPLE || provided == nullptr) return MPI_T_ERR_INVALID;
  *provided = MPI_THREAD_MULTIPLE;
  opens().fetch_add(1, std::memory_order_acq_rel);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(T_finalize)
extern "C" int PMPI_T_finalize(void) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  std::atomic<int>& open = opens();
  int count = open.load(std::memory_order_acquire);
  do {
    if (count == 0) return MPI_T_ERR_NOT_INITIALIZED;
  } while (!open.compare_exchange_weak(count, count - 1, std::memory_order_acq_rel));
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(T_cvar_get_num)
extern "C" int PMPI_T_cvar_get_num(int* num_cvar) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  if (!initialized()) return MPI_T_ERR_NOT_INITIALIZED;
  if (num_cvar == nullptr) return MPI_T_ERR_INVALID;
  *num_cvar = static_cast<int>(control_variables().size());
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(T_cvar_get_info)
extern "C" int PMPI_T_cvar_get_info(int cvar_index, char* name, int* name_len, int* verbosity, MPI_Datatype* datatype,
                                    MPI_T_enum* enumtype, char* desc, int* desc_len, int* bind, int* scope) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  if (!initialized()) return MPI_T_ERR_NOT_INITIALIZED;
  if (!valid_cvar(cvar_index)) return MPI_T_ERR_INVALID_INDEX;
  const weft::runtime::setting& s = control_variables()[cvar_index];
  give_string(s.name, name, name_len);
  give_string(s.doc, desc, desc_len);
  if (verbosity != nullptr) *verbosity = MPI_T_VERBOSITY_USER_BASIC;
  if (datatype != nullptr) *datatype = MPI_CHAR;  // the value as the environment gives it
  if (enumtype != nullptr) *enumtype = MPI_T_ENUM_NULL;
  if (bind != nullptr) *bind = MPI_T_BIND_NO_OBJECT;
  if (scope != nullptr) *scope = MPI_T_SCOPE_CONSTANT;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(T_cvar_get_index)
extern "C" int PMPI_T_cvar_get_index(const char* name, int* cvar_index) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  if (!initialized()) return MPI_T_ERR_NOT_INITIALIZED;
  if (name == nullptr || cvar_index == nullptr) return MPI_T_ERR_INVALID;
  auto all = control_variables();
  for (std::size_t i = 0; i < all.size(); ++i)
    if (all[i].name == name) {
      *cvar_index = static_cast<int>(i);
      return MPI_SUCCESS;
    }
  return MPI_T_ERR_INVALID_NAME;
}

WEFT_PMPI_ALIAS(T_cvar_handle_alloc)
extern "C" int PMPI_T_cvar_handle_alloc(int cvar_index, void* /*every variable is bound to no object*/,
                                        MPI_T_cvar_handle* handle, int* count) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  if (!initialized()) return MPI_T_ERR_NOT_INITIALIZED;
  if (!valid_cvar(cvar_index)) return MPI_T_ERR_INVALID_INDEX;
  if (handle == nullptr || count == nullptr) return MPI_T_ERR_INVALID;
  *handle = new weft_t_cvar_handle_s{std::string(value_of(control_variables()[cvar_index]))};
  *count = static_cast<int>((*handle)->value.size()) + 1;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(T_cvar_handle_free)
extern "C" int PMPI_T_cvar_handle_free(MPI_T_cvar_handle* handle) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  if (!initialized()) return MPI_T_ERR_NOT_INITIALIZED;
  if (handle == nullptr || *handle == MPI_T_CVAR_HANDLE_NULL) return MPI_T_ERR_INVALID_HANDLE;
  delete *handle;
  *handle = MPI_T_CVAR_HANDLE_NULL;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(T_cvar_read)
extern "C" int PMPI_T_cvar_read(MPI_T_cvar_handle handle, void* buf) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  if (!initialized()) return MPI_T_ERR_NOT_INITIALIZED;
  if (handle == MPI_T_CVAR_HANDLE_NULL) return MPI_T_ERR_INVALID_HANDLE;
  if (buf == nullptr) return MPI_T_ERR_INVALID;
  // The buffer holds the count that handle_alloc gave: the value and its terminator.
  std::memcpy(buf, handle->value.c_str(), handle->value.size() + 1);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(T_cvar_write)
extern "C" int PMPI_T_cvar_write(MPI_T_cvar_handle handle, const void*) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  if (!initialized()) return MPI_T_ERR_NOT_INITIALIZED;
  if (handle == MPI_T_CVAR_HANDLE_NULL) return MPI_T_ERR_INVALID_HANDLE;
  return MPI_T_ERR_CVAR_SET_NEVER;  // read once when the job starts: set the variable before mpirun
}

// Enumerations: none.

WEFT_PMPI_ALIAS(T_enum_get_info)
extern "C" int PMPI_T_enum_get_info(MPI_T_enum, int*, char*, int*) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  return absent(MPI_T_ERR_INVALID_HANDLE);
}

WEFT_PMPI_ALIAS(T_enum_get_item)
extern "C" int PMPI_T_enum_get_item(MPI_T_enum, int, int*, char*, int*) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  return absent(MPI_T_ERR_INVALID_HANDLE);
}

// Performance variables: none yet; sessions exist, as tools open one before they look for variables.

WEFT_PMPI_ALIAS(T_pvar_get_num)
extern "C" int PMPI_T_pvar_get_num(int* num_pvar) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  if (!initialized()) return MPI_T_ERR_NOT_INITIALIZED;
  if (num_pvar == nullptr) return MPI_T_ERR_INVALID;
  *num_pvar = 0;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(T_pvar_get_info)
extern "C" int PMPI_T_pvar_get_info(int, char*, int*, int*, int*, MPI_Datatype*, MPI_T_enum*, char*, int*, int*, int*,
                                    int*, int*) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  return absent(MPI_T_ERR_INVALID_INDEX);
}

WEFT_PMPI_ALIAS(T_pvar_get_index)
extern "C" int PMPI_T_pvar_get_index(const char*, int, int*) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  return absent(MPI_T_ERR_INVALID_NAME);
}

WEFT_PMPI_ALIAS(T_pvar_session_create)
extern "C" int PMPI_T_pvar_session_create(MPI_T_pvar_session* session) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  if (!initialized()) return MPI_T_ERR_NOT_INITIALIZED;
  if (session == nullptr) return MPI_T_ERR_INVALID;
  *session = new weft_t_pvar_session_s{};
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(T_pvar_session_free)
extern "C" int PMPI_T_pvar_session_free(MPI_T_pvar_session* session) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  if (!initialized()) return MPI_T_ERR_NOT_INITIALIZED;
  if (session == nullptr || *session == MPI_T_PVAR_SESSION_NULL) return MPI_T_ERR_INVALID_SESSION;
  delete *session;
  *session = MPI_T_PVAR_SESSION_NULL;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(T_pvar_handle_alloc)
extern "C" int PMPI_T_pvar_handle_alloc(MPI_T_pvar_session, int, void*, MPI_T_pvar_handle*, int*) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  return absent(MPI_T_ERR_INVALID_INDEX);
}

// With no performance variable there is no handle: every call on one finds it invalid.
WEFT_PMPI_ALIAS(T_pvar_handle_free)
extern "C" int PMPI_T_pvar_handle_free(MPI_T_pvar_session, MPI_T_pvar_handle*) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  return absent(MPI_T_ERR_INVALID_HANDLE);
}

WEFT_PMPI_ALIAS(T_pvar_start)
extern "C" int PMPI_T_pvar_start(MPI_T_pvar_session, MPI_T_pvar_handle) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  return absent(MPI_T_ERR_INVALID_HANDLE);
}

WEFT_PMPI_ALIAS(T_pvar_stop)
extern "C" int PMPI_T_pvar_stop(MPI_T_pvar_session, MPI_T_pvar_handle) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  return absent(MPI_T_ERR_INVALID_HANDLE);
}

WEFT_PMPI_ALIAS(T_pvar_read)
extern "C" int PMPI_T_pvar_read(MPI_T_pvar_session, MPI_T_pvar_handle, void*) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  return absent(MPI_T_ERR_INVALID_HANDLE);
}

WEFT_PMPI_ALIAS(T_pvar_write)
extern "C" int PMPI_T_pvar_write(MPI_T_pvar_session, MPI_T_pvar_handle, const void*) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  return absent(MPI_T_ERR_INVALID_HANDLE);
}

WEFT_PMPI_ALIAS(T_pvar_reset)
extern "C" int PMPI_T_pvar_reset(MPI_T_pvar_session, MPI_T_pvar_handle) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  return absent(MPI_T_ERR_INVALID_HANDLE);
}

WEFT_PMPI_ALIAS(T_pvar_readreset)
extern "C" int PMPI_T_pvar_readreset(MPI_T_pvar_session, MPI_T_pvar_handle, void*) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  return absent(MPI_T_ERR_INVALID_HANDLE);
}

// Categories: none yet.

WEFT_PMPI_ALIAS(T_category_get_num)
extern "C" int PMPI_T_category_get_num(int* num_cat) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  if (!initialized()) return MPI_T_ERR_NOT_INITIALIZED;
  if (num_cat == nullptr) return MPI_T_ERR_INVALID;
  *num_cat = 0;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(T_category_get_info)
extern "C" int PMPI_T_category_get_info(int, char*, int*, char*, int*, int*, int*, int*) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  return absent(MPI_T_ERR_INVALID_INDEX);
}

WEFT_PMPI_ALIAS(T_category_get_index)
extern "C" int PMPI_T_category_get_index(const char*, int*) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  return absent(MPI_T_ERR_INVALID_NAME);
}

WEFT_PMPI_ALIAS(T_category_get_cvars)
extern "C" int PMPI_T_category_get_cvars(int, int, int[]) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  return absent(MPI_T_ERR_INVALID_INDEX);
}

WEFT_PMPI_ALIAS(T_category_get_pvars)
extern "C" int PMPI_T_category_get_pvars(int, int, int[]) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  return absent(MPI_T_ERR_INVALID_INDEX);
}

WEFT_PMPI_ALIAS(T_category_get_categories)
extern "C" int PMPI_T_category_get_categories(int, int, int[]) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  return absent(MPI_T_ERR_INVALID_INDEX);
}

WEFT_PMPI_ALIAS(T_category_changed)
extern "C" int PMPI_T_category_changed(int* stamp) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  if (!initialized()) return MPI_T_ERR_NOT_INITIALIZED;
  if (stamp == nullptr) return MPI_T_ERR_INVALID;
  *stamp = 0;  // the categories never change
  return MPI_SUCCESS;
}

// Events (MPI-4): Weft raises none yet, so no category holds one and every event index or handle is
// invalid. There is one event source, the rank's monotonic clock, whose timestamps the events would carry.

WEFT_PMPI_ALIAS(T_category_get_num_events)
extern "C" int PMPI_T_category_get_num_events(int, int*) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  return absent(MPI_T_ERR_INVALID_INDEX);
}

WEFT_PMPI_ALIAS(T_category_get_events)
extern "C" int PMPI_T_category_get_events(int, int, int[]) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  return absent(MPI_T_ERR_INVALID_INDEX);
}

namespace {

constexpr std::string_view clock_source = "weft_monotonic_clock";

MPI_Count monotonic_nanoseconds() noexcept {
  timespec now{};
  clock_gettime(CLOCK_MONOTONIC, &now);
  return static_cast<MPI_Count>(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
}

}  // namespace

WEFT_PMPI_ALIAS(T_source_get_num)
extern "C" int PMPI_T_source_get_num(int* num_sources) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  if (!initialized()) return MPI_T_ERR_NOT_INITIALIZED;
  if (num_sources == nullptr) return MPI_T_ERR_INVALID;
  *num_sources = 1;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(T_source_get_info)
extern "C" int PMPI_T_source_get_info(int source_index, char* name, int* name_len, char* desc, int* desc_len,
                                      MPI_T_source_order* ordering, MPI_Count* ticks_per_second, MPI_Count* max_ticks,
                                      MPI_Info* info) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  if (!initialized()) return MPI_T_ERR_NOT_INITIALIZED;
  if (source_index != 0) return MPI_T_ERR_INVALID_INDEX;
  give_string(clock_source, name, name_len);
  give_string("the rank's monotonic clock (CLOCK_MONOTONIC), in nanoseconds", desc, desc_len);
  if (ordering != nullptr) *ordering = MPI_T_SOURCE_ORDERED;
  if (ticks_per_second != nullptr) *ticks_per_second = 1'000'000'000;
  if (max_ticks != nullptr) *max_ticks = std::numeric_limits<MPI_Count>::max();
  if (info != nullptr) *info = new weft_info_s;  // no hints; the caller frees it
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(T_source_get_timestamp)
extern "C" int PMPI_T_source_get_timestamp(int source_index, MPI_Count* timestamp) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  if (!initialized()) return MPI_T_ERR_NOT_INITIALIZED;
  if (source_index != 0) return MPI_T_ERR_INVALID_INDEX;
  if (timestamp == nullptr) return MPI_T_ERR_INVALID;
  *timestamp = monotonic_nanoseconds();
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(T_event_get_num)
extern "C" int PMPI_T_event_get_num(int* num_events) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  if (!initialized()) return MPI_T_ERR_NOT_INITIALIZED;
  if (num_events == nullptr) return MPI_T_ERR_INVALID;
  *num_events = 0;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(T_event_get_info)
extern "C" int PMPI_T_event_get_info(int, char*, int*, int*, MPI_Datatype[], MPI_Aint[], int*, MPI_T_enum*, MPI_Info*,
                                     char*, int*, int*) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  return absent(MPI_T_ERR_INVALID_INDEX);
}

WEFT_PMPI_ALIAS(T_event_get_index)
extern "C" int PMPI_T_event_get_index(const char*, int*) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  return absent(MPI_T_ERR_INVALID_NAME);
}

WEFT_PMPI_ALIAS(T_event_handle_alloc)
extern "C" int PMPI_T_event_handle_alloc(int, void*, MPI_Info, MPI_T_event_registration*) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  return absent(MPI_T_ERR_INVALID_INDEX);
}

// Without events no registration exists: every call on one has an invalid handle.
WEFT_PMPI_ALIAS(T_event_handle_set_info)
extern "C" int PMPI_T_event_handle_set_info(MPI_T_event_registration, MPI_Info) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  return absent(MPI_T_ERR_INVALID_HANDLE);
}

WEFT_PMPI_ALIAS(T_event_handle_get_info)
extern "C" int PMPI_T_event_handle_get_info(MPI_T_event_registration, MPI_Info*) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  return absent(MPI_T_ERR_INVALID_HANDLE);
}

WEFT_PMPI_ALIAS(T_event_register_callback)
extern "C" int PMPI_T_event_register_callback(MPI_T_event_registration, MPI_T_cb_safety, MPI_Info, void*,
                                              MPI_T_event_cb_function*) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  return absent(MPI_T_ERR_INVALID_HANDLE);
}

WEFT_PMPI_ALIAS(T_event_callback_set_info)
extern "C" int PMPI_T_event_callback_set_info(MPI_T_event_registration, MPI_T_cb_safety, MPI_Info) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  return absent(MPI_T_ERR_INVALID_HANDLE);
}

WEFT_PMPI_ALIAS(T_event_callback_get_info)
extern "C" int PMPI_T_event_callback_get_info(MPI_T_event_registration, MPI_T_cb_safety, MPI_Info*) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  return absent(MPI_T_ERR_INVALID_HANDLE);
}

WEFT_PMPI_ALIAS(T_event_handle_free)
extern "C" int PMPI_T_event_handle_free(MPI_T_event_registration, void*, MPI_T_event_free_cb_function*) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  return absent(MPI_T_ERR_INVALID_HANDLE);
}

WEFT_PMPI_ALIAS(T_event_set_dropped_handler)
extern "C" int PMPI_T_event_set_dropped_handler(MPI_T_event_registration, MPI_T_event_dropped_cb_function*) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  return absent(MPI_T_ERR_INVALID_HANDLE);
}

// Event instances exist only inside an event callback, which Weft never calls.
WEFT_PMPI_ALIAS(T_event_read)
extern "C" int PMPI_T_event_read(MPI_T_event_instance, int, void*) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  return absent(MPI_T_ERR_INVALID_HANDLE);
}

WEFT_PMPI_ALIAS(T_event_copy)
extern "C" int PMPI_T_event_copy(MPI_T_event_instance, void*) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  return absent(MPI_T_ERR_INVALID_HANDLE);
}

WEFT_PMPI_ALIAS(T_event_get_timestamp)
extern "C" int PMPI_T_event_get_timestamp(MPI_T_event_instance, MPI_Count*) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  return absent(MPI_T_ERR_INVALID_HANDLE);
}

WEFT_PMPI_ALIAS(T_event_get_source)
extern "C" int PMPI_T_event_get_source(MPI_T_event_instance, int*) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  return absent(MPI_T_ERR_INVALID_HANDLE);
}
