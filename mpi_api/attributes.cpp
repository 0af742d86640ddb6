#include "mpi_api/attributes.hpp"

#include <algorithm>
#include <memory>
#include <unordered_map>

#include "mpi_api/checks.hpp"
#include "mpi_api/errors.hpp"
#include "mpi_api/rank_state.hpp"
#include "runtime/config.hpp"
#include "runtime/job.hpp"
#include "runtime/rank_slots.hpp"
#include "runtime/scheduler.hpp"

namespace weft::mpi {
namespace {

struct keyval_entry {
  keyval_kind kind;
  void (*copy)();  // of the kind's copy type (callback_types), or null
  void (*del)();   // of the kind's delete type, or null
  void* extra_state;
  int references;      // the user's handle, plus one per attribute set with the keyval
  bool freed = false;  // the user's handle is gone: no new attributes
};

// Keyvals the user creates start above the predefined ones (MPI_TAG_UB ... MPI_WIN_MODEL).
constexpr int first_user_keyval = 64;

struct keyval_registry {
  std::unordered_map<int, keyval_entry> keyvals;
  int next = first_user_keyval;
};

keyval_registry& this_ranks_keyvals() {
  static runtime::rank_slots<keyval_registry> per_rank;
  return per_rank[this_rank_id()];
}

const char* kind_name(keyval_kind kind) {
  switch (kind) {
    case keyval_kind::communicator:
      return "communicators";
    case keyval_kind::datatype:
      return "datatypes";
    case keyval_kind::window:
      return "windows";
  }
  return "";
}

bool is_predefined_keyval(int keyval) { return keyval >= MPI_TAG_UB && keyval <= MPI_WIN_MODEL; }

// The live keyval `keyval` of `kind`, or an error through `comm`'s handler.
int find_keyval(const char* call, error_target comm, keyval_kind kind, int keyval, keyval_entry*& found) {
  auto& keyvals = this_ranks_keyvals().keyvals;
  auto it = keyvals.find(keyval);
  if (it == keyvals.end()) return raise_error(comm, MPI_ERR_KEYVAL, call, "invalid keyval %d", keyval);
  if (it->second.kind != kind)
    return raise_error(comm, MPI_ERR_KEYVAL, call, "keyval %d is for %s, not %s", keyval, kind_name(it->second.kind),
                       kind_name(kind));
  found = &it->second;
  return MPI_SUCCESS;
}

void drop_reference(int keyval) {
  auto& keyvals = this_ranks_keyvals().keyvals;
  auto it = keyvals.find(keyval);
  if (--it->second.references == 0) keyvals.erase(it);
}

// The handle and callback types of each kind of keyval.
template <class Handle, class Copy, class Delete>
struct callback_types {
  using handle = Handle;
  using copy = Copy;
  using del = Delete;
};

// Calls `call` with the callback_types of `kind`: a callback is called through its own type, since calling
// a function through a pointer of another type is undefined, even when only the handle's type differs
// (UBSan's -fsanitize=function stops the program there).
template <class Call>
int with_callback_types(keyval_kind kind, Call&& call) {
  switch (kind) {
    case keyval_kind::communicator:
      return call(callback_types<MPI_Comm, MPI_Comm_copy_attr_function, MPI_Comm_delete_attr_function>{});
    case keyval_kind::datatype:
      return call(callback_types<MPI_Datatype, MPI_Type_copy_attr_function, MPI_Type_delete_attr_function>{});
    case keyval_kind::window:
      return call(callback_types<MPI_Win, MPI_Win_copy_attr_function, MPI_Win_delete_attr_function>{});
  }
  return MPI_ERR_INTERN;
}

int run_delete(const char* call, error_target comm, void* handle, attribute_list::entry attribute) {
  const keyval_entry& entry = this_ranks_keyvals().keyvals.at(attribute.keyval);
  if (entry.del == nullptr) return MPI_SUCCESS;
  int code = with_callback_types(entry.kind, [&]<class types>(types) {
    return reinterpret_cast<typename types::del*>(entry.del)(static_cast<typename types::handle>(handle),
                                                             attribute.keyval, attribute.value, entry.extra_state);
  });
  if (code == MPI_SUCCESS) return MPI_SUCCESS;
  return raise_error(comm, code, call, "the delete callback of keyval %d returned %d", attribute.keyval, code);
}

int refuse_predefined(const char* call, error_target comm, int keyval) {
  return raise_error(comm, MPI_ERR_KEYVAL, call, "keyval %d is a predefined attribute, which cannot be changed",
                     keyval);
}

}  // namespace

int create_keyval(const char* call, keyval_kind kind, void (*copy)(), void (*del)(), void* extra_state, int* keyval) {
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, keyval, "keyval")) return error;
  keyval_registry& registry = this_ranks_keyvals();
  *keyval = registry.next++;
  registry.keyvals.emplace(*keyval, keyval_entry{kind, copy, del, extra_state, 1});
  return MPI_SUCCESS;
}

int free_keyval(const char* call, keyval_kind kind, int* keyval) {
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, keyval, "keyval")) return error;
  if (is_predefined_keyval(*keyval)) return refuse_predefined(call, MPI_COMM_WORLD, *keyval);
  keyval_entry* entry;
  if (int error = find_keyval(call, MPI_COMM_WORLD, kind, *keyval, entry)) return error;
  // Attributes set with it stay usable until they are deleted. Freeing it again while they hold it (as
  // MPICH's tests do through copies of the handle) changes nothing.
  if (!entry->freed) {
    entry->freed = true;
    drop_reference(*keyval);
  }
  *keyval = MPI_KEYVAL_INVALID;
  return MPI_SUCCESS;
}

namespace {

// Per thread: a rank's fiber does not switch inside an attribute call unless a delete callback blocks.
thread_local bool fortran_caller = false;

// The stored form of a value a call sets: a Fortran integer keeps a copy C can point to.
std::shared_ptr<MPI_Aint> fortran_integer_of(void* value) {
  return fortran_caller ? std::make_shared<MPI_Aint>(reinterpret_cast<MPI_Aint>(value)) : nullptr;
}

}  // namespace

fortran_attribute_call::fortran_attribute_call() noexcept { fortran_caller = true; }
fortran_attribute_call::~fortran_attribute_call() { fortran_caller = false; }

int set_attribute(const char* call, error_target comm, keyval_kind kind, void* handle, attribute_list& list, int keyval,
                  void* value) {
  if (is_predefined_keyval(keyval)) return refuse_predefined(call, comm, keyval);
  keyval_entry* entry;
  if (int error = find_keyval(call, comm, kind, keyval, entry)) return error;
  if (entry->freed) return raise_error(comm, MPI_ERR_KEYVAL, call, "keyval %d is freed", keyval);
  auto holding = [&] {
    return std::find_if(list.entries.begin(), list.entries.end(), [&](const auto& a) { return a.keyval == keyval; });
  };
  if (auto it = holding(); it != list.entries.end()) {
    // The old value is deleted first; if its callback fails, it stays. The callback may change the list.
    if (int error = run_delete(call, comm, handle, *it)) return error;
    it = holding();
    if (it != list.entries.end()) {
      it->value = value;
      it->fortran_integer = fortran_integer_of(value);
      return MPI_SUCCESS;
    }
  }
  list.entries.push_back({keyval, value, fortran_integer_of(value)});
  ++entry->references;
  return MPI_SUCCESS;
}

int get_attribute(const char* call, error_target comm, keyval_kind kind, const attribute_list& list, int keyval,
                  void* value_out, int* flag) {
  if (int error = check_output(call, comm, value_out, "attribute_val")) return error;
  if (int error = check_output(call, comm, flag, "flag")) return error;
  if (is_predefined_keyval(keyval)) {
    const int* value = kind == keyval_kind::communicator ? predefined_attribute(keyval) : nullptr;
    *flag = value != nullptr;
    if (value != nullptr) *static_cast<const void**>(value_out) = value;
    return MPI_SUCCESS;
  }
  keyval_entry* entry;
  if (int error = find_keyval(call, comm, kind, keyval, entry)) return error;
  *flag = 0;
  for (const attribute_list::entry& attribute : list.entries)
    if (attribute.keyval == keyval) {
      bool c_reads_fortran = attribute.fortran_integer != nullptr && !fortran_caller;
      *static_cast<void**>(value_out) = c_reads_fortran ? attribute.fortran_integer.get() : attribute.value;
      *flag = 1;
    }
  return MPI_SUCCESS;
}

int delete_attribute(const char* call, error_target comm, keyval_kind kind, void* handle, attribute_list& list,
                     int keyval) {
  if (is_predefined_keyval(keyval)) return refuse_predefined(call, comm, keyval);
  keyval_entry* entry;
  if (int error = find_keyval(call, comm, kind, keyval, entry)) return error;
  auto it = std::find_if(list.entries.begin(), list.entries.end(),
                         [&](const attribute_list::entry& attribute) { return attribute.keyval == keyval; });
  if (it == list.entries.end()) return MPI_SUCCESS;
  // Out of the list before its callback runs, which may delete other attributes of the object; back in
  // its place if the callback fails.
  std::size_t place = static_cast<std::size_t>(it - list.entries.begin());
  const attribute_list::entry removed = *it;
  list.entries.erase(it);
  if (int error = run_delete(call, comm, handle, removed)) {
    list.entries.insert(list.entries.begin() + std::min(place, list.entries.size()), removed);
    return error;
  }
  drop_reference(keyval);
  return MPI_SUCCESS;
}

int copy_attributes(const char* call, error_target comm, void* old_handle, const attribute_list& from,
                    attribute_list& to) {
  auto& keyvals = this_ranks_keyvals().keyvals;
  for (const attribute_list::entry& attribute : from.entries) {
    keyval_entry& entry = keyvals.at(attribute.keyval);
    if (entry.copy == nullptr) continue;  // MPI_*_NULL_COPY_FN
    void* copied = nullptr;
    int flag = 0;
    int code = with_callback_types(entry.kind, [&]<class types>(types) {
      return reinterpret_cast<typename types::copy*>(entry.copy)(static_cast<typename types::handle>(old_handle),
                                                                 attribute.keyval, entry.extra_state, attribute.value,
                                                                 &copied, &flag);
    });
    if (code != MPI_SUCCESS) {
      for (const attribute_list::entry& done : to.entries) drop_reference(done.keyval);
      to.entries.clear();
      return raise_error(comm, code, call, "the copy callback of keyval %d returned %d", attribute.keyval, code);
    }
    if (!flag) continue;
    // A Fortran attribute's copy is a Fortran integer too (the callbacks saw and gave its bits).
    auto integer = attribute.fortran_integer ? std::make_shared<MPI_Aint>(reinterpret_cast<MPI_Aint>(copied)) : nullptr;
    to.entries.push_back({attribute.keyval, copied, std::move(integer)});
    ++entry.references;
  }
  return MPI_SUCCESS;
}

int delete_attributes(const char* call, error_target comm, void* handle, attribute_list& list) {
  while (!list.entries.empty()) {
    // Out of the list first: the callback may delete other attributes of the object.
    const attribute_list::entry last = list.entries.back();
    list.entries.pop_back();
    if (int error = run_delete(call, comm, handle, last)) {
      list.entries.push_back(last);
      return error;
    }
    drop_reference(last.keyval);
  }
  return MPI_SUCCESS;
}

const int* predefined_attribute(int keyval) noexcept {
  // One process runs all the ranks of a node, so its clock is every rank's clock; node processes' clocks
  // (on other hosts) are not synchronized, so a job of several says so, as MPICH does.
  static const int tag_ub = tag_upper_bound, host = MPI_PROC_NULL, io = MPI_ANY_SOURCE;
  static const int wtime_is_global = runtime::job::current().nodes().node_count() == 1 ? 1 : 0;
  static const int universe_size = runtime::job_size();
  // A process runs one program: the part of an MPMD job mpirun started it for (0 otherwise, as MPICH sets it).
  static const int appnum = runtime::job_config().appnum;
  switch (keyval) {
    case MPI_TAG_UB:
      return &tag_ub;
    case MPI_HOST:
      return &host;
    case MPI_IO:
      return &io;
    case MPI_WTIME_IS_GLOBAL:
      return &wtime_is_global;
    case MPI_UNIVERSE_SIZE:
      return &universe_size;
    case MPI_APPNUM:
      return &appnum;
    case MPI_LASTUSEDCODE: {
      int& last = this_rank().last_used_code;
      last = last_used_code();
      return &last;
    }
    default:
      return nullptr;
  }
}

}  // namespace weft::mpi
