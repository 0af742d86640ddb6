// Two endpoints of one domain over the provider the tests use (loopback_network.hpp): Weft's default, TCP in
// libfabric's native reliable-datagram form, and tcp under ofi_rxm in the suffixed run. Tagged messages of every
// size class arrive whole, match by tag (exactly and with ignored bits), and receives posted before and
// after their message both complete.

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstring>
#include <string>
#include <vector>

#include "fabric/endpoint.hpp"
#include "fabric/loopback_network.hpp"

using namespace weft;

namespace {

std::vector<unsigned char> pattern(std::size_t bytes, unsigned seed) {
  std::vector<unsigned char> data(bytes);
  for (std::size_t i = 0; i < bytes; ++i) data[i] = static_cast<unsigned char>(i * 131 + (i >> 8) * 7 + seed);
  return data;
}

// Polls both endpoints once, keeping what completed.
void poll(fabric::endpoint& a, fabric::endpoint& b, std::vector<fabric::completion>& finished) {
  fabric::completion batch[8];
  for (fabric::endpoint* e : {&a, &b}) {
    std::size_t n = e->progress(batch, 8);
    finished.insert(finished.end(), batch, batch + n);
  }
}

// Posts with `post` until the provider takes it, polling both endpoints meanwhile (a first send waits
// for its connection).
template <class Post>
void post(fabric::endpoint& a, fabric::endpoint& b, std::vector<fabric::completion>& finished, Post attempt) {
  for (long polls = 0; !attempt(); ++polls) {
    REQUIRE(polls < 100'000'000);
    poll(a, b, finished);
  }
}

// Polls both endpoints until `done` operations in all have completed.
void finish(fabric::endpoint& a, fabric::endpoint& b, std::vector<fabric::completion>& finished, std::size_t done) {
  for (long polls = 0; finished.size() < done; ++polls) {
    REQUIRE(polls < 100'000'000);
    poll(a, b, finished);
  }
}

}  // namespace

TEST_CASE("without FI_PROVIDER the network is TCP in libfabric's native reliable-datagram form", "[fabric]") {
  if (const char* chosen = std::getenv("FI_PROVIDER"); chosen != nullptr && *chosen != '\0') {
    WARN("FI_PROVIDER=" << chosen << " chose the provider");
    return;
  }
  // net before libfabric 1.18, tcp from it; not tcp layered under ofi_rxm, slower and larger.
  std::string provider = fabric::loopback_network().info().fabric_attr->prov_name;
  CHECK((provider == "net" || provider == "tcp"));
}

TEST_CASE("tagged messages of every size class arrive whole between two endpoints", "[fabric]") {
  fabric::domain domain(fabric::loopback_network());
  fabric::endpoint sender(domain), receiver(domain);
  fi_addr_t to = domain.insert(receiver.name());
  fi_addr_t from = domain.insert(sender.name());

  for (std::size_t bytes : {std::size_t{0}, std::size_t{8}, std::size_t{64}, std::size_t{4096}, std::size_t{1} << 20}) {
    INFO(bytes << " bytes");
    auto sent = pattern(bytes, static_cast<unsigned>(bytes));
    std::vector<unsigned char> arrived(bytes + 1, 0xEE);
    fi_context send_context{}, receive_context{};
    std::vector<fabric::completion> finished;
    post(sender, receiver, finished,
         [&] { return receiver.receive(arrived.data(), bytes, from, 42, 0, &receive_context); });
    post(sender, receiver, finished, [&] { return sender.send(sent.data(), bytes, to, 42, &send_context); });
    finish(sender, receiver, finished, 2);
    bool received = false;
    for (const fabric::completion& c : finished)
      if (c.context == &receive_context) {
        received = true;
        CHECK(c.bytes == bytes);
        CHECK(c.tag == 42);
      }
    CHECK(received);
    CHECK(std::equal(sent.begin(), sent.begin() + bytes, arrived.begin()));
    CHECK(arrived[bytes] == 0xEE);  // nothing past the message
  }
}

TEST_CASE("receives match by tag, with ignored bits, posted before or after their message", "[fabric]") {
  fabric::domain domain(fabric::loopback_network());
  fabric::endpoint sender(domain), receiver(domain);
  fi_addr_t to = domain.insert(receiver.name());
  fi_addr_t from = domain.insert(sender.name());

  // Sent first with tag 7, then tag 5; the receive for 5 is posted first and must take the second message.
  int seven = 7, five = 5, got_five = 0, got_any = 0;
  fi_context contexts[4]{};
  std::vector<fabric::completion> finished;
  post(sender, receiver, finished,
       [&] { return receiver.receive(&got_five, sizeof got_five, from, 5, 0, &contexts[0]); });
  post(sender, receiver, finished, [&] { return sender.send(&seven, sizeof seven, to, 7, &contexts[1]); });
  post(sender, receiver, finished, [&] { return sender.send(&five, sizeof five, to, 5, &contexts[2]); });
  finish(sender, receiver, finished, 3);
  CHECK(got_five == 5);
  // The message of tag 7 waited, unexpected; a receive of tag 4 that ignores the two low bits (7 = 4 | 3)
  // posted now takes it.
  finished.clear();
  post(sender, receiver, finished,
       [&] { return receiver.receive(&got_any, sizeof got_any, from, 4, 3, &contexts[3]); });
  finish(sender, receiver, finished, 1);
  CHECK(finished.front().context == &contexts[3]);
  CHECK(finished.front().tag == 7);
  CHECK(got_any == 7);
}

TEST_CASE("RMA reads and writes reach a peer's registered memory, at offsets, and nothing else", "[fabric]") {
  fabric::domain domain(fabric::loopback_network());
  fabric::endpoint origin(domain), target(domain);
  fi_addr_t to_target = domain.insert(target.name());

  constexpr std::size_t bytes = std::size_t{1} << 20;
  auto exposed = pattern(bytes, 3);
  fabric::remote_memory registered(domain, exposed.data(), bytes);

  // A read of the middle of the region, then of a few bytes at its very end.
  std::vector<unsigned char> fetched(bytes / 2 + 1, 0xEE);
  fi_context contexts[4]{};
  std::vector<fabric::completion> finished;
  post(origin, target, finished,
       [&] { return origin.read(fetched.data(), bytes / 2, to_target, registered.at(bytes / 4), &contexts[0]); });
  finish(origin, target, finished, 1);
  CHECK(std::memcmp(fetched.data(), exposed.data() + bytes / 4, bytes / 2) == 0);
  CHECK(fetched[bytes / 2] == 0xEE);
  unsigned char tail[3] = {};
  post(origin, target, finished,
       [&] { return origin.read(tail, 3, to_target, registered.at(bytes - 3), &contexts[1]); });
  finish(origin, target, finished, 2);
  CHECK(std::memcmp(tail, exposed.data() + bytes - 3, 3) == 0);

  // A write of 64 KiB at offset 100: those bytes change, the ones around them do not.
  auto written = pattern(std::size_t{1} << 16, 9);
  auto before = exposed;
  post(origin, target, finished,
       [&] { return origin.write(written.data(), written.size(), to_target, registered.at(100), &contexts[2]); });
  finish(origin, target, finished, 3);
  // The write completed at the origin; a read after it sees it at the target.
  std::vector<unsigned char> check(written.size() + 2);
  post(origin, target, finished,
       [&] { return origin.read(check.data(), check.size(), to_target, registered.at(99), &contexts[3]); });
  finish(origin, target, finished, 4);
  CHECK(check.front() == before[99]);
  CHECK(std::memcmp(check.data() + 1, written.data(), written.size()) == 0);
  CHECK(check.back() == before[100 + written.size()]);
  CHECK(std::memcmp(exposed.data() + 100, written.data(), written.size()) == 0);
}
