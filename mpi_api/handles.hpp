#pragma once
// The objects behind mpi.h's opaque handles. Each starts with a header naming its kind, so that a call
// can tell a communicator from a datatype passed in its place. Objects belong to one rank (handles are
// per process in MPI, and a rank is a process), so their reference counts need no atomics; what ranks
// share (members, layouts) is immutable and held by shared_ptr.

#include <mpi.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "collectives/block_map.hpp"
#include "collectives/communicator_view.hpp"
#include "collectives/schedule.hpp"
#include "collectives/shared_communicator.hpp"
#include "mpi_api/attributes.hpp"
#include "mpi_api/rank_map.hpp"
#include "mpi_api/reduce_kernels.hpp"
#include "mpi_api/topologies.hpp"
#include "rma/epochs.hpp"
#include "rma/remote_origin.hpp"
#include "rma/window.hpp"
#include "runtime/rank.hpp"
#include "shm/operations.hpp"
#include "shm/partitioned_channel.hpp"
#include "shm/type_layout.hpp"

namespace weft::mpi {

enum class object_kind : std::uint32_t {
  freed = 0,
  communicator = 0x636f6d6d,
  group,
  datatype,
  op,
  errhandler,
  request,
  message,
  info,
  halo_cell,
  halo_exchange,
  window,
  file,
  session,
};

struct object_header {
  explicit constexpr object_header(object_kind k) noexcept : kind(k) {}
  object_kind kind;
  int references = 1;           // the user's handle, plus each request or object that uses this one
  MPI_Fint fortran_handle = 0;  // 0 until MPI_*_c2f gives the object one (handle_conversion.hpp)
};

void forget_fortran_handle(object_header& object) noexcept;

// Hints of an object, as (key, value) in the order they were set.
using hint_list = std::vector<std::pair<std::string, std::string>>;

// Ends an object whose last reference went.
template <class Object>
void destroy(Object* object) noexcept {
  if (object->fortran_handle != 0) [[unlikely]]
    forget_fortran_handle(*object);
  object->kind = object_kind::freed;
  delete object;
}

template <class Object>
Object* retain(Object* object) noexcept {
  ++object->references;
  return object;
}

// Drops one reference; the last one destroys the object (predefined objects hold one more and never go).
template <class Object>
void release(Object* object) noexcept {
  if (--object->references == 0) destroy(object);
}

// Whether `handle` points at a live object of kind `kind`. A "handle" in the first page is a small integer
// where a handle goes (a code written against MPICH's integer handles, or arguments swapped, as in
// MPI_Abort(1, comm), which C compilers only warn about): no object, and not dereferenced.
inline bool is_object(const void* handle, object_kind kind) noexcept {
  constexpr std::uintptr_t first_page_end = 4096;
  return reinterpret_cast<std::uintptr_t>(handle) >= first_page_end &&
         static_cast<const object_header*>(handle)->kind == kind;
}

}  // namespace weft::mpi

// A datatype: the layout its data has in memory (shm/type_layout.hpp) and how it was made. Predefined
// datatypes are shared by all ranks and carry the reduction kernels and the external32 size of their C
// type; derived ones belong to the rank that made them and keep their constructor's arguments for
// MPI_Type_get_contents, holding the datatypes among them. Messages carry the data bytes only, in
// type-signature order (12 bytes for an MPI_DOUBLE_INT, whose extent is 16).
struct weft_datatype_s : weft::mpi::object_header {
  // A predefined datatype.
  weft_datatype_s(const char* type_name, weft::shm::type_layout::pointer type_layout, std::size_t external32_size,
                  weft::mpi::kernel_table reduce_kernels) noexcept
      : object_header(weft::mpi::object_kind::datatype),
        name(type_name),
        layout(std::move(type_layout)),
        external_size(external32_size),
        kernels(reduce_kernels),
        basic_type(this),
        committed(true) {}
  // A derived datatype, not committed yet.
  weft_datatype_s(weft::shm::type_layout::pointer type_layout, int type_combiner) noexcept
      : object_header(weft::mpi::object_kind::datatype),
        name(""),
        layout(std::move(type_layout)),
        combiner(type_combiner) {}
  ~weft_datatype_s();
  weft_datatype_s(const weft_datatype_s&) = delete;
  weft_datatype_s& operator=(const weft_datatype_s&) = delete;

  bool is_predefined() const noexcept { return combiner == MPI_COMBINER_NAMED; }

  const char* name;  // a predefined type's; a derived type's is `user_name`
  std::string user_name;
  weft::shm::type_layout::pointer layout;
  std::size_t external_size = 0;  // predefined: bytes of one element in external32
  weft::mpi::kernel_table kernels{};
  // The predefined type every basic element of this type is of (the type itself when predefined), or
  // null when they are of several: the predefined operations apply to a derived type through it.
  MPI_Datatype basic_type = nullptr;
  bool committed = false;
  // How the type was made (MPI_Type_get_envelope/get_contents). `basis` is the type whose typemap this
  // one repeats, with predefined types at its leaves, for walks element by element (external32): the
  // type itself for the constructors of the standard, a type built from them for subarray and darray.
  int combiner = MPI_COMBINER_NAMED;
  std::vector<int> integers;
  std::vector<MPI_Aint> addresses;
  // A large-count constructor's (MPI_Type_contiguous_c ...) MPI_Count arguments, in the order
  // MPI_Type_get_contents_c reports them (MPI-4.1, 5.1.13); such a type's int arguments stay in `integers`.
  // MPI_Type_get_envelope and MPI_Type_get_contents refuse a type that has any.
  std::vector<MPI_Count> large_counts;
  std::vector<MPI_Datatype> types;       // each derived one held
  MPI_Datatype basis = nullptr;          // held; null: the type itself
  weft::mpi::attribute_list attributes;  // a derived type's; predefined types keep theirs per rank
};

namespace weft::mpi {

// Predefined datatypes are shared by all ranks and never freed: they are not counted (ranks on different
// workers would race on the count), derived ones are.
inline MPI_Datatype retain(MPI_Datatype datatype) noexcept {
  if (!datatype->is_predefined()) ++datatype->references;
  return datatype;
}

inline void release(MPI_Datatype datatype) noexcept {
  if (!datatype->is_predefined() && --datatype->references == 0) destroy(datatype);
}

}  // namespace weft::mpi

// A reduction operation: a predefined one, whose kernels each predefined datatype carries (shared by all
// ranks, never freed), or a user's function (MPI_Op_create), which belongs to the rank that made it.
struct weft_op_s : weft::mpi::object_header {
  constexpr weft_op_s(const char* op_name, weft::mpi::op_index op) noexcept
      : object_header(weft::mpi::object_kind::op), name(op_name), index(op) {}
  weft_op_s(MPI_User_function* user_function, bool is_commutative) noexcept
      : object_header(weft::mpi::object_kind::op),
        name("(an operation from MPI_Op_create)"),
        function(user_function),
        commutative(is_commutative) {}
  weft_op_s(MPI_User_function_c* user_function, bool is_commutative) noexcept
      : object_header(weft::mpi::object_kind::op),
        name("(an operation from MPI_Op_create_c)"),
        large_count_function(user_function),
        commutative(is_commutative) {}

  bool is_predefined() const noexcept { return function == nullptr && large_count_function == nullptr; }

  const char* name;
  weft::mpi::op_index index = weft::mpi::op_count;      // a predefined operation's place in the kernel tables
  MPI_User_function* function = nullptr;                // a user's operation
  MPI_User_function_c* large_count_function = nullptr;  // or one taking an MPI_Count length
  bool commutative = true;
  // Made from Fortran: `function` is a Fortran_user_function, which takes the datatype as an integer.
  bool fortran_function = false;
};

namespace weft::mpi {

// The Fortran forms of a user's operation and error handler: every argument by reference, handles as
// integers.
using fortran_user_function = void(void* in, void* inout, MPI_Fint* length, MPI_Fint* datatype);
using fortran_user_function_c = void(void* in, void* inout, MPI_Count* length, MPI_Fint* datatype);
using fortran_errhandler_function = void(MPI_Fint* handle, MPI_Fint* error_code);

// Predefined operations are shared by all ranks and not counted, as predefined datatypes are.
inline MPI_Op retain(MPI_Op op) noexcept {
  if (!op->is_predefined()) ++op->references;
  return op;
}

inline void release(MPI_Op op) noexcept {
  if (!op->is_predefined() && --op->references == 0) destroy(op);
}

}  // namespace weft::mpi

// MPI_ERRORS_ARE_FATAL and MPI_ERRORS_RETURN (shared by all ranks, not counted), or a user's function
// for communicators (MPI_Comm_create_errhandler), windows (MPI_Win_create_errhandler) or files
// (MPI_File_create_errhandler), held by each object it is set on.
struct weft_errhandler_s : weft::mpi::object_header {
  constexpr explicit weft_errhandler_s(const char* handler_name) noexcept
      : object_header(weft::mpi::object_kind::errhandler), name(handler_name) {}
  explicit weft_errhandler_s(MPI_Comm_errhandler_function* user_function) noexcept
      : object_header(weft::mpi::object_kind::errhandler), name("a user error handler"), function(user_function) {}
  explicit weft_errhandler_s(MPI_Win_errhandler_function* user_function) noexcept
      : object_header(weft::mpi::object_kind::errhandler),
        name("a user error handler for windows"),
        window_function(user_function) {}
  explicit weft_errhandler_s(MPI_File_errhandler_function* user_function) noexcept
      : object_header(weft::mpi::object_kind::errhandler),
        name("a user error handler for files"),
        file_function(user_function) {}
  explicit weft_errhandler_s(MPI_Session_errhandler_function* user_function) noexcept
      : object_header(weft::mpi::object_kind::errhandler),
        name("a user error handler for sessions"),
        session_function(user_function) {}
  bool is_predefined() const noexcept {
    return function == nullptr && window_function == nullptr && file_function == nullptr && session_function == nullptr;
  }
  const char* name;
  MPI_Comm_errhandler_function* function = nullptr;
  MPI_Win_errhandler_function* window_function = nullptr;
  MPI_File_errhandler_function* file_function = nullptr;
  MPI_Session_errhandler_function* session_function = nullptr;
  // Made from Fortran: the function is a fortran_errhandler_function, which takes the handle as an integer.
  bool fortran_function = false;
};

namespace weft::mpi {

inline MPI_Errhandler retain(MPI_Errhandler handler) noexcept {
  if (!handler->is_predefined()) ++handler->references;
  return handler;
}

inline void release(MPI_Errhandler handler) noexcept {
  if (!handler->is_predefined() && --handler->references == 0) destroy(handler);
}

}  // namespace weft::mpi

// Keys and values in the order they were set.
struct weft_info_s : weft::mpi::object_header {
  weft_info_s() noexcept : object_header(weft::mpi::object_kind::info) {}
  std::vector<std::pair<std::string, std::string>> entries;
};

namespace weft::mpi {

// The buffer of buffered sends attached to a communicator or a session (buffered_sends.cpp).
struct attached_buffer;
// What a group or communicator keeps of the session it derives from: the session's buffer, which serves
// the buffered sends of its communicators that have none of their own (MPI-4.1, 3.6). Null: the World Model.
using session_buffer_link = std::shared_ptr<attached_buffer>;

}  // namespace weft::mpi

struct weft_group_s : weft::mpi::object_header {
  weft_group_s(weft::mpi::shared_rank_map ranks, weft::mpi::session_buffer_link session) noexcept
      : object_header(weft::mpi::object_kind::group), members(std::move(ranks)), session_buffer(std::move(session)) {}
  weft::mpi::shared_rank_map members;
  weft::mpi::session_buffer_link session_buffer;
};

namespace weft::mpi {

// What a group's collectives keep per communicator: the members on the caller's node (the group itself when
// it lies on one node), the state those share, attached when the member makes its communicator object
// (attach_collectives), and the caller's count of them.
struct collective_group {
  shared_rank_map on_node;
  std::shared_ptr<coll::shared_communicator> state;
  std::uint64_t sequence = 0;
  // Across nodes, the count of the node phases' collectives over `state` (communicator_view::node_sequence).
  std::uint64_t node_sequence = 0;
};

}  // namespace weft::mpi

// A communicator as one of its ranks sees it. The handles MPI_COMM_WORLD and MPI_COMM_SELF are shared by
// all the ranks, so they stand for an object of the calling rank (see communicators.hpp).
struct weft_comm_s : weft::mpi::object_header {
  weft_comm_s() noexcept : object_header(weft::mpi::object_kind::communicator) {}
  ~weft_comm_s() { weft::mpi::release(errhandler); }
  weft_comm_s(const weft_comm_s&) = delete;
  weft_comm_s& operator=(const weft_comm_s&) = delete;

  // Contexts come in pairs: `context` for point-to-point, `context + 1` for collective traffic, which
  // no user receive can match.
  std::uint32_t context = 0;
  int rank = 0;                                      // the calling rank's rank in `local`
  weft::mpi::shared_rank_map local;                  // the members (an intercommunicator's local group)
  weft::mpi::shared_rank_map remote;                 // an intercommunicator's remote group; null otherwise
  std::uint32_t local_context = 0;                   // an intercommunicator's pair for traffic within `local`
  MPI_Errhandler errhandler = MPI_ERRORS_ARE_FATAL;  // held
  std::string name;
  weft::mpi::attribute_list attributes;
  weft::mpi::hint_list hints;           // the hints Weft recognizes, as set
  weft::mpi::shared_topology topology;  // null: none
  // The collectives of the members (see collectives/shared_communicator.hpp). Collectives of a const
  // communicator change them.
  mutable weft::mpi::collective_group collectives;
  // An intercommunicator's two groups as one, the group whose leader has the lower job rank first, for
  // what both groups do together (agreeing on a duplicate's contexts); null for an intracommunicator.
  weft::mpi::shared_rank_map both;
  mutable weft::mpi::collective_group both_collectives;
  // MPI_Comm_attach_buffer's buffer, which the communicator's buffered sends use; null: the rank's.
  std::shared_ptr<weft::mpi::attached_buffer> send_buffer;
  weft::mpi::session_buffer_link session_buffer;  // inherited by the communicators made from this one

  bool is_inter() const noexcept { return remote != nullptr; }
};

// A message taken by MPI_Mprobe or MPI_Improbe, to be received by MPI_Mrecv or MPI_Imrecv; the predefined
// MPI_MESSAGE_NO_PROC (from a probe of MPI_PROC_NULL) has none.
struct weft_message_s : weft::mpi::object_header {
  weft_message_s(weft::shm::message* taken, weft_comm_s* owner) noexcept
      : object_header(weft::mpi::object_kind::message), message(taken), comm(owner) {}
  weft::shm::message* message;
  weft_comm_s* comm;  // the calling rank's communicator object, retained by the holder
};

namespace weft::mpi {

// An operation that left nothing pending (to or from MPI_PROC_NULL, an inactive persistent request, an
// operation completed at once): what its status reports.
struct finished {
  int source = MPI_ANY_SOURCE;
  int tag = MPI_ANY_TAG;
  std::size_t bytes = 0;  // what a file transfer completed at its start moved
};

// A generalized request (MPI_Grequest_start): the user's callbacks, and the flag MPI_Grequest_complete sets,
// possibly from a thread that is not a rank.
struct generalized_operation {
  MPI_Grequest_query_function* query;
  MPI_Grequest_free_function* free;
  MPI_Grequest_cancel_function* cancel;
  void* extra_state;
  runtime::rank* owner;
  std::atomic<bool> complete{false};
};

// A request-based one-sided operation (MPI_Rput, ...) on a member of another node: complete once its
// replies came. It holds its window, whose error handler a failure the target found goes to.
struct rma_operation {
  explicit rma_operation(MPI_Win window) noexcept;
  ~rma_operation();
  rma_operation(const rma_operation&) = delete;
  rma_operation& operator=(const rma_operation&) = delete;

  MPI_Win win;
  rma::reply_group replies;
};

// A nonblocking file transfer (MPI_File_iwrite ...) on the process's transfer thread (io/transfer_thread.hpp):
// done once its data moved, with the bytes of memory moved and the errno that stopped it, if any. It holds
// its file, whose error handler a failure goes to when the request completes (file_data_access.cpp).
struct file_transfer {
  file_transfer(MPI_File transferred, const char* starting_call, bool reading) noexcept;
  ~file_transfer();
  file_transfer(const file_transfer&) = delete;
  file_transfer& operator=(const file_transfer&) = delete;

  MPI_File file;
  const char* call;  // that started it
  bool reads;
  std::size_t bytes = 0;
  int error = 0;
  std::atomic<bool> done{false};
};

enum class send_kind { standard, buffered, synchronous, ready };

// What MPI_Start starts, for a persistent send or receive.
struct persistent_transfer {
  void* buffer;  // const for sends
  int count;
  MPI_Datatype datatype;
  int peer;
  int tag;
  bool receives;
  send_kind send;
};

// What MPI_Start starts, for a persistent collective (MPI_Bcast_init ...): the nonblocking form of the
// collective, on a communicator of the request's own. Ranks may start persistent collectives in different
// orders (MPI-4.1, 7.13; only the hint mpi_assert_strict_persistent_collective_ordering promises one order)
// while a communicator runs its collectives in call order: a channel per request keeps them apart. The
// channel, the datatypes and the operation are held until the request is freed, since the program may
// free its handles of them first.
class persistent_collective {
 public:
  using starter = std::function<int(MPI_Comm channel, MPI_Request* request)>;

  persistent_collective(MPI_Comm channel, starter start, std::vector<MPI_Datatype> types, MPI_Op op)
      : plan_(std::make_unique<plan>(channel, std::move(start), std::move(types), op)) {}

  MPI_Comm channel() const noexcept { return plan_->channel; }
  // Starts the collective on the channel as its nonblocking call would; *request receives the request.
  int start(MPI_Request* request) const { return plan_->start(plan_->channel, request); }

 private:
  // Behind a pointer: a request, made at every nonblocking call, stays small.
  struct plan {
    plan(MPI_Comm held_channel, starter starting, std::vector<MPI_Datatype> held_types, MPI_Op held_op) noexcept
        : channel(held_channel), start(std::move(starting)), types(std::move(held_types)), op(held_op) {
      for (MPI_Datatype type : types) retain(type);
      if (op != MPI_OP_NULL) retain(op);
    }
    plan(const plan&) = delete;
    plan& operator=(const plan&) = delete;
    ~plan() {
      for (MPI_Datatype type : types) release(type);
      if (op != MPI_OP_NULL) release(op);
      release(channel);
    }

    MPI_Comm channel;
    starter start;
    std::vector<MPI_Datatype> types;
    MPI_Op op;
  };
  std::unique_ptr<plan> plan_;
};

// What MPI_Start starts for a partitioned send or receive (MPI_Psend_init, MPI_Precv_init). Between ranks of
// one node, a channel (shm/partitioned_channel.hpp) copies each partition as soon as it is ready and the
// receiver has started. Across nodes, the whole buffer travels as one message once its last partition is
// ready, on the communicator's collective context, which no other receive matches, tagged from the user's
// tag below the range of Weft's other tags; there at most one partitioned send and one receive per
// (communicator, peer, tag) live on a rank (partitioned.cpp refuses more), so that matching by start order
// is matching by init order, as MPI-4.1 (4.2.2) asks.
class persistent_partitioned {
 public:
  persistent_partitioned(void* buffer, int partitions, MPI_Count count, MPI_Datatype datatype, int peer, int tag,
                         bool receives, std::uint32_t context) noexcept
      : buffer_(buffer),
        partitions_(partitions),
        count_(count),
        datatype_(retain(datatype)),
        peer_(peer),
        tag_(tag),
        receives_(receives),
        context_(context) {}
  persistent_partitioned(const persistent_partitioned&) = delete;
  persistent_partitioned& operator=(const persistent_partitioned&) = delete;
  ~persistent_partitioned();  // partitioned.cpp: forgets the channel, releases the datatype

  void* buffer() const noexcept { return buffer_; }
  int partitions() const noexcept { return partitions_; }
  MPI_Count count() const noexcept { return count_; }  // per partition
  MPI_Datatype datatype() const noexcept { return datatype_; }
  int peer() const noexcept { return peer_; }
  int tag() const noexcept { return tag_; }
  bool receives() const noexcept { return receives_; }

  // A send's partitions made ready since its last MPI_Start.
  std::vector<bool> ready;
  int ready_count = 0;
  // With a peer on this node: where the two sides meet; null across nodes.
  std::shared_ptr<weft::shm::partitioned_channel> channel;

 private:
  void* buffer_;
  int partitions_;
  MPI_Count count_;
  MPI_Datatype datatype_;
  int peer_;
  int tag_;
  bool receives_;
  std::uint32_t context_;  // the communicator's point-to-point context, which names the channel
};

// Behind a pointer: a request, made at every nonblocking call, stays small.
using partitioned_binding = std::unique_ptr<persistent_partitioned>;

using persistent_operation = std::variant<persistent_transfer, persistent_collective, partitioned_binding>;

// The partitioned operation `request` is bound to, or null.
inline persistent_partitioned* partitioned_of(const weft_request_s& request) noexcept;

struct paired_send;

}  // namespace weft::mpi

struct weft_request_s final : weft::mpi::object_header {
  // `owner` is the calling rank's communicator object (see resolve()), or null for generalized requests.
  explicit weft_request_s(weft_comm_s* owner) noexcept
      : object_header(weft::mpi::object_kind::request), comm(owner != nullptr ? weft::mpi::retain(owner) : nullptr) {}
  ~weft_request_s();
  weft_request_s(const weft_request_s&) = delete;
  weft_request_s& operator=(const weft_request_s&) = delete;

  // Requests come and go with every nonblocking call: they are kept for reuse per thread
  // (request_allocation.cpp), so a window of them costs no call to malloc.
  static void* operator new(std::size_t bytes);
  static void operator delete(void* request) noexcept;

  weft_comm_s* comm;
  MPI_Datatype datatype = nullptr;  // retained while an operation may read or write through its layout
  std::variant<weft::mpi::finished, weft::shm::send_request, weft::shm::recv_request, weft::mpi::generalized_operation,
               weft::coll::pending_collective, weft::mpi::rma_operation, weft::mpi::file_transfer>
      operation;
  std::optional<weft::mpi::persistent_operation> persistent;
  // A data-movement collective's first block too large for its room, reported when it completes.
  weft::coll::truncation truncated;
  // MPI_Isendrecv and MPI_Isendrecv_replace: the send that completes together with this request's receive.
  std::unique_ptr<weft::mpi::paired_send> paired;
  // Arguments converted for the call that made the request, which its operation reads until it completes,
  // or at every start: a large-count v collective's counts as ints (large_counts.hpp), a Fortran persistent
  // alltoallw's datatypes as handles.
  std::vector<std::shared_ptr<const void>> converted_arguments;
  bool active = true;  // false for a persistent request between its completion and the next MPI_Start
  bool cancelled = false;
};

namespace weft::mpi {

// The send half of MPI_Isendrecv, and for MPI_Isendrecv_replace where the received message waits, packed,
// until the send from the same buffer is gone (then it is unpacked into `buffer`, the request's outcome).
struct paired_send {
  explicit paired_send(weft_comm_s* owner) noexcept : send(owner) {}
  weft_request_s send;
  std::vector<std::byte> staging;
  void* buffer = nullptr;
  int count = 0;
  MPI_Datatype datatype = nullptr;  // held by `send`
};

}  // namespace weft::mpi

inline weft_request_s::~weft_request_s() {
  if (comm != nullptr) weft::mpi::release(comm);
  if (datatype != nullptr) weft::mpi::release(datatype);
}

inline weft::mpi::persistent_partitioned* weft::mpi::partitioned_of(const weft_request_s& request) noexcept {
  if (!request.persistent) return nullptr;
  const auto* bound = std::get_if<partitioned_binding>(&*request.persistent);
  return bound != nullptr ? bound->get() : nullptr;
}

// A window as one of its members sees it (MPI-3.1, chapter 11). What the members share, their memory
// and the state their synchronization meets in, is the rma::window; this object holds what MPI keeps per
// process: the member's view of its own segment for the attributes, the error handler, name, attributes
// and hints, and the epochs the member has open.
struct weft_win_s : weft::mpi::object_header {
  weft_win_s() noexcept : object_header(weft::mpi::object_kind::window) {}
  ~weft_win_s();
  weft_win_s(const weft_win_s&) = delete;
  weft_win_s& operator=(const weft_win_s&) = delete;

  std::shared_ptr<weft::rma::window> shared;
  // The creating communicator's members on a context of the window's own, for its collective calls
  // (fence, free) and its group; held.
  MPI_Comm comm = nullptr;
  int rank = 0;
  // The values of MPI_WIN_BASE, MPI_WIN_SIZE, MPI_WIN_DISP_UNIT, MPI_WIN_CREATE_FLAVOR and MPI_WIN_MODEL,
  // which MPI_Win_get_attr returns pointers to.
  void* base = nullptr;
  MPI_Aint size = 0;
  int disp_unit = 1;
  int flavor = MPI_WIN_FLAVOR_CREATE;
  int model = MPI_WIN_UNIFIED;
  MPI_Errhandler errhandler = MPI_ERRORS_ARE_FATAL;  // held
  std::string name;
  weft::mpi::attribute_list attributes;
  weft::mpi::hint_list hints;  // as given at creation or by MPI_Win_set_info
  weft::rma::epochs epochs;
  weft::rma::remote_origin remote;  // this rank's operations on members of other nodes, until answered
};
