// Windows (MPI-3.1, 11.2): creation in its four flavors, MPI_Win_free, the shared-memory query, dynamic
// attach and detach, the group and the hints. Creation is collective over the communicator: its members
// agree on a context for the window's own communicator, the member of lowest rank on each node makes the
// state that node's members share and tells them its address (across nodes, every member also learns the
// other nodes' windows and the segments of their members), each member publishes its segment there, and
// a reduction over whether every member could allocate its memory ends the call on all members together.

#include <algorithm>
#include <cstring>
#include <string_view>

#include "mpi_api/call_guard.hpp"
#include "mpi_api/communicators.hpp"
#include "mpi_api/context_ids.hpp"
#include "mpi_api/element_ops.hpp"
#include "mpi_api/groups.hpp"
#include "mpi_api/pmpi.hpp"
#include "mpi_api/window_checks.hpp"
#include "rma/remote_transport.hpp"
#include "runtime/job.hpp"

using namespace weft::mpi;
namespace rma = weft::rma;

weft_win_s::~weft_win_s() {
  if (comm != nullptr) release(comm);
  release(errhandler);
}

namespace weft::mpi {

rma_operation::rma_operation(MPI_Win window) noexcept : win(retain(window)) {}
rma_operation::~rma_operation() { release(win); }

}  // namespace weft::mpi

namespace {

// The hint that decides how a shared window's memory is laid out: given at creation, fixed afterwards.
constexpr std::string_view layout_hint = "alloc_shared_noncontig";

// The hints a window reports (MPI_Win_get_info), with the values MPI-3.1 gives them by default.
std::vector<std::pair<std::string, std::string>> default_hints(rma::flavor flavor) {
  std::vector<std::pair<std::string, std::string>> hints{{"no_locks", "false"},
                                                         {"accumulate_ordering", "rar,raw,war,waw"},
                                                         {"accumulate_ops", "same_op_no_op"},
                                                         {"same_size", "false"},
                                                         {"same_disp_unit", "false"}};
  if (flavor == rma::flavor::shared) hints.emplace_back(layout_hint, "false");
  return hints;
}

// Takes the values `info` gives to the hints a window knows; the others are not kept, nor, after the
// window is made, a new value of the layout hint, which could not be true of the memory.
void apply_hints(std::vector<std::pair<std::string, std::string>>& hints, MPI_Info info, bool made) {
  if (info == MPI_INFO_NULL) return;
  for (const auto& [key, value] : info->entries)
    for (auto& hint : hints)
      if (hint.first == key && !(made && key == layout_hint)) hint.second = value;
}

bool hint_is_true(const std::vector<std::pair<std::string, std::string>>& hints, std::string_view key) {
  return std::any_of(hints.begin(), hints.end(),
                     [&](const auto& hint) { return hint.first == key && hint.second == "true"; });
}

constexpr int flavor_constant(rma::flavor flavor) {
  switch (flavor) {
    case rma::flavor::create:
      return MPI_WIN_FLAVOR_CREATE;
    case rma::flavor::allocate:
      return MPI_WIN_FLAVOR_ALLOCATE;
    case rma::flavor::dynamic:
      return MPI_WIN_FLAVOR_DYNAMIC;
    case rma::flavor::shared:
      return MPI_WIN_FLAVOR_SHARED;
  }
  return MPI_WIN_FLAVOR_CREATE;
}

struct window_request {
  rma::flavor flavor;
  MPI_Aint size;
  int disp_unit;
  void* base;  // MPI_Win_create's memory
};

bool allocates(rma::flavor flavor) { return flavor == rma::flavor::allocate || flavor == rma::flavor::shared; }

int check_creation(const char* call, MPI_Comm comm, const window_request& request, MPI_Info info, void* baseptr,
                   MPI_Win* win) {
  if (int error = check_ready(call, comm)) return error;
  if (allocates(request.flavor))
    if (int error = check_output(call, comm, baseptr, "baseptr")) return error;
  if (int error = check_intracommunicator(call, comm)) return error;
  // Shared windows need memory every member can load and store (MPI_ERR_RMA_SHARED, as MPI-3.1 names the
  // case and Open MPI reports it).
  if (request.flavor == rma::flavor::shared)
    if (int error = check_on_one_node(call, comm, MPI_ERR_RMA_SHARED, "shared windows need all members on one node"))
      return error;
  if (request.size < 0) [[unlikely]]
    return raise_error(comm, MPI_ERR_SIZE, call, "negative size %ld", static_cast<long>(request.size));
  if (request.disp_unit <= 0) [[unlikely]]
    return raise_error(comm, MPI_ERR_DISP, call, "disp_unit %d is not positive", request.disp_unit);
  if (info != MPI_INFO_NULL)
    if (int error = check_info(call, comm, info, "info")) return error;
  return check_output(call, comm, win, "win");
}

// What each member tells the others when a window spans nodes: its node's window (from the member that
// made it), and its segment.
struct member_card {
  std::uint64_t node_window;
  std::uint64_t size;
  int disp_unit;
};

// Collective over a window spanning nodes, after the member of lowest rank on each node made its node's
// window (`made`, null on the other members): every member's card, and the members of other nodes recorded
// in the node's window. Returns the calling member's node window.
rma::window* share_across_nodes(weft_comm_s& own, rma::window* made, const window_request& request) {
  static const bool decoder_installed = (rma::install_element_op_decoder(element_op_of_code), true);
  (void)decoder_installed;
  int members = own.local->size();
  const weft::runtime::node_map& nodes = weft::runtime::job::current().nodes();
  member_card mine{reinterpret_cast<std::uintptr_t>(made), static_cast<std::uint64_t>(request.size), request.disp_unit};
  std::vector<member_card> cards(members);
  PMPI_Allgather(&mine, sizeof mine, MPI_BYTE, cards.data(), sizeof mine, MPI_BYTE, &own);
  // The first member of each node made its window.
  std::vector<int> first_of_node(nodes.node_count(), -1);
  for (int r = 0; r < members; ++r)
    if (int& first = first_of_node[nodes.node_of(own.local->job_rank(r))]; first < 0) first = r;
  int this_node = nodes.this_node();
  auto* window = reinterpret_cast<rma::window*>(cards[first_of_node[this_node]].node_window);
  if (made == nullptr) return window;
  std::vector<rma::remote_member> remote(members), other_nodes;
  for (int r = 0; r < members; ++r) {
    int job_rank = own.local->job_rank(r), node = nodes.node_of(job_rank);
    if (node == this_node) continue;
    const member_card& card = cards[r];
    remote[r] = {job_rank, cards[first_of_node[node]].node_window, card.size, card.disp_unit};
    if (first_of_node[node] == r) other_nodes.push_back(remote[r]);
  }
  made->set_remote(std::move(remote), std::move(other_nodes));
  return window;
}

// The lowest rank of `comm` on the caller's node.
int first_on_this_node(const weft_comm_s& comm) {
  int first = 0;
  while (comm.collectives.on_node->rank_of(comm.local->job_rank(first)) == MPI_UNDEFINED) ++first;
  return first;
}

// Collective: the window of `request` over the members of `comm`; stores the calling member's segment in
// *baseptr for the flavors that allocate it.
int make_window(const char* call, MPI_Comm comm, const window_request& request, MPI_Info info, void* baseptr,
                MPI_Win* win) {
  if (int error = check_creation(call, comm, request, info, baseptr, win)) return error;
  weft_comm_s& parent = *resolve(comm);
  weft_comm_s* own = new_intracommunicator(parent, parent.local, agree_on_context(parent));
  int rank = own->rank, members = own->local->size();
  bool spans_nodes = own->collectives.on_node->size() != members;

  auto hints = default_hints(request.flavor);
  apply_hints(hints, info, false);
  bool contiguous = request.flavor == rma::flavor::shared && !hint_is_true(hints, layout_hint);
  std::vector<std::size_t> sizes(contiguous ? members : 0);
  auto size = static_cast<std::size_t>(request.size);
  if (contiguous) PMPI_Allgather(&size, sizeof size, MPI_BYTE, sizes.data(), sizeof size, MPI_BYTE, own);

  std::shared_ptr<rma::window> shared;
  int failed = 0;
  if (rank == first_on_this_node(*own)) {
    shared = std::make_shared<rma::window>(members, request.flavor);
    if (contiguous && !shared->allocate_contiguous(sizes)) failed = 1;
  }
  rma::window* made = shared.get();
  if (spans_nodes)
    made = share_across_nodes(*own, made, request);
  else
    PMPI_Bcast(&made, sizeof(rma::window*), MPI_BYTE, 0, own);
  // The maker holds its reference until the reduction below, which every member enters after this.
  if (shared == nullptr) shared = made->shared_from_this();

  rma::window_member& self = shared->member(rank);
  self.size = size;
  self.disp_unit = request.disp_unit;
  switch (request.flavor) {
    case rma::flavor::create:
      self.base = static_cast<std::byte*>(request.base);
      break;
    case rma::flavor::dynamic:
      break;
    case rma::flavor::allocate:
    case rma::flavor::shared:
      if (contiguous) {
        self.base = shared->contiguous_segment(rank);
      } else {
        self.owned = rma::window_memory::allocate(size);
        self.base = self.owned.data();
        if (size != 0 && !self.owned) failed = 1;
      }
      break;
  }
  int any_failed = 0;
  PMPI_Allreduce(&failed, &any_failed, 1, MPI_INT, MPI_MAX, own);
  if (any_failed != 0) {
    release(own);
    if (failed != 0)
      return raise_error(comm, MPI_ERR_NO_MEM, call, "could not allocate %ld bytes for the window",
                         static_cast<long>(request.size));
    return raise_error(comm, MPI_ERR_NO_MEM, call, "another member could not allocate its part of the window");
  }

  auto* made_win = new weft_win_s();
  made_win->shared = std::move(shared);
  made_win->comm = own;
  made_win->rank = rank;
  made_win->base = self.base;
  made_win->size = request.flavor == rma::flavor::dynamic ? 0 : request.size;
  made_win->disp_unit = request.disp_unit;
  made_win->flavor = flavor_constant(request.flavor);
  made_win->hints = std::move(hints);
  if (allocates(request.flavor)) *static_cast<void**>(baseptr) = self.base;
  *win = made_win;
  return MPI_SUCCESS;
}

}  // namespace

WEFT_PMPI_ALIAS(Win_create)
extern "C" int PMPI_Win_create(void* base, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, MPI_Win* win) {
  const call_guard guard(WEFT_CALL_NAME);
  return make_window(WEFT_CALL_NAME, comm, {rma::flavor::create, size, disp_unit, base}, info, nullptr, win);
}

WEFT_PMPI_ALIAS(Win_allocate)
extern "C" int PMPI_Win_allocate(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void* baseptr,
                                 MPI_Win* win) {
  const call_guard guard(WEFT_CALL_NAME);
  return make_window(WEFT_CALL_NAME, comm, {rma::flavor::allocate, size, disp_unit, nullptr}, info, baseptr, win);
}

WEFT_PMPI_ALIAS(Win_allocate_shared)
extern "C" int PMPI_Win_allocate_shared(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void* baseptr,
                                        MPI_Win* win) {
  const call_guard guard(WEFT_CALL_NAME);
  return make_window(WEFT_CALL_NAME, comm, {rma::flavor::shared, size, disp_unit, nullptr}, info, baseptr, win);
}

WEFT_PMPI_ALIAS(Win_create_dynamic)
extern "C" int PMPI_Win_create_dynamic(MPI_Info info, MPI_Comm comm, MPI_Win* win) {
  const call_guard guard(WEFT_CALL_NAME);
  return make_window(WEFT_CALL_NAME, comm, {rma::flavor::dynamic, 0, 1, nullptr}, info, nullptr, win);
}

// Collective. No member may still be accessing another's memory, so all wait for their operations on other
// nodes and for each other first.
WEFT_PMPI_ALIAS(Win_free)
extern "C" int PMPI_Win_free(MPI_Win* win) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_output(call, MPI_COMM_WORLD, win, "win")) return error;
  if (int error = check_window(call, *win)) return error;
  MPI_Win w = *win;
  if (!w->epochs.may_free()) [[unlikely]]
    return raise_error(w, MPI_ERR_RMA_SYNC, call,
                       "the window still has a lock, lock_all, start or post epoch open on this rank");
  if (int error = delete_attributes(call, w, w, w->attributes)) return error;
  if (int error = complete_remote_operations(call, w)) return error;
  PMPI_Barrier(w->comm);
  release(w);
  *win = MPI_WIN_NULL;
  return MPI_SUCCESS;
}

// Every member's segment is in this process, so, as MPI-4.0 allows where memory can be shared, the query
// answers for windows made by MPI_Win_create and MPI_Win_allocate too; a dynamic window has no segment.
WEFT_PMPI_ALIAS(Win_shared_query)
extern "C" int PMPI_Win_shared_query(MPI_Win win, int rank, MPI_Aint* size, int* disp_unit, void* baseptr) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_window(call, win)) return error;
  if (win->flavor == MPI_WIN_FLAVOR_DYNAMIC) [[unlikely]]
    return raise_error(win, MPI_ERR_RMA_FLAVOR, call, "a dynamic window has no segments to query");
  if (int error = check_target(call, win, rank, "rank")) return error;
  if (int error = check_output(call, win, size, "size")) return error;
  if (int error = check_output(call, win, disp_unit, "disp_unit")) return error;
  if (int error = check_output(call, win, baseptr, "baseptr")) return error;
  rma::window& shared = *win->shared;
  if (rank == MPI_PROC_NULL) {
    // The lowest rank with memory, or rank 0 when none has any.
    rank = 0;
    while (rank + 1 < shared.size() && shared.member(rank).size == 0) ++rank;
    if (shared.member(rank).size == 0) rank = 0;
  }
  const rma::window_member& member = shared.member(rank);
  *size = static_cast<MPI_Aint>(member.size);
  *disp_unit = member.disp_unit;
  *static_cast<void**>(baseptr) = member.base;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Win_attach)
extern "C" int PMPI_Win_attach(MPI_Win win, void* base, MPI_Aint size) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_window(call, win)) return error;
  if (int error = check_flavor(call, win, MPI_WIN_FLAVOR_DYNAMIC, "dynamic (MPI_Win_create_dynamic)")) return error;
  if (size < 0) [[unlikely]]
    return raise_error(win, MPI_ERR_SIZE, call, "negative size %ld", static_cast<long>(size));
  if (base == nullptr && size > 0) [[unlikely]]
    return raise_error(win, MPI_ERR_RMA_ATTACH, call, "base is NULL");
  if (!win->shared->member(win->rank).attach({static_cast<std::byte*>(base), static_cast<std::size_t>(size)}))
      [[unlikely]]
    return raise_error(win, MPI_ERR_RMA_ATTACH, call, "[%p, %p) overlaps memory already attached", base,
                       static_cast<void*>(static_cast<std::byte*>(base) + size));
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Win_detach)
extern "C" int PMPI_Win_detach(MPI_Win win, const void* base) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_window(call, win)) return error;
  if (int error = check_flavor(call, win, MPI_WIN_FLAVOR_DYNAMIC, "dynamic (MPI_Win_create_dynamic)")) return error;
  if (!win->shared->member(win->rank).detach(static_cast<const std::byte*>(base))) [[unlikely]]
    return raise_error(win, MPI_ERR_RMA_ATTACH, call, "no memory attached at %p", base);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Win_get_group)
extern "C" int PMPI_Win_get_group(MPI_Win win, MPI_Group* group) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_window(call, win)) return error;
  if (int error = check_output(call, win, group, "group")) return error;
  *group = make_group(win->comm->local, win->comm->session_buffer);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Win_set_info)
extern "C" int PMPI_Win_set_info(MPI_Win win, MPI_Info info) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_window(call, win)) return error;
  if (int error = check_info(call, win, info, "info")) return error;
  apply_hints(win->hints, info, true);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Win_get_info)
extern "C" int PMPI_Win_get_info(MPI_Win win, MPI_Info* info_used) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_window(call, win)) return error;
  if (int error = check_output(call, win, info_used, "info_used")) return error;
  auto* info = new weft_info_s();
  info->entries = win->hints;
  *info_used = info;
  return MPI_SUCCESS;
}
