#include "pmix_server.hpp"

#include <pmix.h>
#include <pmix_server.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <utility>
#include <vector>

#include "runtime/forwarded_signal.hpp"

namespace weft::tools {
namespace {

// The job's namespace; one mpirun runs one job.
constexpr const char* job_namespace = "weft";

// What PMIx's thread hands the main loop. PMIx calls the module without a pointer of ours, hence the
// one instance per process.
struct shared_state {
  std::mutex lock;
  std::optional<abort_request> abort;
  int abort_event = -1;
  int clients = 0;
  std::atomic<int> finalized_clients = 0;
  // Whether each node's process has reached the server: behind a remote shell, what tells a node that
  // ended there from a host that was never reached.
  std::unique_ptr<std::atomic<bool>[]> connected;
};
shared_state* state = nullptr;

// One server holds every client, so the data PMIx passes in is all of it; handing it back completes
// the fence for every client.
pmix_status_t fence_nb(const pmix_proc_t[], size_t, const pmix_info_t[], size_t, char* data, size_t size,
                       pmix_modex_cbfunc_t done, void* context) {
  if (done) done(PMIX_SUCCESS, data, size, context, nullptr, nullptr);
  return PMIX_SUCCESS;
}

pmix_status_t client_connected(const pmix_proc_t* client, void*, pmix_op_cbfunc_t, void*) {
  state->connected[client->rank].store(true, std::memory_order_relaxed);
  return PMIX_OPERATION_SUCCEEDED;
}
// Counted, because whether every client finalized decides how the server can end.
pmix_status_t client_finalized(const pmix_proc_t*, void*, pmix_op_cbfunc_t, void*) {
  ++state->finalized_clients;
  return PMIX_OPERATION_SUCCEEDED;
}

// The whole job ends on any abort, whatever processes the client named. The request is recorded
// before the client is released, so mpirun knows of the abort before the client can exit.
pmix_status_t abort_job(const pmix_proc_t* client, void*, int status, const char message[], pmix_proc_t[], size_t,
                        pmix_op_cbfunc_t, void*) {
  {
    std::lock_guard guard(state->lock);
    if (!state->abort) state->abort = abort_request{static_cast<int>(client->rank), status, message ? message : ""};
  }
  std::uint64_t one = 1;
  [[maybe_unused]] auto written = ::write(state->abort_event, &one, sizeof one);
  return PMIX_OPERATION_SUCCEEDED;
}

pmix_server_module_t server_module = [] {
  pmix_server_module_t module{};
  module.client_connected = client_connected;
  module.client_finalized = client_finalized;
  module.abort = abort_job;
  module.fence_nb = fence_nb;
  return module;
}();

std::string failure(const char* what, pmix_status_t status) {
  return std::string(what) + " failed: " + PMIx_Error_string(status);
}

// Job-level information every client can read: the node count as the job size, and where each node
// runs. Every client is served by this one server, so all of them are its local peers.
std::optional<std::string> register_job(const node_plan& plan) {
  const int nodes = static_cast<int>(plan.nodes.size());
  std::string peers;
  // PMIx's maps list each host once, with the clients on it ("0,1;2" for hosts a,a,b).
  std::string distinct_hosts;
  std::string clients_by_host;
  for (int node = 0; node < nodes; ++node) {
    bool new_host = node == 0 || plan.nodes[node].host != plan.nodes[node - 1].host;
    if (new_host && node > 0) {
      distinct_hosts += ',';
      clients_by_host += ';';
    } else if (!new_host) {
      clients_by_host += ',';
    }
    if (new_host) distinct_hosts += plan.nodes[node].host;
    clients_by_host += std::to_string(node);
    peers += (node > 0 ? "," : "") + std::to_string(node);
  }

  char* node_map = nullptr;
  char* process_map = nullptr;
  if (pmix_status_t status = PMIx_generate_regex(distinct_hosts.c_str(), &node_map); status != PMIX_SUCCESS)
    return failure("PMIx_generate_regex", status);
  if (pmix_status_t status = PMIx_generate_ppn(clients_by_host.c_str(), &process_map); status != PMIX_SUCCESS) {
    std::free(node_map);
    return failure("PMIx_generate_ppn", status);
  }

  auto size = static_cast<std::uint32_t>(nodes);
  pmix_info_t* info;
  constexpr std::size_t info_count = 7;
  PMIX_INFO_CREATE(info, info_count);
  PMIX_INFO_LOAD(&info[0], PMIX_JOB_SIZE, &size, PMIX_UINT32);
  PMIX_INFO_LOAD(&info[1], PMIX_UNIV_SIZE, &size, PMIX_UINT32);
  PMIX_INFO_LOAD(&info[2], PMIX_MAX_PROCS, &size, PMIX_UINT32);
  PMIX_INFO_LOAD(&info[3], PMIX_LOCAL_SIZE, &size, PMIX_UINT32);
  PMIX_INFO_LOAD(&info[4], PMIX_LOCAL_PEERS, peers.c_str(), PMIX_STRING);
  PMIX_INFO_LOAD(&info[5], PMIX_NODE_MAP, node_map, PMIX_REGEX);
  PMIX_INFO_LOAD(&info[6], PMIX_PROC_MAP, process_map, PMIX_REGEX);
  std::free(node_map);
  std::free(process_map);

  pmix_nspace_t name;
  PMIX_LOAD_NSPACE(name, job_namespace);
  // Without a callback, registration completes before the call returns.
  pmix_status_t status = PMIx_server_register_nspace(name, nodes, info, info_count, nullptr, nullptr);
  PMIX_INFO_FREE(info, info_count);
  if (status != PMIX_SUCCESS && status != PMIX_OPERATION_SUCCEEDED)
    return failure("PMIx_server_register_nspace", status);
  return std::nullopt;
}

}  // namespace

pmix_server::pmix_server() = default;

std::variant<std::unique_ptr<pmix_server>, std::string> pmix_server::start(const node_plan& plan,
                                                                           const pmix_listen_address& address) {
  // PMIx's shared-memory stores would hand clients on other hosts paths on this one; the hash store
  // serves every client through its connection. PMIx reads this choice only from the environment.
  ::setenv("PMIX_MCA_gds", "hash", 1);

  std::vector<pmix_info_t> info(address.interface ? 3 : 2);
  bool yes = true;
  // Only IPv4: the address the clients get is then the interface's IPv4 address (127.0.0.1 locally).
  PMIX_INFO_LOAD(&info[0], PMIX_TCP_DISABLE_IPV6, &yes, PMIX_BOOL);
  PMIX_INFO_LOAD(&info[1], PMIX_SERVER_REMOTE_CONNECTIONS, &address.remote_clients, PMIX_BOOL);
  if (address.interface) PMIX_INFO_LOAD(&info[2], PMIX_TCP_IF_INCLUDE, address.interface->c_str(), PMIX_STRING);

  auto shared = std::make_unique<shared_state>();
  shared->abort_event = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (shared->abort_event < 0) return std::string("cannot create an event descriptor: ") + std::strerror(errno);
  shared->clients = static_cast<int>(plan.nodes.size());
  shared->connected = std::make_unique<std::atomic<bool>[]>(plan.nodes.size());
  state = shared.release();

  pmix_status_t status = PMIx_server_init(&server_module, info.data(), info.size());
  for (pmix_info_t& entry : info) PMIX_INFO_DESTRUCT(&entry);
  if (status != PMIX_SUCCESS) {
    ::close(state->abort_event);
    delete std::exchange(state, nullptr);
    return failure("PMIx_server_init", status);
  }
  std::unique_ptr<pmix_server> server(new pmix_server);
  if (auto error = register_job(plan)) return *error;
  return server;
}

pmix_server::~pmix_server() {
  // PMIx 4.2 crashes in PMIx_server_finalize (and hangs in PMIx_server_deregister_nspace) after
  // clients died without finalizing. mpirun exits right after the job, so the server is then left to
  // the end of the process, which closes its sockets; its thread may still call the module, so the
  // shared state stays too.
  if (state->finalized_clients != state->clients) return;
  PMIx_server_finalize();
  ::close(state->abort_event);
  delete std::exchange(state, nullptr);
}

std::variant<std::vector<std::string>, std::string> pmix_server::client_environment(int node) {
  pmix_proc_t client;
  PMIX_LOAD_PROCID(&client, job_namespace, static_cast<pmix_rank_t>(node));
  pmix_status_t status = PMIx_server_register_client(&client, ::getuid(), ::getgid(), nullptr, nullptr, nullptr);
  if (status != PMIX_SUCCESS && status != PMIX_OPERATION_SUCCEEDED)
    return failure("PMIx_server_register_client", status);
  char** variables = nullptr;
  status = PMIx_server_setup_fork(&client, &variables);
  if (status != PMIX_SUCCESS) return failure("PMIx_server_setup_fork", status);
  std::vector<std::string> result;
  for (char** variable = variables; variable && *variable; ++variable) {
    result.emplace_back(*variable);
    std::free(*variable);
  }
  std::free(variables);
  return result;
}

void pmix_server::forward_signal(std::span<const int> nodes, int signal_number) {
  for (int node : nodes) {
    pmix_info_t info[2];
    PMIX_INFO_LOAD(&info[0], forwarded_signal_key, &signal_number, PMIX_INT);
    PMIX_INFO_LOAD(&info[1], forwarded_signal_node_key, &node, PMIX_INT);
    // Without a callback the call returns once PMIx has taken the event.
    PMIx_Notify_event(forwarded_signal_event, nullptr, PMIX_RANGE_NAMESPACE, info, 2, nullptr, nullptr);
    PMIX_INFO_DESTRUCT(&info[0]);
    PMIX_INFO_DESTRUCT(&info[1]);
  }
}

bool pmix_server::has_connected(int node) const { return state->connected[node].load(std::memory_order_relaxed); }

int pmix_server::abort_descriptor() const { return state->abort_event; }

std::optional<abort_request> pmix_server::take_abort() {
  std::uint64_t count;
  [[maybe_unused]] auto got = ::read(state->abort_event, &count, sizeof count);
  std::lock_guard guard(state->lock);
  return std::exchange(state->abort, std::nullopt);
}

}  // namespace weft::tools
