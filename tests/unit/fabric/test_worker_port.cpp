// Workers' ports on threads of one process, as a node process holds them: one worker's registered memory
// stays readable by a peer while another worker registers and releases memory of its own as fast as it
// can. Over libfabric 1.17's net provider, workers that shared a domain corrupted its table of
// registrations this way (the read met "unknown key" and the connection closed); a port's domain is its own.

#include <catch2/catch.hpp>

#include <atomic>
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
};

}  // namespace

TEST_CASE("a worker's registered memory stays readable while other workers register and release theirs",
          "[fabric]") {
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
