#include "fabric/census_channel.hpp"

#include <algorithm>
#include <cstring>

#include "runtime/census_mailbox.hpp"
#include "runtime/report.hpp"

namespace weft::fabric {

census_channel::census_channel(packet_links& links, int node_count, std::size_t part_max)
    : links_(links), part_max_(part_max), arriving_(node_count) {}

void census_channel::send(int node, std::vector<std::byte> message) {
  {
    std::lock_guard guard(lock_);
    if (closed_) return;
    outbox_.emplace_back(node, std::move(message));
  }
  queued_.store(true, std::memory_order_release);
}

void census_channel::close() {
  std::lock_guard guard(lock_);
  closed_ = true;
  outbox_.clear();
  queued_.store(false, std::memory_order_relaxed);
}

void census_channel::send_queued() {
  std::vector<std::pair<int, std::vector<std::byte>>> queued;
  {
    std::lock_guard guard(lock_);
    queued_.store(false, std::memory_order_relaxed);
    queued.swap(outbox_);
  }
  packet_links::link& from = links_.at(0);
  for (auto& [node, message] : queued) {
    std::size_t offset = 0;
    do {
      std::size_t part = std::min(part_max_, message.size() - offset);
      packet_header header{};
      header.kind = packet_kind::census;
      header.size = message.size();
      header.address = offset;
      outgoing_packet& packet = links_.packet_to(from, node, 0, header, part);
      std::memcpy(packet.data() + sizeof header, message.data() + offset, part);
      links_.send_packet(from, node, 0, packet);
      offset += part;
    } while (offset < message.size());
  }
}

void census_channel::take_part(const packet_header& header, std::span<const std::byte> part) {
  // Parts come in order: packets between two workers are handled so.
  std::vector<std::byte>& arriving = arriving_[header.origin_node];
  if (header.address != arriving.size() || header.size - arriving.size() < part.size())
    runtime::fatal(1, "node %d: a census message of node %d lost a part", links_.this_node(), header.origin_node);
  arriving.insert(arriving.end(), part.begin(), part.end());
  if (arriving.size() < header.size) return;
  runtime::deliver_census_message(header.origin_node, arriving);
  arriving.clear();
}

}  // namespace weft::fabric
