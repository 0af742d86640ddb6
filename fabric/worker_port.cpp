#include "fabric/worker_port.hpp"

#include <rdma/fi_errno.h>

namespace weft::fabric {

namespace {

// Packets kept for reuse per port: as many as a worker may have eager messages in flight to one worker
// (its credits), so a window of nonblocking sends allocates nothing once warm. Fewer (16) made a stream of
// 64 KiB messages allocate and free 48 packets a window, which glibc gave back to the system and took again
// page by page: 2.1 GB/s where 3.9 GB/s were reached without. At most this many packets of up to the packet
// size stay allocated (4 MiB at 64 KiB).
constexpr std::size_t spare_packets_max = 64;

}  // namespace

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
  return endpoint_.receive(buffer.bytes.get(), packet_capacity_, FI_ADDR_UNSPEC, 0, ~std::uint64_t{0}, &buffer.context);
}

outgoing_packet& worker_port::new_packet(std::size_t bytes) {
  std::unique_ptr<outgoing_packet> packet;
  if (spare_packets_.empty()) {
    packet = std::make_unique<outgoing_packet>();
  } else {
    packet = std::move(spare_packets_.back());
    spare_packets_.pop_back();
  }
  if (packet->capacity_ < bytes) {
    packet->bytes_ = std::make_unique_for_overwrite<std::byte[]>(bytes);
    packet->capacity_ = bytes;
  }
  packet->size_ = bytes;
  return *packet.release();  // the caller sends it; back with its completion
}

void worker_port::send(outgoing_packet& packet, fi_addr_t to, port_events& events) {
  while (!endpoint_.send(packet.data(), packet.size(), to, 0, &packet.context)) progress(events);
  ++sends_in_flight_;
}

void worker_port::send_in_place(std::span<const std::byte> header, std::span<const std::byte> data, fi_addr_t to,
                                operation& done, port_events& events) {
  const iovec parts[] = {{const_cast<std::byte*>(header.data()), header.size()},
                         {const_cast<std::byte*>(data.data()), data.size()}};
  while (!endpoint_.send(parts, 2, to, 0, &done.context)) progress(events);
  ++sends_in_flight_;
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
      case operation::kind::send: {
        --sends_in_flight_;
        std::unique_ptr<outgoing_packet> sent(static_cast<outgoing_packet*>(&op));
        if (spare_packets_.size() < spare_packets_max) spare_packets_.push_back(std::move(sent));
        break;
      }
      case operation::kind::send_in_place:
        --sends_in_flight_;
        events.on_sent(*this, op);
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
