#include "fabric/worker_port.hpp"

#include <rdma/fi_errno.h>

namespace weft::fabric {

worker_port::worker_port(network& net, int index, std::size_t packet_capacity, int buffers)
    : domain_(net), endpoint_(domain_), index_(index), packet_capacity_(packet_capacity) {
  for (int i = 0; i < buffers; ++i) {
    auto buffer = std::make_unique<receive_buffer>();
    buffer->bytes = std::make_unique<std::byte[]>(packet_capacity);
    receive_buffers_.push_back(std::move(buffer));
  }
  unposted_.reserve(receive_buffers_.size());
  for (auto& buffer : receive_buffers_)
    if (!post(*buffer)) check(-FI_EAGAIN, "fi_trecv (posting the receive buffers)");
}

bool worker_port::post(receive_buffer& buffer) {
  return endpoint_.receive(buffer.bytes.get(), packet_capacity_, FI_ADDR_UNSPEC, 0, ~std::uint64_t{0},
                           &buffer.context);
}

void worker_port::send(std::vector<std::byte> packet, fi_addr_t to, port_events& events) {
  auto outgoing = std::make_unique<outgoing_packet>();
  outgoing->bytes = std::move(packet);
  while (!endpoint_.send(outgoing->bytes.data(), outgoing->bytes.size(), to, 0, &outgoing->context))
    progress(events);
  ++sends_in_flight_;
  outgoing.release();  // deleted when its completion is read
}

void worker_port::read(void* into, std::size_t bytes, fi_addr_t from, remote_bytes source, operation& done,
                       port_events& events) {
  while (!endpoint_.read(into, bytes, from, source, &done.context)) progress(events);
}

bool worker_port::progress(port_events& events) {
  // Buffers whose packets were handled go back here, at the next look, rather than right after their
  // packet: that packet may have completed a receive whose rank is about to answer, and the post would
  // delay the answer. A buffer the provider has no room for yet waits for a later look.
  while (!unposted_.empty() && post(*unposted_.back())) unposted_.pop_back();
  constexpr std::size_t batch = 16;
  completion done[batch];
  std::size_t count = endpoint_.progress(done, batch);
  for (std::size_t i = 0; i < count; ++i) {
    auto& op = *reinterpret_cast<operation*>(done[i].context);
    switch (op.what) {
      case operation::kind::receive: {
        auto& buffer = static_cast<receive_buffer&>(op);
        events.on_packet(*this, buffer.bytes.get(), done[i].bytes);
        unposted_.push_back(&buffer);
        break;
      }
      case operation::kind::send:
        --sends_in_flight_;
        delete static_cast<outgoing_packet*>(&op);
        break;
      case operation::kind::read:
        events.on_read(*this, op);
        break;
    }
  }
  return count != 0;
}

void worker_port::drain(port_events& events) {
  while (sends_in_flight_ != 0) progress(events);
}

}  // namespace weft::fabric
