#pragma once
// What connects this node process to the others in a job across nodes: the network layer (fabric/), built
// as a library of its own and loaded only by such jobs, since its providers' libraries cost every process
// a fifth of a second to load. Workers drive it: libfabric moves nothing unless someone polls.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace weft::runtime {

class job;

// What this node has exchanged with the others so far: packets it sent and reads it posted (started),
// packets it handled and reads that finished (completed). Summed over all nodes, the two are equal when
// nothing is on its way.
struct network_traffic {
  std::uint64_t started = 0;
  std::uint64_t completed = 0;
};

class network_module {
 public:
  // Moves what arrived or finished on worker `index`'s part of the network; true when anything did.
  // Called from that worker's thread, and from a thread working for one of its ranks (MPI_THREAD_MULTIPLE)
  // while it waits; false at once while another of them is moving it.
  virtual bool progress(int index) = 0;

  // For worker `index` when it has nothing to run: a descriptor that becomes readable when the network may
  // have something for it, and whether it may sleep on it now (nothing arrived that it has not handled).
  virtual int wait_fd(int index) = 0;
  virtual bool may_sleep(int index) = 0;

  // Any thread: the traffic so far, for the watchdog (deadlock_census.hpp); census messages not counted.
  virtual network_traffic traffic() const = 0;

  // Any thread: carries `message` (census_messages.hpp) to node `node`'s watchdog, which gets it through
  // deliver_census_message() (census_mailbox.hpp). Worker 0 sends it; it is woken for that.
  virtual void send_to_watchdog(int node, std::vector<std::byte> message) = 0;

  // Completes what this process still sends, once all its ranks have finished (on the main thread).
  virtual void finish() = 0;
  // Sends no more census messages, queued or to come: every node's ranks have finished (on the main thread).
  virtual void close_census() = 0;

 protected:
  ~network_module() = default;
};

// Loads the network layer and connects this node process to the others (a collective of all of them,
// through the job's PMIx membership). Ends the process with the reason when it cannot.
network_module& connect_nodes(job& owner);

}  // namespace weft::runtime
