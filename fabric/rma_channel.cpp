#include "fabric/rma_channel.hpp"

#include <cstring>

namespace weft::fabric {

void rma_channel::send(int destination, std::vector<std::byte> message) {
  packet_header header{};
  header.kind = packet_kind::rma;
  header.destination = destination;
  header.size = message.size();
  auto [node, worker] = links_.place_of_rank(destination);
  packet_links::held_link held = links_.here();
  outgoing_packet& packet = links_.packet_to(held.on, node, worker, header, message.size());
  std::memcpy(packet.data() + sizeof header, message.data(), message.size());
  links_.send_packet(held.on, node, worker, packet);
}

}  // namespace weft::fabric
