#pragma once
// This node process's membership in a job that spans nodes, through PMIx: the launcher (mpirun's own PMIx
// server, or Slurm's srun) tells each node process its index, and carries what the processes publish to
// each other at start-up (their network addresses), so no home-made wire-up protocol is needed.

#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <vector>

namespace weft::runtime {

class pmix_client {
 public:
  // Joins the job's PMIx namespace; ends the process with what to do when no PMIx server is reachable
  // (the program was started with WEFT_NODE_RANKS but not by mpirun or srun --mpi=pmix).
  pmix_client();
  ~pmix_client();
  pmix_client(const pmix_client&) = delete;
  pmix_client& operator=(const pmix_client&) = delete;

  // This process's index among the node processes, and their number.
  int node() const noexcept { return node_; }
  int node_count() const noexcept { return node_count_; }

  // Publishes `value` under `key` for every other node process; seen by them after exchange().
  void publish(const std::string& key, std::span<const std::byte> value);

  // Waits until every node process has published and exchanged (a collective of all node processes).
  void exchange();

  // Waits until every node process has called it, calling `meanwhile` over and over (it must not block
  // for long): a node whose ranks have finished keeps answering the others while it waits for them.
  void fence_while(const std::function<void()>& meanwhile);

  // What node process `node` published under `key`.
  std::vector<std::byte> lookup(int node, const std::string& key);

 private:
  std::string nspace_;
  int node_ = 0;
  int node_count_ = 0;
};

}  // namespace weft::runtime
