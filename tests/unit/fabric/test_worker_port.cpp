// Workers' ports, as a node process holds them. A send in place (header and data gathered by the provider)
// arrives as one packet and comes back to its sender once the provider is done with it. On threads of one
// process, one worker's registered memory stays readable by a peer while another worker registers and
// releases memory of its own as fast as it can. Over libfabric 1.17's net provider, workers that shared a
// domain corrupted its table of registrations this way (the read met "unknown key" and the connection
// closed); a port's domain is its own.

#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <cstring>
#include <thread>
#include <vector>

#include "fabric/loopback_network.hpp"
#include "fabric/remote_memory.hpp"
#include "fabric/worker_port.hpp"

using namespace weft;

namespace {

// Notes the reads that finish; packets are not expected.
struct read_events final : fabric::port_events {
  std::atomic<fabric::operation*> finished{nullptr};
  std::atomic<int> packets{0};
  void on_packet(fabric::worker_port&, const std::byte*, std::size_t) override { packets.fetch_add(1); }
  void on_read(fabric::worker_port&, fabric::operation& done) override { finished.store(&done); }
  void on_sent(fabric::worker_port&, fabric::operation&) override {}
};

// Keeps the packets that arrive and the sends in place that come back.
struct packet_events final : fabric::port_events {
  std::vector<std::vector<std::byte>> packets;
  std::vector<fabric::operation*> sent;
  void on_packet(fabric::worker_port&, const std::byte* packet, std::size_t bytes) override {
    packets.emplace_back(packet, packet + bytes);
  }
  void on_read(fabric::worker_port&, fabric::operation&) override {}
  void on_sent(fabric::worker_port&, fabric::operation& done) override { sent.push_back(&done); }
};

std::vector<std::byte> pattern(std::size_t bytes, unsigned seed) {
  std::vector<std::byte> data(bytes);
  for (std::size_t i = 0; i < bytes; ++i) data[i] = static_cast<std::byte>(i * 131 + (i >> 8) * 7 + seed);
  return data;
}

}  // namespace

TEST_CASE("a send in place arrives as one packet of its header and data, and comes back once sent", "[fabric]") {
  fabric::network& network = fabric::loopback_network();
  constexpr std::size_t packet_capacity = std::size_t{1} << 17;
  fabric::worker_port sender(network, 0, packet_capacity, 4), receiver(network, 1, packet_capacity, 4);
  REQUIRE(sender.gathers());
  const fi_addr_t to = sender.domain().insert(receiver.name());
  const std::vector<std::size_t> sizes = {0, 1, 8192, std::size_t{1} << 16};
  const auto header = pattern(40, 1);

  // The receiver polls on a thread of its own, as another node process would: a first send waits for its
  // connection, which the receiver's progress accepts.
  packet_events at_receiver;
  std::atomic<std::size_t> arrived{0};
  std::atomic<bool> stop{false};
  std::jthread receiver_thread([&] {
    while (!stop.load())
      if (receiver.progress(at_receiver)) arrived.store(at_receiver.packets.size());
  });
  packet_events at_sender;
  std::vector<fabric::operation> done(sizes.size(), fabric::operation(fabric::operation::kind::send_in_place));
  std::vector<std::vector<std::byte>> data;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    data.push_back(pattern(sizes[i], static_cast<unsigned>(i)));
    sender.send_in_place(header, data.back(), to, done[i], at_sender);
  }
  constexpr long polls_max = 100'000'000;
  long polls = 0;
  while ((at_sender.sent.size() < sizes.size() || arrived.load() < sizes.size()) && ++polls < polls_max)
    sender.progress(at_sender);
  stop.store(true);
  receiver_thread.join();
  REQUIRE(polls < polls_max);
  // The provider need not keep their order (tcp;ofi_rxm passes a large message through a rendezvous).
  REQUIRE(at_receiver.packets.size() == sizes.size());
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    INFO(sizes[i] << " bytes of data");
    std::vector<std::byte> expected = header;
    expected.insert(expected.end(), data[i].begin(), data[i].end());
    CHECK(std::ranges::count(at_receiver.packets, expected) == 1);
    CHECK(std::ranges::count(at_sender.sent, &done[i]) == 1);
  }
}

TEST_CASE("a worker's registered memory stays readable while other workers register and release theirs", "[fabric]") {
  fabric::network& network = fabric::loopback_network();
  fabric::worker_port owner(network, 0, 64, 4), reader(network, 1, 64, 4), churner(network, 2, 64, 4);
  const fi_addr_t to_owner = reader.domain().insert(owner.name());
  read_events events[3];

  constexpr int rounds = 300;
  constexpr std::size_t bytes = 4096;
  // The owner publishes a region per round; the reader reads it and says so; the churner registers and
  // releases memory meanwhile.
  std::atomic<int> published{-1}, read{-1};
  std::atomic<bool> stop{false};
  fabric::remote_bytes source{};
  std::vector<int> mismatched_rounds;

  std::jthread owner_thread([&] {
    for (int round = 0; round < rounds; ++round) {
      std::vector<unsigned char> data(bytes, static_cast<unsigned char>(round));
      fabric::remote_memory region(owner.domain(), data.data(), bytes);
      source = region.at(0);
      published.store(round, std::memory_order_release);
      while (read.load(std::memory_order_acquire) < round) owner.progress(events[0]);  // serves the read
    }
  });
  std::jthread reader_thread([&] {
    std::vector<unsigned char> into(bytes);
    for (int round = 0; round < rounds; ++round) {
      while (published.load(std::memory_order_acquire) < round) reader.progress(events[1]);
      fabric::operation done(fabric::operation::kind::read);
      events[1].finished.store(nullptr);
      reader.read(into.data(), bytes, to_owner, source, done, events[1]);
      while (events[1].finished.load() != &done) reader.progress(events[1]);
      if (into != std::vector<unsigned char>(bytes, static_cast<unsigned char>(round)))
        mismatched_rounds.push_back(round);
      read.store(round, std::memory_order_release);
    }
    stop.store(true);
  });
  std::jthread churner_thread([&] {
    std::vector<unsigned char> scratch(bytes);
    while (!stop.load()) {
      fabric::remote_memory region(churner.domain(), scratch.data(), bytes);
      churner.progress(events[2]);
    }
  });
  owner_thread.join();
  reader_thread.join();
  churner_thread.join();
  CHECK(mismatched_rounds.empty());
  for (read_events& each : events) CHECK(each.packets.load() == 0);
}
