#pragma once
// One-sided communication toward ranks of other nodes (rma/remote_transport.hpp): each message one packet
// of its own kind, which node_network hands to rma/ on the destination rank's worker. They take no credits: every one
// is answered, and rma/ bounds the unanswered ones of each origin (rma::remote_origin::max_in_flight).

#include <cstddef>
#include <vector>

#include "fabric/packet_links.hpp"
#include "rma/remote_transport.hpp"

namespace weft::fabric {

class rma_channel final : public rma::remote_transport {
 public:
  rma_channel(packet_links& links, std::size_t capacity) : links_(links), capacity_(capacity) {}

  void send(int destination, std::vector<std::byte> message) override;
  std::size_t message_capacity() const noexcept override { return capacity_; }

 private:
  packet_links& links_;
  std::size_t capacity_;
};

}  // namespace weft::fabric
