#pragma once
// One worker's part of the network: its domain (domain.hpp) and endpoint, the buffers posted on it for
// packets from other nodes, and the operations in flight. One thread at a time touches it (the node
// network's link lock: its worker's, or a thread calling for one of the worker's ranks). Sends and
// reads retry, progressing, while the provider has no room: they never fail for lack of room. Receive
// buffers go back to the provider at the next progress() after their packet was handled.

#include <rdma/fabric.h>

#include <cstddef>
#include <memory>
#include <span>
#include <vector>

#include "fabric/domain.hpp"
#include "fabric/endpoint.hpp"
#include "fabric/network.hpp"
#include "fabric/remote_memory.hpp"

namespace weft::fabric {

// An operation posted on a port; its fi_context comes first, so a completion's context finds it.
struct operation {
  enum class kind : std::uint8_t { receive, send, send_in_place, read };
  fi_context context{};
  kind what;
  explicit operation(kind k) noexcept : what(k) {}
};

// A packet to send: filled by the port's owner between worker_port::new_packet() and send(), then the
// provider's until its completion, then kept for a later packet.
class outgoing_packet : public operation {
 public:
  outgoing_packet() noexcept : operation(kind::send) {}
  std::byte* data() noexcept { return bytes_.get(); }
  std::size_t size() const noexcept { return size_; }

 private:
  friend class worker_port;
  std::unique_ptr<std::byte[]> bytes_;
  std::size_t capacity_ = 0;
  std::size_t size_ = 0;
};

class worker_port;

// What a port's owner does with what completes on `port`.
class port_events {
 public:
  // A packet arrived; its bytes are valid during the call only.
  virtual void on_packet(worker_port& port, const std::byte* packet, std::size_t bytes) = 0;
  // A read posted with read() finished.
  virtual void on_read(worker_port& port, operation& done) = 0;
  // The provider is done with the parts of a send_in_place().
  virtual void on_sent(worker_port& port, operation& done) = 0;

 protected:
  ~port_events() = default;
};

class worker_port {
 public:
  // Posts `buffers` receive buffers of `packet_capacity` bytes each; `index` is its worker's.
  worker_port(network& net, int index, std::size_t packet_capacity, int buffers);

  int index() const noexcept { return index_; }
  // Where this worker registers memory that peers read, and inserts the names of peers' endpoints.
  fabric::domain& domain() noexcept { return domain_; }
  std::vector<std::byte> name() const { return endpoint_.name(); }

  // Room for a packet of `bytes`, to fill and then send(). Packets are reused (a few are kept): a packet
  // from one node to another allocates nothing.
  outgoing_packet& new_packet(std::size_t bytes);
  // Sends `packet` to `to`; the port takes it back when the provider is done with it.
  void send(outgoing_packet& packet, fi_addr_t to, port_events& events);

  // Whether send_in_place() may be used: the provider gathers a header and data into one message.
  bool gathers() const noexcept { return endpoint_.iov_limit() >= 2; }
  // Sends `header` and `data` as one message without copying them: both stay the caller's until `done`
  // (kind send_in_place) comes back through port_events::on_sent.
  void send_in_place(std::span<const std::byte> header, std::span<const std::byte> data, fi_addr_t to, operation& done,
                     port_events& events);

  // Reads `bytes` of a peer's registered memory into `into`; `done` (kind read) comes back through
  // port_events::on_read.
  void read(void* into, std::size_t bytes, fi_addr_t from, remote_bytes source, operation& done, port_events& events);

  // Handles what completed; true when anything did.
  bool progress(port_events& events);

  // For an idle worker: what to sleep on, and whether it may (nothing arrived that it has not handled).
  int wait_fd() const noexcept { return endpoint_.wait_fd(); }
  bool may_sleep() noexcept { return endpoint_.may_sleep(); }

  // Progresses until no send of this port is in flight.
  void drain(port_events& events);

 private:
  struct receive_buffer : operation {
    receive_buffer() noexcept : operation(kind::receive) {}
    std::unique_ptr<std::byte[]> bytes;
  };
  // False when the provider has no room for it now.
  [[nodiscard]] bool post(receive_buffer& buffer);

  fabric::domain domain_;  // declared first: closed after the endpoint
  endpoint endpoint_;
  int index_;
  std::size_t packet_capacity_;
  std::vector<std::unique_ptr<receive_buffer>> receive_buffers_;
  std::vector<receive_buffer*> unposted_;  // handled, to be posted again at the next progress()
  std::size_t sends_in_flight_ = 0;
  std::vector<std::unique_ptr<outgoing_packet>> spare_packets_;
};

}  // namespace weft::fabric
