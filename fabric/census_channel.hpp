#pragma once
// The watchdogs' census messages between node processes (runtime/census_messages.hpp): queued by any
// thread, sent from worker 0 to worker 0 cut into packets, and joined again in order at the other end.
// They are not counted in the traffic they observe.

#include <atomic>
#include <cstddef>
#include <mutex>
#include <span>
#include <utility>
#include <vector>

#include "fabric/packet_links.hpp"

namespace weft::fabric {

class census_channel {
 public:
  census_channel(packet_links& links, int node_count, std::size_t part_max);

  // Queues `message` for node `node`'s watchdog; worker 0 sends it at its next send_queued().
  void send(int node, std::vector<std::byte> message);
  // On worker 0, holding its link: sends what is queued.
  void send_queued();
  bool has_queued() const noexcept { return queued_.load(std::memory_order_acquire); }
  // Drops what is queued and what is sent from now on: no census is needed any more, and a node that has
  // left cannot take it (a send toward it may block in the provider's connect).
  void close();
  // A census packet arrived: `part` of the message its header describes.
  void take_part(const packet_header& header, std::span<const std::byte> part);

 private:
  packet_links& links_;
  std::size_t part_max_;
  std::mutex lock_;
  std::vector<std::pair<int, std::vector<std::byte>>> outbox_;  // (node, message)
  std::atomic<bool> queued_{false};
  bool closed_ = false;                           // under lock_
  std::vector<std::vector<std::byte>> arriving_;  // by origin node, on worker 0
};

}  // namespace weft::fabric
