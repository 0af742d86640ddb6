// Which node process runs which ranks: a pure function of mpirun's options and the hosts, so that every
// placement rule and every contradiction is unit-tested without starting anything. Ranks always form
// contiguous blocks: node i holds the ranks after those of nodes 0..i-1.
#pragma once

#include <span>
#include <string>
#include <variant>
#include <vector>

#include "launch_options.hpp"

namespace weft::tools {

// The host name of node processes that --nodes starts on this machine.
inline constexpr std::string_view local_host_name = "localhost";

// The most node processes mpirun starts on this machine (--nodes, or -n over -ppn): they stand in for
// nodes in tests of jobs across nodes, while one process runs any number of ranks.
inline constexpr int max_local_nodes = 4096;

struct planned_node {
  std::string host;
  int first_rank = 0;
  int ranks = 0;
  // The part of an MPMD job (launch_options::parts) whose program this node process runs.
  int part = 0;

  bool operator==(const planned_node&) const = default;
};

struct node_plan {
  std::vector<planned_node> nodes;
  int ranks = 0;
  // The nodes run on the hosts the user named (--hosts, --hostfile), reached through the remote shell
  // unless they are this machine; otherwise all run here (--nodes, or the default single node).
  bool on_named_hosts = false;
};

using node_plan_result = std::variant<node_plan, usage_error>;

// Places options.ranks over the nodes:
//  - without hosts, --nodes K node processes on this machine (default 1);
//  - with hosts (a host named twice is one host with both entries' slots), one node per host;
//  - -ppn P: P ranks a node, the last node the remainder, as many nodes as that takes;
//  - otherwise each host takes its slots (1 when not given) in order, and ranks beyond all slots are
//    spread evenly over the hosts; without hosts the ranks are spread evenly, the first N%K nodes one
//    more.
// Without -n the job has -ppn ranks per node, or the hosts' slots, or one rank per node. Hosts the
// ranks do not reach are left out, unless --nodes asked for them: then it is an error.
// The parts of an MPMD job take the job's ranks in order, and a node whose ranks run the programs of
// several parts becomes one node process per part on its host: a process runs one program.
node_plan_result plan_nodes(const launch_options& options, std::span<const host_entry> hosts);

}  // namespace weft::tools

namespace weft::tools {

// "node 1 (localhost, ranks 4-7)", as mpirun's messages name a node.
std::string node_description(const node_plan& plan, int node);

}  // namespace weft::tools
