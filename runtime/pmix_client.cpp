#include "runtime/pmix_client.hpp"

#include <pmix.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstring>

#include "runtime/forwarded_signal.hpp"
#include "runtime/report.hpp"
#include "runtime/watchdog.hpp"

namespace weft::runtime {
namespace {

void check(pmix_status_t status, const char* call) {
  if (status == PMIX_SUCCESS) return;
  leave_ending_to_watchdog();
  fatal(1, "%s failed: %s", call, PMIx_Error_string(status));
}

pmix_proc_t process(const std::string& nspace, int rank) {
  pmix_proc_t proc;
  PMIX_LOAD_PROCID(&proc, nspace.c_str(), static_cast<pmix_rank_t>(rank));
  return proc;
}

// This node's index, for the event handler, which runs on PMIx's own thread.
int this_node = -1;

// The launcher is gone (mpirun ended, or its host is unreachable): nothing can end this process any more
// but itself. A node on another host, started through ssh without a terminal, would otherwise live on.
void on_lost_launcher(std::size_t, pmix_status_t status, const pmix_proc_t*, pmix_info_t*, std::size_t, pmix_info_t*,
                      std::size_t, pmix_event_notification_cbfunc_fn_t, void*) {
  fatal(1, "node %d lost its connection to the job's launcher (%s); ending", this_node, PMIx_Error_string(status));
}

// A signal mpirun was sent, for this node on another host: raised here as if mpirun had sent it to
// this process, so the program's handlers or the signal's default action take it.
void on_forwarded_signal(std::size_t, pmix_status_t, const pmix_proc_t*, pmix_info_t info[], std::size_t count,
                         pmix_info_t*, std::size_t, pmix_event_notification_cbfunc_fn_t done, void* context) {
  int signal_number = 0, node = -1;
  for (std::size_t i = 0; i < count; ++i) {
    if (info[i].value.type != PMIX_INT) continue;
    if (std::strcmp(info[i].key, forwarded_signal_key) == 0) signal_number = info[i].value.data.integer;
    if (std::strcmp(info[i].key, forwarded_signal_node_key) == 0) node = info[i].value.data.integer;
  }
  if (node == this_node && signal_number > 0) ::kill(::getpid(), signal_number);
  if (done != nullptr) done(PMIX_EVENT_ACTION_COMPLETE, nullptr, 0, nullptr, nullptr, context);
}

}  // namespace

pmix_client::pmix_client() {
  pmix_proc_t self;
  pmix_status_t status = PMIx_Init(&self, nullptr, 0);
  if (status != PMIX_SUCCESS)
    fatal(1,
          "this program is a node of a job across nodes (WEFT_NODE_RANKS is set) but reaches no PMIx server "
          "(%s): start it with mpirun, or inside Slurm with srun --mpi=pmix",
          PMIx_Error_string(status));
  nspace_ = self.nspace;
  node_ = static_cast<int>(self.rank);
  this_node = node_;
  pmix_status_t lost[] = {PMIX_ERR_LOST_CONNECTION, PMIX_ERR_UNREACH};
  PMIx_Register_event_handler(lost, 2, nullptr, 0, on_lost_launcher, nullptr, nullptr);
  pmix_status_t forwarded = forwarded_signal_event;
  PMIx_Register_event_handler(&forwarded, 1, nullptr, 0, on_forwarded_signal, nullptr, nullptr);
  pmix_proc_t job = process(nspace_, PMIX_RANK_WILDCARD);
  pmix_value_t* size = nullptr;
  check(PMIx_Get(&job, PMIX_JOB_SIZE, nullptr, 0, &size), "PMIx_Get(PMIX_JOB_SIZE)");
  node_count_ = static_cast<int>(size->data.uint32);
  PMIX_VALUE_RELEASE(size);
}

pmix_client::~pmix_client() { PMIx_Finalize(nullptr, 0); }

void pmix_client::publish(const std::string& key, std::span<const std::byte> value) {
  pmix_value_t entry;
  PMIX_VALUE_CONSTRUCT(&entry);
  entry.type = PMIX_BYTE_OBJECT;
  entry.data.bo.bytes = const_cast<char*>(reinterpret_cast<const char*>(value.data()));
  entry.data.bo.size = value.size();
  check(PMIx_Put(PMIX_GLOBAL, key.c_str(), &entry), "PMIx_Put");
}

void pmix_client::exchange() {
  check(PMIx_Commit(), "PMIx_Commit");
  pmix_info_t collect;
  bool yes = true;
  PMIX_INFO_LOAD(&collect, PMIX_COLLECT_DATA, &yes, PMIX_BOOL);
  check(PMIx_Fence(nullptr, 0, &collect, 1), "PMIx_Fence");
  PMIX_INFO_DESTRUCT(&collect);
}

void pmix_client::fence_while(const std::function<void()>& meanwhile) {
  struct fence_state {
    std::atomic<bool> done{false};
    pmix_status_t status = PMIX_SUCCESS;
  } fence;
  auto on_fence = [](pmix_status_t status, void* state) {
    auto* f = static_cast<fence_state*>(state);
    f->status = status;
    f->done.store(true, std::memory_order_release);
  };
  check(PMIx_Fence_nb(nullptr, 0, nullptr, 0, on_fence, &fence), "PMIx_Fence_nb");
  while (!fence.done.load(std::memory_order_acquire)) meanwhile();
  check(fence.status, "PMIx_Fence_nb");
}

std::vector<std::byte> pmix_client::lookup(int node, const std::string& key) {
  pmix_proc_t peer = process(nspace_, node);
  pmix_value_t* found = nullptr;
  pmix_status_t status = PMIx_Get(&peer, key.c_str(), nullptr, 0, &found);
  if (status != PMIX_SUCCESS || found->type != PMIX_BYTE_OBJECT)
    fatal(1, "node %d: what node %d published as %s is missing (%s)", node_, node, key.c_str(),
          PMIx_Error_string(status));
  const auto* bytes = reinterpret_cast<const std::byte*>(found->data.bo.bytes);
  std::vector<std::byte> value(bytes, bytes + found->data.bo.size);
  PMIX_VALUE_RELEASE(found);
  return value;
}

}  // namespace weft::runtime
