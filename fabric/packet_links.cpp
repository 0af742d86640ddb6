#include "fabric/packet_links.hpp"

#include <cstring>
#include <string>
#include <variant>

#include "fabric/endpoint_cards.hpp"
#include "runtime/log.hpp"
#include "runtime/pmix_client.hpp"
#include "runtime/report.hpp"
#include "runtime/scheduler.hpp"
#include "runtime/worker.hpp"
#include "runtime/worker_blocks.hpp"

namespace weft::fabric {
namespace {

// Posted receive buffers per port: packets the provider can land before the worker polls again.
constexpr int receive_buffers_per_port = 64;

// Eager messages a worker may have unconsumed at one worker of another node, and how many a receiver
// consumes before it hands credits back.
constexpr int eager_credits = 64;
constexpr int credit_batch = eager_credits / 4;

const char* const endpoints_key = "weft.fabric.endpoints";

}  // namespace

packet_links::held_link::~held_link() {
  lock_.unlock();
  if (runtime::worker::current() == nullptr) links_.owner_.worker_at(on.port->index()).wake_for_network();
}

packet_links::packet_links(runtime::job& owner, network& net, std::size_t packet_capacity, port_events& events)
    : nodes_(owner.nodes()), owner_(owner), events_(events), traffic_(owner.worker_count()) {
  for (int w = 0; w < owner.worker_count(); ++w)
    links_.emplace_back().port = std::make_unique<worker_port>(net, w, packet_capacity, receive_buffers_per_port);
  wire_up(*owner.wire_up());
}

void packet_links::wire_up(runtime::pmix_client& wire_up) {
  std::vector<std::vector<std::byte>> names;
  for (const link& each : links_) names.push_back(each.port->name());
  std::vector<std::byte> own = card_of(names);
  wire_up.publish(endpoints_key, own);
  wire_up.exchange();
  for (int node = 0; node < nodes_.node_count(); ++node) {
    std::vector<std::byte> card = node == nodes_.this_node() ? own : wire_up.lookup(node, endpoints_key);
    auto read = read_card(card);
    if (const std::string* why = std::get_if<std::string>(&read))
      runtime::fatal(1, "node %d: the endpoints node %d published cannot be read: %s", nodes_.this_node(), node,
                     why->c_str());
    const endpoint_card& peer = std::get<endpoint_card>(read);
    auto workers = static_cast<int>(peer.names.size());
    if (runtime::logging(runtime::log_subsystem::fabric, runtime::log_level::debug)) [[unlikely]]
      runtime::write_log(runtime::log_subsystem::fabric, "node %d: node %d has %d workers, endpoints of %zu bytes",
                         nodes_.this_node(), node, workers, peer.names.front().size());
    workers_.push_back(workers);
    std::vector<fi_addr_t>& addresses = addresses_.emplace_back();
    for (std::span<const std::byte> name : peer.names) {
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
}

packet_links::held_link packet_links::here() {
  const runtime::worker* worker = runtime::worker::current();
  return held_link(*this, links_[worker != nullptr ? worker->index() : runtime::current_rank()->home->index()]);
}

std::pair<int, int> packet_links::place_of_rank(int job_rank) const {
  int node = nodes_.node_of(job_rank);
  return {node, runtime::worker_of_rank(job_rank - nodes_.first_rank(node), nodes_.rank_count(node), workers_[node])};
}

void packet_links::stamp(link& from, int node, int worker, packet_header& header) {
  header.origin_node = nodes_.this_node();
  header.origin_worker = from.port->index();
  header.sequence = from.next_sent[node][worker]++;
  header.credits = static_cast<std::uint16_t>(std::exchange(from.consumed[node][worker], 0));
  if (header.kind != packet_kind::census) count_started(from.port->index());
}

outgoing_packet& packet_links::packet_to(link& from, int node, int worker, packet_header header,
                                         std::size_t data_bytes) {
  stamp(from, node, worker, header);
  outgoing_packet& packet = from.port->new_packet(sizeof header + data_bytes);
  std::memcpy(packet.data(), &header, sizeof header);
  return packet;
}

void packet_links::send_packet(link& from, int node, int worker, outgoing_packet& packet) {
  from.port->send(packet, addresses_[node][worker], events_);
}

void packet_links::send_header(link& from, int node, int worker, const packet_header& header) {
  send_packet(from, node, worker, packet_to(from, node, worker, header, 0));
}

bool packet_links::take_credit(link& from, int node, int worker) noexcept {
  int& credits = from.credits[node][worker];
  if (credits == 0) return false;
  --credits;
  return true;
}

void packet_links::consume_eager(link& on, int node, int worker) {
  if (++on.consumed[node][worker] < credit_batch) return;
  packet_header header{};
  header.kind = packet_kind::credit;
  send_header(on, node, worker, header);  // carries the batch
}

void packet_links::take(worker_port& port, const std::byte* packet, std::size_t bytes, packet_sink& sink) {
  packet_header header;
  if (bytes < sizeof header)
    runtime::fatal(1, "node %d: a packet of %zu bytes is too short", nodes_.this_node(), bytes);
  std::memcpy(&header, packet, sizeof header);
  link& on = links_[port.index()];
  const int node = header.origin_node, worker = header.origin_worker;
  std::uint32_t& next = on.next_handled[node][worker];
  if (header.sequence != next) {
    on.early_packets.try_emplace(std::tuple(node, worker, header.sequence), packet, packet + bytes);
    return;
  }
  // Counted before it is handled: handling may poll the network and meet the packets that follow.
  ++next;
  deliver(port, header, packet, bytes, sink);
  for (auto early = on.early_packets.find(std::tuple(node, worker, next)); early != on.early_packets.end();
       early = on.early_packets.find(std::tuple(node, worker, next))) {
    std::pmr::vector<std::byte> waited = std::move(early->second);
    on.early_packets.erase(early);
    ++next;
    std::memcpy(&header, waited.data(), sizeof header);
    deliver(port, header, waited.data(), waited.size(), sink);
  }
}

void packet_links::deliver(worker_port& port, const packet_header& header, const std::byte* packet, std::size_t bytes,
                           packet_sink& sink) {
  // Counted before it is handled: a rank it wakes may at once send what the watchdog counts as started.
  if (header.kind != packet_kind::census) count_completed(port.index());
  links_[port.index()].credits[header.origin_node][header.origin_worker] += header.credits;
  sink.handle_packet(port, header, packet, bytes);
}

runtime::network_traffic packet_links::traffic() const {
  runtime::network_traffic total;
  for (const traffic_counts& counts : traffic_) {
    total.started += counts.started.load(std::memory_order_relaxed);
    total.completed += counts.completed.load(std::memory_order_relaxed);
  }
  return total;
}

bool packet_links::progress(int worker) {
  link& on = links_[worker];
  std::unique_lock lock(on.use, std::try_to_lock);
  if (!lock) return false;  // a thread of one of its ranks is moving it
  return on.port->progress(events_);
}

bool packet_links::may_sleep(int worker) {
  link& on = links_[worker];
  std::unique_lock lock(on.use, std::try_to_lock);
  return lock && on.port->may_sleep();
}

void packet_links::drain() {
  for (link& each : links_) {
    std::lock_guard lock(each.use);
    each.port->drain(events_);
  }
}

}  // namespace weft::fabric
