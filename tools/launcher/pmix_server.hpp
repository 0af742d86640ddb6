// The PMIx server mpirun embeds for jobs of several node processes: each node process is one PMIx
// client (its rank is the node index, the job size the node count) and wires up through Put, Commit,
// Fence and Get with the other nodes. One server holds every client, so a fence has all the data at
// once. PMIx runs the server in a thread of its own; an abort from a client reaches mpirun's main loop
// through a file descriptor that becomes readable.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "node_plan.hpp"

namespace weft::tools {

// Where the server listens: the loopback interface when every node process runs on this machine,
// otherwise an interface other hosts reach (the one named, or the first that is not loopback).
struct pmix_listen_address {
  bool remote_clients = false;
  std::optional<std::string> interface;
};

// What a client asked for with PMIx_Abort.
struct abort_request {
  int node = 0;
  int status = 0;
  std::string message;
};

class pmix_server {
 public:
  // Starts the server and registers the job: one client per node of `plan`. Only one may exist at a
  // time (PMIx keeps one server per process). The error says why PMIx refused.
  static std::variant<std::unique_ptr<pmix_server>, std::string> start(const node_plan& plan,
                                                                       const pmix_listen_address& address);
  ~pmix_server();
  pmix_server(const pmix_server&) = delete;
  pmix_server& operator=(const pmix_server&) = delete;

  // The variables node `node` needs to reach the server as its client ("NAME=VALUE", from
  // PMIx_server_setup_fork), or the error.
  std::variant<std::vector<std::string>, std::string> client_environment(int node);

  // Whether node `node`'s process has connected to the server.
  bool has_connected(int node) const;

  // Has `nodes` (connected ones) raise `signal_number` in themselves (runtime/forwarded_signal.hpp).
  void forward_signal(std::span<const int> nodes, int signal_number);

  // Readable once a client has asked to abort; take_abort() then returns the request.
  int abort_descriptor() const;
  std::optional<abort_request> take_abort();

 private:
  pmix_server();
};

}  // namespace weft::tools
