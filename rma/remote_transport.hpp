#pragma once
// How one-sided communication reaches ranks of other node processes: the network layer (fabric/, loaded
// only by jobs across nodes) installs a transport of messages, and hands every message that arrives to
// handle_remote_message on the worker of the rank it is addressed to, from that worker's progress: the
// target rank takes no part, so passive-target operations progress while it computes or waits.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "rma/accumulate.hpp"

namespace weft::rma {

class remote_transport {
 public:
  // Sends `message` to the worker of job rank `destination`, a rank of another node. Returns at once
  // (progressing while the provider has no room), from any rank or from a worker's progress.
  virtual void send(int destination, std::vector<std::byte> message) = 0;
  // The largest message send takes.
  virtual std::size_t message_capacity() const noexcept = 0;

 protected:
  ~remote_transport() = default;
};

// Called once by the network layer, before any rank runs; null in a job on one node.
void install_remote_transport(remote_transport& transport) noexcept;
remote_transport* installed_transport() noexcept;

// A message from another node, for a rank of this one; called from the rank's worker.
void handle_remote_message(std::span<const std::byte> message);

// What the accumulate a message names does: its operation and basic type travel as one number, which
// the MPI layer (which knows both) encodes at the origin and decodes at the target.
using element_op_decoder = element_op (*)(std::uint32_t code);
void install_element_op_decoder(element_op_decoder decoder) noexcept;

}  // namespace weft::rma
