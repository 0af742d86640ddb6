#pragma once
// The job of this process: its workers and ranks, from start to the process's exit status. On one node the
// process holds every rank; across nodes it holds its node's block of them (node_map.hpp) and joins the
// other node processes through PMIx.

#include <memory>
#include <vector>

#include "runtime/config.hpp"
#include "runtime/guarded_stack.hpp"
#include "runtime/network_module.hpp"
#include "runtime/node_map.hpp"
#include "runtime/pmix_client.hpp"
#include "runtime/rank.hpp"
#include "runtime/topology.hpp"
#include "runtime/worker.hpp"

namespace weft::runtime {

using main_function = int (*)(int, char**);

class job {
 public:
  job(const config& settings, main_function main, int argc, char** argv);

  // Runs every rank to completion on the workers; returns the process's exit status. A rank that ends
  // with a non-zero code ends the job before this returns.
  int run();

  // Called on a rank's own fiber: gives the rank its globals, runs their constructors, the program's
  // main with the rank's own copy of argv, then the rank's exit handlers.
  int run_main(rank& r);

  // Called by a worker when one of its ranks has finished.
  void rank_finished(rank& r);

  // Called by each worker on its own thread before it runs ranks: pins it, prepares fault handling.
  void prepare_worker_thread(int index) const noexcept;
  // Called by a thread of the process's own (process_thread.hpp) before it works: binds it to the process's
  // cpuset, prepares fault handling.
  void prepare_process_thread() const noexcept;

  guarded_stack& stacks() noexcept { return stacks_; }
  int size() const noexcept { return nodes_.job_size(); }
  const node_map& nodes() const noexcept { return nodes_; }
  // The job's PMIx membership when it spans nodes, nullptr on one node.
  pmix_client* wire_up() noexcept { return wire_up_.get(); }
  // The network to the other node processes, nullptr on one node.
  network_module* network() const noexcept { return network_; }
  int worker_count() const noexcept { return static_cast<int>(workers_.size()); }
  worker& worker_at(int index) noexcept { return *workers_[index]; }
  // Whether the workers share cores, so that waiting ranks park at once and idle workers yield their core
  // (poll_budget, worker::idle): asked for (WEFT_YIELD_WHEN_IDLE), or the workers outnumber the cores.
  bool workers_share_cores() const noexcept { return workers_share_cores_; }
  // Where in the machine a rank of this process runs: the place of its worker's core.
  const machine_place& place_of_rank(int job_rank) const noexcept {
    return rank_places_[job_rank - nodes_.first_local()];
  }

  // The job being run by this process.
  static job& current() noexcept { return *running_; }

 private:
  // mpirun --report-bindings: one line per worker on stderr.
  void report_bindings() const;

  static inline job* running_ = nullptr;

  config settings_;
  main_function main_;
  int argc_;
  char** argv_;
  std::unique_ptr<pmix_client> wire_up_;
  node_map nodes_;
  topology topology_;
  guarded_stack stacks_;
  std::unique_ptr<rank[]> ranks_;
  std::vector<std::unique_ptr<worker>> workers_;
  std::vector<machine_place> rank_places_;  // by local index
  network_module* network_ = nullptr;
  bool workers_share_cores_ = false;
  int threads_per_rank_ = 1;  // cores each worker gets for itself and its ranks' threads
};

}  // namespace weft::runtime
