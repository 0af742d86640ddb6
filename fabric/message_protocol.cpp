#include "fabric/message_protocol.hpp"

#include <atomic>
#include <cstring>
#include <new>
#include <optional>

#include "runtime/path_report.hpp"
#include "runtime/report.hpp"
#include "runtime/scheduler.hpp"

namespace weft::fabric {
namespace {

// Eager messages from 8 KiB on leave from the sender's buffer, gathered with their header by the provider,
// rather than copied into a packet: the copy cost the sender of a stream of 16 KiB messages as much time
// as the kernel's own copy. Measured on loopback (2026-11-26, medians of 6 runs taking turns): ping-pong
// 64 KiB 22.1 -> 19.9 us, 32 KiB 13.3 -> 12.6; streams of 8 and 16 KiB about 10 % more. At 4 KiB the
// copy, with a send that completes at once, did better (852 against 790 MB/s, 4 runs each).
constexpr std::size_t gather_min = 8 * 1024;

packet_header header_for(shm::envelope env, int destination, std::size_t size) {
  packet_header header{};
  header.context = env.context;
  header.source = env.source;
  header.tag = env.tag;
  header.destination = destination;
  header.size = size;
  return header;
}

}  // namespace

// A send whose data waits, registered, until the receiver has read it. The registration is libfabric's,
// made per message: the provider keeps a record of its own for each, an allocation a large message's
// transfer outweighs; so does packing a scattered layout.
struct message_protocol::sent_in_place {
  shm::send_request* request;
  std::vector<std::byte> packed;  // the data, when its layout is scattered
  std::optional<remote_memory> memory;
  // A cancel asked of the receiver: the record stays until both its answer and, when the receiver had
  // matched the message, `finished` have come.
  enum class cancel_state : std::uint8_t { none, asked, dropped, refused };
  std::atomic<cancel_state> cancel{cancel_state::none};  // the canceller waits on it without the link
  runtime::rank* canceller = nullptr;
  bool finished = false;
};

// A message from another node: its eager data (in the packet that brought it while a posted receive takes
// it at once, else right after it in the same block, kept until a receive matches it), or, with no eager
// data, where to read its data and whom to tell.
struct message_protocol::remote_message : shm::message {
  int origin_node;
  int origin_worker;
  const std::byte* eager_data = nullptr;  // set for every eager message, even an empty one
  remote_bytes source;
  std::uint64_t cookie;
  // The block holding it, of the receiving worker's pool: the receive that ends it holds that worker's link.
  std::pmr::memory_resource* pool;
  std::size_t block_bytes;

  // The message a packet of kind eager or ready_to_send announces: one block of `pool` with room for
  // `eager_bytes` right after it (room()), owned by an owned_message.
  static owned_message from(std::pmr::memory_resource& pool, const packet_header& header, std::size_t eager_bytes) {
    std::size_t bytes = sizeof(remote_message) + eager_bytes;
    owned_message m(new (pool.allocate(bytes, alignof(remote_message))) remote_message);
    m->pool = &pool;
    m->block_bytes = bytes;
    m->env = {header.context, header.source, header.tag};
    m->size = header.size;
    m->kind = shm::message_kind::remote;
    m->origin_node = header.origin_node;
    m->origin_worker = header.origin_worker;
    m->source = {header.address, header.key};
    m->cookie = header.cookie;
    return m;
  }
  std::byte* room() noexcept { return reinterpret_cast<std::byte*>(this + 1); }
  bool eager() const noexcept { return eager_data != nullptr; }
};

void message_protocol::remote_message_deleter::operator()(remote_message* m) const noexcept {
  std::pmr::memory_resource* pool = m->pool;
  std::size_t bytes = m->block_bytes;
  m->~remote_message();
  pool->deallocate(m, bytes, alignof(remote_message));
}

// An eager send whose data the provider takes from the sender's buffer; the send completes when the
// provider is done with it.
struct message_protocol::eager_in_place : operation {
  eager_in_place() noexcept : operation(kind::send_in_place) {}
  packet_header header;
  shm::send_request* request;
};

struct message_protocol::pending_read : operation {
  pending_read() noexcept : operation(kind::read) {}
  shm::recv_request* request;
  remote_message* message;
  std::vector<std::byte> bounce;  // for a receive buffer with a scattered layout
};

message_protocol::message_protocol(packet_links& links, int worker_count, std::size_t eager_max)
    : links_(links), eager_max_(eager_max), workers_(worker_count) {}

message_protocol::~message_protocol() = default;

void message_protocol::start_send(shm::send_request& request, const shm::const_typed_span& data, shm::envelope env,
                                  int destination, shm::send_mode mode) {
  std::size_t size = data.bytes();
  packet_header header = header_for(env, destination, size);
  auto [node, worker] = links_.place_of_rank(destination);
  packet_links::held_link held = links_.here();
  packet_links::link& from = held.on;
  if (mode != shm::send_mode::standard || size > eager_max_ || !links_.take_credit(from, node, worker)) {
    if (runtime::reporting_paths()) [[unlikely]]
      runtime::report_path("point-to-point", "send to another node", "ready to send, read",
                           "%zu B, %s: the receiver's node reads the data once the receive matches", size,
                           mode != shm::send_mode::standard ? "a synchronous or ready-mode send"
                           : size > eager_max_              ? "more than WEFT_FABRIC_EAGER_MAX"
                                                            : "no eager credit left toward that worker");
    send_ready(from, request, data, header, node, worker);
    return;
  }
  header.kind = packet_kind::eager;
  bool in_place = size >= gather_min && data.layout->is_contiguous() && from.port->gathers();
  if (runtime::reporting_paths()) [[unlikely]]
    runtime::report_path("point-to-point", "send to another node", in_place ? "eager, gathered" : "eager",
                         "%zu B, at most WEFT_FABRIC_EAGER_MAX (%zu): %s", size, eager_max_,
                         in_place ? "sent with its envelope from the sender's buffer"
                                  : "copied into a packet with its envelope, the send complete");
  if (in_place) {
    pooled<eager_in_place> sent = make_pooled<eager_in_place>(workers_[from.port->index()].records);
    sent->request = &request;
    sent->header = header;
    links_.stamp(from, node, worker, sent->header);
    from.port->send_in_place(std::as_bytes(std::span(&sent->header, 1)),
                             std::span(data.base + data.layout->true_lb(), size), links_.address(node, worker),
                             *sent.release(), links_.events());  // back in on_sent
    return;
  }
  outgoing_packet& packet = links_.packet_to(from, node, worker, header, size);
  shm::typed_copy(shm::byte_span(packet.data() + sizeof header, size), data, 0, size);
  links_.send_packet(from, node, worker, packet);
  request.done.complete_by_owner();
}

void message_protocol::send_ready(packet_links::link& from, shm::send_request& request,
                                  const shm::const_typed_span& data, packet_header header, int node, int worker) {
  worker_state& here = workers_[from.port->index()];
  pooled<sent_in_place> sent = make_pooled<sent_in_place>(here.records);
  sent->request = &request;
  std::size_t size = header.size;
  if (size != 0) {
    const std::byte* bytes = data.base + data.layout->true_lb();
    if (!data.layout->is_contiguous()) {
      sent->packed.resize(size);
      shm::typed_copy(shm::byte_span(sent->packed.data(), size), data, 0, size);
      bytes = sent->packed.data();
    }
    sent->memory.emplace(from.port->domain(), const_cast<std::byte*>(bytes), size);
    remote_bytes where = sent->memory->at(0);
    header.address = where.address;
    header.key = where.key;
  }
  header.kind = packet_kind::ready_to_send;
  header.cookie = reinterpret_cast<std::uintptr_t>(sent.get());  // back in `finished`
  request.destination = header.destination;
  request.rendezvous.env = {header.context, header.source, header.tag};  // for the wait site of a waiting rank
  here.waiting_sends.emplace(&request, std::move(sent));
  links_.send_header(from, node, worker, header);
}

bool message_protocol::cancel_send(shm::send_request& request) {
  using state = sent_in_place::cancel_state;
  sent_in_place* sent = nullptr;
  {
    packet_links::held_link held = links_.here();
    auto& waiting = workers_[held.on.port->index()].waiting_sends;
    auto found = waiting.find(&request);
    if (found == waiting.end() || found->second->finished) return false;  // sent eagerly, or already read
    sent = found->second.get();
    sent->cancel.store(state::asked, std::memory_order_relaxed);
    sent->canceller = runtime::current_rank();
    packet_header header = header_for({}, request.destination, 0);
    header.kind = packet_kind::cancel;
    header.cookie = reinterpret_cast<std::uintptr_t>(sent);
    auto [node, worker] = links_.place_of_rank(request.destination);
    links_.send_header(held.on, node, worker, header);
  }
  // Without the link: the answer comes through it.
  runtime::wait_until([sent] { return sent->cancel.load(std::memory_order_acquire) != state::asked; });
  packet_links::held_link held = links_.here();
  auto& waiting = workers_[held.on.port->index()].waiting_sends;
  bool dropped = sent->cancel.load(std::memory_order_relaxed) == state::dropped;
  // Refused: the message is being read; its `finished` may have come while the answer did.
  if (dropped || sent->finished)
    waiting.erase(&request);
  else
    sent->cancel.store(state::none, std::memory_order_relaxed);
  if (dropped) request.done.complete_by_owner();
  return dropped;
}

void message_protocol::take(worker_port& port, const packet_header& header, const std::byte* packet) {
  worker_state& here = workers_[port.index()];
  switch (header.kind) {
    case packet_kind::eager: {
      // Straight from the packet into a posted receive; a copy of it waits for a receive otherwise.
      owned_message m = remote_message::from(here.records, header, 0);
      m->eager_data = packet + sizeof header;
      if (shm::deliver_if_posted(m.get(), header.destination)) {
        static_cast<void>(m.release());  // the fetch that ran inside has freed it
        return;
      }
      m = remote_message::from(here.records, header, header.size);
      m->eager_data = static_cast<const std::byte*>(std::memcpy(m->room(), packet + sizeof header, header.size));
      shm::deliver(m.release(), header.destination);  // back through fetch()
      return;
    }
    case packet_kind::ready_to_send: {
      owned_message m = remote_message::from(here.records, header, 0);
      here.ready_messages.emplace(std::pair(m->origin_node, m->cookie), m.get());
      shm::deliver(m.release(), header.destination);  // back through fetch(), or dropped by a cancel
      return;
    }
    case packet_kind::finished:
      finish_sent(port, header);
      return;
    case packet_kind::cancel:
      answer_cancel(port, header);
      return;
    case packet_kind::cancel_answer: {
      auto* sent = reinterpret_cast<sent_in_place*>(header.cookie);
      runtime::rank* canceller = sent->canceller;  // read first: the canceller may drop `sent` once answered
      sent->cancel.store(header.size == 1 ? sent_in_place::cancel_state::dropped : sent_in_place::cancel_state::refused,
                         std::memory_order_release);
      runtime::unpark(canceller);
      return;
    }
    default:
      runtime::fatal(1, "node %d: message_protocol got a packet of kind %u", links_.this_node(),
                     static_cast<unsigned>(header.kind));
  }
}

void message_protocol::finish_sent(worker_port& port, const packet_header& header) {
  auto& waiting = workers_[port.index()].waiting_sends;
  auto* sent = reinterpret_cast<sent_in_place*>(header.cookie);
  shm::send_request* request = sent->request;
  // A canceller that has not looked at its answer yet (the answer may have come in this same poll) drops
  // the record; otherwise it goes now, before the send completes and its request may be reused.
  if (sent->cancel.load(std::memory_order_relaxed) != sent_in_place::cancel_state::none)
    sent->finished = true;
  else
    waiting.erase(request);
  request->done.complete();
}

void message_protocol::fetch(shm::recv_request& request, shm::message* message) {
  auto* m = static_cast<remote_message*>(message);
  std::size_t bytes = request.received();
  packet_links::held_link held = links_.here();
  packet_links::link& on = held.on;
  if (m->eager()) {
    owned_message consumed(m);
    shm::typed_copy(request.buffer, shm::byte_span(m->eager_data, bytes), 0, bytes);
    request.done.complete();
    links_.consume_eager(on, m->origin_node, m->origin_worker);
    return;
  }
  worker_port& port = *on.port;
  if (bytes == 0) {
    complete_fetch(port, request, m);
    return;
  }
  pooled<pending_read> read = make_pooled<pending_read>(workers_[port.index()].records);
  read->request = &request;
  read->message = m;
  std::byte* into = request.buffer.base + request.buffer.layout->true_lb();
  if (!request.buffer.layout->is_contiguous()) {
    read->bounce.resize(bytes);
    into = read->bounce.data();
  }
  links_.count_started(port.index());
  port.read(into, bytes, links_.address(m->origin_node, m->origin_worker), m->source, *read.release(),
            links_.events());  // back in on_read
}

void message_protocol::on_read(worker_port& port, operation& done) {
  pooled<pending_read> read(static_cast<pending_read*>(&done), {&workers_[port.index()].records});
  links_.count_completed(port.index());
  if (!read->bounce.empty())
    shm::typed_copy(read->request->buffer, shm::byte_span(read->bounce.data(), read->bounce.size()), 0,
                    read->bounce.size());
  complete_fetch(port, *read->request, read->message);
}

void message_protocol::on_sent(worker_port& port, operation& done) {
  pooled<eager_in_place> sent(static_cast<eager_in_place*>(&done), {&workers_[port.index()].records});
  sent->request->done.complete();
}

void message_protocol::answer_cancel(worker_port& port, const packet_header& asked) {
  auto& ready = workers_[port.index()].ready_messages;
  bool dropped = false;
  if (auto found = ready.find(std::pair(asked.origin_node, asked.cookie)); found != ready.end()) {
    dropped = shm::take_back(found->second, asked.destination);
    if (dropped) {
      owned_message gone(found->second);
      ready.erase(found);
    }
  }
  packet_header answer{};
  answer.kind = packet_kind::cancel_answer;
  answer.cookie = asked.cookie;
  answer.size = dropped ? 1 : 0;
  links_.send_header(links_.at(port.index()), asked.origin_node, asked.origin_worker, answer);
}

void message_protocol::complete_fetch(worker_port& port, shm::recv_request& request, remote_message* m) {
  owned_message done(m);
  workers_[port.index()].ready_messages.erase(std::pair(m->origin_node, m->cookie));
  request.done.complete();
  packet_header header{};
  header.kind = packet_kind::finished;
  header.cookie = m->cookie;
  links_.send_header(links_.at(port.index()), m->origin_node, m->origin_worker, header);
}

}  // namespace weft::fabric
