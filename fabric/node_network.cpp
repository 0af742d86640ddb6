#include "fabric/node_network.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <utility>

#include "fabric/wire_format.hpp"
#include "runtime/census_mailbox.hpp"
#include "runtime/config.hpp"
#include "runtime/path_report.hpp"
#include "runtime/report.hpp"
#include "runtime/scheduler.hpp"
#include "runtime/worker.hpp"
#include "runtime/worker_blocks.hpp"

namespace weft::fabric {

// A send whose data waits, registered, until the receiver has read it.
struct node_network::sent_in_place {
  shm::send_request* request;
  std::vector<std::byte> packed;  // the data, when its layout is scattered
  std::unique_ptr<remote_memory> memory;
  // A cancel asked of the receiver: the record lives until both its answer and, when the receiver had
  // matched the message, `finished` have come.
  enum class cancel_state : std::uint8_t { none, asked, dropped, refused };
  std::atomic<cancel_state> cancel{cancel_state::none};  // the canceller waits on it without the link
  runtime::rank* canceller = nullptr;
  bool finished = false;
};

class node_network::held_link {
 public:
  held_link(node_network& network, link& used) : on(used), network_(network), lock_(used.use) {}
  ~held_link() {
    lock_.unlock();
    if (runtime::worker::current() == nullptr) network_.owner_.worker_at(on.port->index()).wake_for_network();
  }
  held_link(const held_link&) = delete;
  held_link& operator=(const held_link&) = delete;

  link& on;

 private:
  node_network& network_;
  std::unique_lock<std::recursive_mutex> lock_;
};

// A message from another node: its eager data (in the packet that brought it while a posted receive takes
// it at once, else right after it in the same block, kept until a receive matches it), or, with no eager
// data, where to read its data and whom to tell.
struct node_network::remote_message : shm::message {
  int origin_node;
  int origin_worker;
  const std::byte* eager_data = nullptr;  // set for every eager message, even an empty one
  remote_bytes source;
  std::uint64_t cookie;

  // The message a packet of kind eager or ready_to_send announces: one allocation with room for
  // `eager_bytes` right after it (room()); freed by destroy().
  static remote_message* from(const packet_header& header, std::size_t eager_bytes) {
    void* block = std::malloc(sizeof(remote_message) + eager_bytes);
    if (block == nullptr) runtime::fatal(1, "out of memory for a %zu-byte message from another node", eager_bytes);
    auto* m = new (block) remote_message;
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
  static void destroy(remote_message* m) noexcept {
    m->~remote_message();
    std::free(m);
  }
};

struct node_network::remote_message_deleter {
  void operator()(remote_message* m) const noexcept { remote_message::destroy(m); }
};

// An eager send whose data the provider takes from the sender's buffer; the send completes when the
// provider is done with it.
struct node_network::eager_in_place : operation {
  eager_in_place() noexcept : operation(kind::send_in_place) {}
  packet_header header;
  shm::send_request* request;
};

struct node_network::pending_read : operation {
  pending_read() noexcept : operation(kind::read) {}
  shm::recv_request* request;
  remote_message* message;
  std::vector<std::byte> bounce;  // for a receive buffer with a scattered layout
};

namespace {

// Posted receive buffers per port: packets the provider can land before the worker polls again.
constexpr int receive_buffers_per_port = 64;

// Eager messages a worker may have unconsumed at one worker of another node, and how many a receiver
// consumes before it hands credits back.
constexpr int eager_credits = 64;
constexpr int credit_batch = eager_credits / 4;

const char* const endpoints_key = "weft.fabric.endpoints";

// The smallest packet payload: one-sided messages carry their target's blocks besides data, and must fit
// some even when eager messages are small.
constexpr std::size_t rma_message_min = 4096;

// Eager sends up to 64 KiB, Open MPI's limit over TCP: on loopback a 32 KiB ping-pong took 13-16 us so
// against 23.5 by ready-to-send (three one-way trips), and a stream of them 3.4 against 2.5 GB/s. Under
// ofi_rxm, 16 KiB: rxm sizes its own receive buffers by our packets (below): at 64 KiB a node process of
// one worker grew from 110-120 to 350 MB, where over net it grows by the 4 MiB of its posted buffers.
constexpr std::size_t eager_max_native = 64 * 1024;
constexpr std::size_t eager_max_under_rxm = 16 * 1024;

// Eager messages from 8 KiB on leave from the sender's buffer, gathered with their header by the provider,
// rather than copied into a packet: the copy cost the sender of a stream of 16 KiB messages as much time
// as the kernel's own copy. Measured on loopback (2026-11-26, medians of 6 runs taking turns): ping-pong
// 64 KiB 22.1 -> 19.9 us, 32 KiB 13.3 -> 12.6; streams of 8 and 16 KiB about 10 % more. At 4 KiB the
// copy, with a send that completes at once, did better (852 against 790 MB/s, 4 runs each).
constexpr std::size_t gather_min = 8 * 1024;

std::size_t packet_for(std::size_t eager_max) { return sizeof(packet_header) + std::max(eager_max, rma_message_min); }

// The process's network. tcp;ofi_rxm passes a message larger than its buffers (16 KiB by default) through a
// rendezvous of its own, a round trip more: each eager packet of ours, header included, must fit (a 16 KiB
// ping-pong took 50 us, 17 us with room for it). rxm reads the size when libfabric starts, before the
// provider is known, so it is set for the eager limit under rxm; a user's setting wins.
network open_network() {
  std::size_t rxm_eager_max = runtime::job_config().fabric_eager_max.value_or(eager_max_under_rxm);
  ::setenv("FI_OFI_RXM_BUFFER_SIZE", std::to_string(packet_for(rxm_eager_max)).c_str(), 0);
  return network(nullptr);
}

std::size_t eager_limit(const network& net) {
  if (auto chosen = runtime::job_config().fabric_eager_max) return *chosen;
  const char* provider = net.info().fabric_attr->prov_name;
  bool under_rxm = provider != nullptr && std::strstr(provider, "ofi_rxm") != nullptr;
  return under_rxm ? eager_max_under_rxm : eager_max_native;
}

// What a node publishes: its number of workers, the length of an endpoint name, the names in worker order.
template <class Links>
std::vector<std::byte> card_of(const Links& links) {
  std::vector<std::byte> card(2 * sizeof(std::uint32_t));
  auto workers = static_cast<std::uint32_t>(links.size());
  std::uint32_t length = 0;
  for (const auto& link : links) {
    std::vector<std::byte> name = link.port->name();
    length = static_cast<std::uint32_t>(name.size());
    card.insert(card.end(), name.begin(), name.end());
  }
  std::memcpy(card.data(), &workers, sizeof workers);
  std::memcpy(card.data() + sizeof workers, &length, sizeof length);
  return card;
}

}  // namespace

node_network::node_network(runtime::job& owner)
    : nodes_(owner.nodes()),
      network_(open_network()),
      eager_max_(eager_limit(network_)),
      packet_capacity_(packet_for(eager_max_)),
      owner_(owner),
      traffic_(owner.worker_count()),
      census_arriving_(nodes_.node_count()) {
  for (int w = 0; w < owner.worker_count(); ++w)
    links_.emplace_back().port = std::make_unique<worker_port>(network_, w, packet_capacity_, receive_buffers_per_port);
  runtime::pmix_client& wire_up = *owner.wire_up();
  std::vector<std::byte> own = card_of(links_);
  wire_up.publish(endpoints_key, own);
  wire_up.exchange();
  for (int node = 0; node < nodes_.node_count(); ++node) {
    std::vector<std::byte> card = node == nodes_.this_node() ? own : wire_up.lookup(node, endpoints_key);
    std::uint32_t workers = 0, length = 0;
    if (card.size() >= 2 * sizeof workers) {
      std::memcpy(&workers, card.data(), sizeof workers);
      std::memcpy(&length, card.data() + sizeof workers, sizeof length);
    }
    if (workers == 0 || card.size() != 2 * sizeof workers + std::size_t{workers} * length)
      runtime::fatal(1, "node %d: the endpoints node %d published are malformed", nodes_.this_node(), node);
    workers_.push_back(static_cast<int>(workers));
    std::vector<fi_addr_t>& addresses = addresses_.emplace_back();
    for (std::uint32_t w = 0; w < workers; ++w) {
      auto name = std::span(card).subspan(2 * sizeof workers + w * length, length);
      fi_addr_t address = links_.front().port->domain().insert(name);
      for (std::size_t other = 1; other < links_.size(); ++other)
        if (links_[other].port->domain().insert(name) != address)
          runtime::fatal(1, "node %d: its workers' address vectors disagree on an address", nodes_.this_node());
      addresses.push_back(address);
    }
    for (link& each : links_) {
      each.credits.emplace_back(workers, eager_credits);
      each.consumed.emplace_back(workers, 0);
      each.next_sent.emplace_back(workers, 0);
      each.next_handled.emplace_back(workers, 0);
    }
  }
  shm::install_remote_channel(*this);
  rma::install_remote_transport(*this);
}

bool node_network::progress(int index) {
  link& on = links_[index];
  std::unique_lock lock(on.use, std::try_to_lock);
  if (!lock) return false;  // a thread of one of its ranks is moving it
  if (index == 0 && census_queued_.load(std::memory_order_acquire)) send_census_messages();
  return on.port->progress(*this);
}

bool node_network::may_sleep(int index) {
  link& on = links_[index];
  std::unique_lock lock(on.use, std::try_to_lock);
  return lock && on.port->may_sleep();
}

runtime::network_traffic node_network::traffic() const {
  runtime::network_traffic total;
  for (const traffic_counts& counts : traffic_) {
    total.started += counts.started.load(std::memory_order_relaxed);
    total.completed += counts.completed.load(std::memory_order_relaxed);
  }
  return total;
}

void node_network::send_to_watchdog(int node, std::vector<std::byte> message) {
  {
    std::lock_guard guard(census_lock_);
    census_outbox_.emplace_back(node, std::move(message));
  }
  census_queued_.store(true, std::memory_order_release);
  owner_.worker_at(0).wake_for_network();
}

void node_network::send_census_messages() {
  std::vector<std::pair<int, std::vector<std::byte>>> queued;
  {
    std::lock_guard guard(census_lock_);
    census_queued_.store(false, std::memory_order_relaxed);
    queued.swap(census_outbox_);
  }
  const std::size_t part_max = message_capacity();
  for (auto& [node, message] : queued) {
    std::size_t offset = 0;
    do {
      std::size_t part = std::min(part_max, message.size() - offset);
      packet_header header{};
      header.kind = packet_kind::census;
      header.size = message.size();
      header.address = offset;
      outgoing_packet& packet = packet_to(links_[0], node, 0, header, part);
      std::memcpy(packet.data() + sizeof header, message.data() + offset, part);
      send_packet(links_[0], node, 0, packet);
      offset += part;
    } while (offset < message.size());
  }
}

void node_network::take_census_part(const packet_header& header, std::span<const std::byte> part) {
  // Parts come in order: packets between two workers are handled so.
  std::vector<std::byte>& arriving = census_arriving_[header.origin_node];
  if (header.address != arriving.size() || header.size - arriving.size() < part.size())
    runtime::fatal(1, "node %d: a census message of node %d lost a part", nodes_.this_node(), header.origin_node);
  arriving.insert(arriving.end(), part.begin(), part.end());
  if (arriving.size() < header.size) return;
  runtime::deliver_census_message(header.origin_node, arriving);
  arriving.clear();
}

void node_network::finish() {
  for (link& each : links_) {
    std::lock_guard lock(each.use);
    each.port->drain(*this);
  }
}

node_network::held_link node_network::here() {
  const runtime::worker* worker = runtime::worker::current();
  return held_link(*this, links_[worker != nullptr ? worker->index() : runtime::current_rank()->home->index()]);
}

std::pair<int, int> node_network::place_of_rank(int job_rank) const {
  int node = nodes_.node_of(job_rank);
  return {node, runtime::worker_of_rank(job_rank - nodes_.first_rank(node), nodes_.rank_count(node), workers_[node])};
}

packet_header node_network::header_for(shm::envelope env, int destination, std::size_t size) const {
  packet_header header{};
  header.context = env.context;
  header.source = env.source;
  header.tag = env.tag;
  header.destination = destination;
  header.size = size;
  return header;
}

void node_network::stamp(link& from, int node, int worker, packet_header& header) {
  header.origin_node = nodes_.this_node();
  header.origin_worker = from.port->index();
  header.sequence = from.next_sent[node][worker]++;
  header.credits = static_cast<std::uint16_t>(std::exchange(from.consumed[node][worker], 0));
  if (header.kind != packet_kind::census) traffic_[from.port->index()].started.fetch_add(1, std::memory_order_relaxed);
}

outgoing_packet& node_network::packet_to(link& from, int node, int worker, packet_header header,
                                         std::size_t data_bytes) {
  stamp(from, node, worker, header);
  outgoing_packet& packet = from.port->new_packet(sizeof header + data_bytes);
  std::memcpy(packet.data(), &header, sizeof header);
  return packet;
}

void node_network::send_packet(link& from, int node, int worker, outgoing_packet& packet) {
  from.port->send(packet, addresses_[node][worker], *this);
}

void node_network::send_header(link& from, int node, int worker, const packet_header& header) {
  send_packet(from, node, worker, packet_to(from, node, worker, header, 0));
}

void node_network::start_send(shm::send_request& request, const shm::const_typed_span& data, shm::envelope env,
                              int destination, shm::send_mode mode) {
  std::size_t size = data.bytes();
  packet_header header = header_for(env, destination, size);
  auto [node, worker] = place_of_rank(destination);
  held_link held = here();
  link& from = held.on;
  if (int& credits = from.credits[node][worker];
      mode == shm::send_mode::standard && size <= eager_max_ && credits > 0) {
    --credits;
    header.kind = packet_kind::eager;
    bool in_place = size >= gather_min && data.layout->is_contiguous() && from.port->gathers();
    if (runtime::reporting_paths()) [[unlikely]]
      runtime::report_path("point-to-point", "send to another node", in_place ? "eager, gathered" : "eager",
                           "%zu B, at most WEFT_FABRIC_EAGER_MAX (%zu): %s", size, eager_max_,
                           in_place ? "sent with its envelope from the sender's buffer"
                                    : "copied into a packet with its envelope, the send complete");
    if (in_place) {
      auto* sent = new eager_in_place;
      sent->request = &request;
      sent->header = header;
      stamp(from, node, worker, sent->header);
      from.port->send_in_place(std::as_bytes(std::span(&sent->header, 1)),
                               std::span(data.base + data.layout->true_lb(), size), addresses_[node][worker], *sent,
                               *this);
      return;
    }
    outgoing_packet& packet = packet_to(from, node, worker, header, size);
    shm::typed_copy(shm::byte_span(packet.data() + sizeof header, size), data, 0, size);
    send_packet(from, node, worker, packet);
    request.done.complete_by_owner();
    return;
  }
  if (runtime::reporting_paths()) [[unlikely]]
    runtime::report_path("point-to-point", "send to another node", "ready to send, read",
                         "%zu B, %s: the receiver's node reads the data once the receive matches", size,
                         mode != shm::send_mode::standard ? "a synchronous or ready-mode send"
                         : size > eager_max_              ? "more than WEFT_FABRIC_EAGER_MAX"
                                                          : "no eager credit left toward that worker");
  auto sent = std::make_unique<sent_in_place>();
  sent->request = &request;
  if (size != 0) {
    const std::byte* bytes = data.base + data.layout->true_lb();
    if (!data.layout->is_contiguous()) {
      sent->packed.resize(size);
      shm::typed_copy(shm::byte_span(sent->packed.data(), size), data, 0, size);
      bytes = sent->packed.data();
    }
    sent->memory = std::make_unique<remote_memory>(from.port->domain(), const_cast<std::byte*>(bytes), size);
    remote_bytes where = sent->memory->at(0);
    header.address = where.address;
    header.key = where.key;
  }
  header.kind = packet_kind::ready_to_send;
  header.cookie = reinterpret_cast<std::uintptr_t>(sent.get());  // back in `finished`
  request.destination = destination;
  request.rendezvous.env = env;  // for the wait site of a rank that waits for the send
  from.waiting_sends.emplace(&request, sent.release());
  send_header(from, node, worker, header);
}

void node_network::send(int destination, std::vector<std::byte> message) {
  packet_header header{};
  header.kind = packet_kind::rma;
  header.destination = destination;
  header.size = message.size();
  auto [node, worker] = place_of_rank(destination);
  held_link held = here();
  outgoing_packet& packet = packet_to(held.on, node, worker, header, message.size());
  std::memcpy(packet.data() + sizeof header, message.data(), message.size());
  send_packet(held.on, node, worker, packet);
}

std::size_t node_network::message_capacity() const noexcept { return packet_capacity_ - sizeof(packet_header); }

bool node_network::cancel_send(shm::send_request& request) {
  using state = sent_in_place::cancel_state;
  sent_in_place* sent = nullptr;
  {
    held_link held = here();
    auto waiting = held.on.waiting_sends.find(&request);
    if (waiting == held.on.waiting_sends.end()) return false;  // sent eagerly, or already read
    sent = waiting->second;
    sent->cancel.store(state::asked, std::memory_order_relaxed);
    sent->canceller = runtime::current_rank();
    packet_header header = header_for({}, request.destination, 0);
    header.kind = packet_kind::cancel;
    header.cookie = reinterpret_cast<std::uintptr_t>(sent);
    auto [node, worker] = place_of_rank(request.destination);
    send_header(held.on, node, worker, header);
  }
  // Without the link: the answer comes through it.
  runtime::wait_until([sent] { return sent->cancel.load(std::memory_order_acquire) != state::asked; });
  held_link held = here();
  if (sent->cancel.load(std::memory_order_relaxed) == state::dropped) {
    held.on.waiting_sends.erase(&request);
    request.done.complete_by_owner();
    delete sent;
    return true;
  }
  // Refused: the message is being read. Whichever of this and its `finished` packet comes last deletes it.
  if (sent->finished)
    delete sent;
  else
    sent->cancel.store(state::none, std::memory_order_relaxed);
  return false;
}

void node_network::on_packet(worker_port& port, const std::byte* packet, std::size_t bytes) {
  packet_header header;
  if (bytes < sizeof header)
    runtime::fatal(1, "node %d: a packet of %zu bytes is too short", nodes_.this_node(), bytes);
  std::memcpy(&header, packet, sizeof header);
  link& on = links_[port.index()];
  const int node = header.origin_node, worker = header.origin_worker;
  std::uint32_t& next = on.next_handled[node][worker];
  if (header.sequence != next) {
    on.early_packets.emplace(std::tuple(node, worker, header.sequence), std::vector<std::byte>(packet, packet + bytes));
    return;
  }
  // Counted before it is handled: handling may poll the network and meet the packets that follow.
  ++next;
  handle_packet(port, header, packet, bytes);
  for (auto early = on.early_packets.find(std::tuple(node, worker, next)); early != on.early_packets.end();
       early = on.early_packets.find(std::tuple(node, worker, next))) {
    std::vector<std::byte> waited = std::move(early->second);
    on.early_packets.erase(early);
    ++next;
    std::memcpy(&header, waited.data(), sizeof header);
    handle_packet(port, header, waited.data(), waited.size());
  }
}

void node_network::handle_packet(worker_port& port, const packet_header& header, const std::byte* packet,
                                 std::size_t bytes) {
  if ((header.kind == packet_kind::eager || header.kind == packet_kind::rma) && bytes - sizeof header < header.size)
    runtime::fatal(1, "node %d: a packet of node %d holds %zu bytes of a %llu-byte message", nodes_.this_node(),
                   header.origin_node, bytes - sizeof header, static_cast<unsigned long long>(header.size));
  // Counted before it is handled: a rank it wakes may at once send what the watchdog counts as started.
  if (header.kind != packet_kind::census) traffic_[port.index()].completed.fetch_add(1, std::memory_order_relaxed);
  links_[port.index()].credits[header.origin_node][header.origin_worker] += header.credits;
  switch (header.kind) {
    case packet_kind::census:
      take_census_part(header, std::span(packet + sizeof header, bytes - sizeof header));
      return;
    case packet_kind::eager: {
      // Straight from the packet into a posted receive; a copy of it waits for a receive otherwise.
      auto* m = remote_message::from(header, 0);
      m->eager_data = packet + sizeof header;
      if (shm::deliver_if_posted(m, header.destination)) return;
      remote_message::destroy(m);
      m = remote_message::from(header, header.size);
      m->eager_data = static_cast<const std::byte*>(std::memcpy(m->room(), packet + sizeof header, header.size));
      shm::deliver(m, header.destination);
      return;
    }
    case packet_kind::ready_to_send: {
      auto* m = remote_message::from(header, 0);
      links_[port.index()].ready_messages.emplace(std::pair(m->origin_node, m->cookie), m);
      shm::deliver(m, header.destination);
      return;
    }
    case packet_kind::credit:
      return;
    case packet_kind::finished: {
      auto* sent = reinterpret_cast<sent_in_place*>(header.cookie);
      links_[port.index()].waiting_sends.erase(sent->request);
      sent->request->done.complete();
      // A canceller that has not looked at its answer yet (the answer may have come in this same poll) deletes it.
      if (sent->cancel.load(std::memory_order_relaxed) != sent_in_place::cancel_state::none)
        sent->finished = true;
      else
        delete sent;
      return;
    }
    case packet_kind::cancel:
      answer_cancel(port, header);
      return;
    case packet_kind::rma:
      rma::handle_remote_message(std::span(packet + sizeof header, header.size));
      return;
    case packet_kind::cancel_answer: {
      auto* sent = reinterpret_cast<sent_in_place*>(header.cookie);
      runtime::rank* canceller = sent->canceller;  // read first: the canceller may delete `sent` once answered
      sent->cancel.store(header.size == 1 ? sent_in_place::cancel_state::dropped : sent_in_place::cancel_state::refused,
                         std::memory_order_release);
      runtime::unpark(canceller);
      return;
    }
  }
  runtime::fatal(1, "node %d: a packet of unknown kind %u arrived", nodes_.this_node(),
                 static_cast<unsigned>(header.kind));
}

void node_network::fetch(shm::recv_request& request, shm::message* message) {
  auto* m = static_cast<remote_message*>(message);
  std::size_t bytes = request.received();
  held_link held = here();
  link& on = held.on;
  if (m->eager()) {
    owned_message consumed(m);
    shm::typed_copy(request.buffer, shm::byte_span(m->eager_data, bytes), 0, bytes);
    request.done.complete();
    consume_eager(on, *m);
    return;
  }
  worker_port& port = *on.port;
  if (bytes == 0) {
    complete_fetch(port, request, m);
    return;
  }
  auto* read = new pending_read;
  read->request = &request;
  read->message = m;
  std::byte* into = request.buffer.base + request.buffer.layout->true_lb();
  if (!request.buffer.layout->is_contiguous()) {
    read->bounce.resize(bytes);
    into = read->bounce.data();
  }
  traffic_[port.index()].started.fetch_add(1, std::memory_order_relaxed);
  port.read(into, bytes, addresses_[m->origin_node][m->origin_worker], m->source, *read, *this);
}

void node_network::on_read(worker_port& port, operation& done) {
  std::unique_ptr<pending_read> read(static_cast<pending_read*>(&done));
  traffic_[port.index()].completed.fetch_add(1, std::memory_order_relaxed);
  if (!read->bounce.empty())
    shm::typed_copy(read->request->buffer, shm::byte_span(read->bounce.data(), read->bounce.size()), 0,
                    read->bounce.size());
  complete_fetch(port, *read->request, read->message);
}

void node_network::on_sent(worker_port&, operation& done) {
  std::unique_ptr<eager_in_place> sent(static_cast<eager_in_place*>(&done));
  sent->request->done.complete();
}

void node_network::consume_eager(link& on, const remote_message& m) {
  if (++on.consumed[m.origin_node][m.origin_worker] < credit_batch) return;
  packet_header header{};
  header.kind = packet_kind::credit;
  send_header(on, m.origin_node, m.origin_worker, header);  // carries the batch
}

void node_network::answer_cancel(worker_port& port, const packet_header& asked) {
  link& on = links_[port.index()];
  bool dropped = false;
  if (auto found = on.ready_messages.find(std::pair(asked.origin_node, asked.cookie));
      found != on.ready_messages.end()) {
    dropped = shm::take_back(found->second, asked.destination);
    if (dropped) {
      remote_message::destroy(found->second);
      on.ready_messages.erase(found);
    }
  }
  packet_header answer{};
  answer.kind = packet_kind::cancel_answer;
  answer.cookie = asked.cookie;
  answer.size = dropped ? 1 : 0;
  send_header(on, asked.origin_node, asked.origin_worker, answer);
}

void node_network::complete_fetch(worker_port& port, shm::recv_request& request, remote_message* m) {
  owned_message done(m);
  links_[port.index()].ready_messages.erase(std::pair(m->origin_node, m->cookie));
  request.done.complete();
  packet_header header{};
  header.kind = packet_kind::finished;
  header.cookie = m->cookie;
  send_header(links_[port.index()], m->origin_node, m->origin_worker, header);
}

}  // namespace weft::fabric
