// The point-to-point protocols between two ranks of a job: when sends complete and what arrives.

#include <atomic>
#include <catch2/catch.hpp>
#include <cstring>
#include <vector>

#include "job_fixture.hpp"
#include "shm/point_to_point.hpp"

using namespace weft;
using namespace weft::shm;

namespace {

// Rank 1 receives only when rank 0 has recorded whether its send completed on its own.
struct handshake {
  std::atomic<bool> sent{false};
  std::atomic<bool> complete_before_receive{false};
};

std::vector<char> pattern(std::size_t size) {
  std::vector<char> data(size);
  for (std::size_t i = 0; i < size; ++i) data[i] = static_cast<char>(i * 31 + 7);
  return data;
}

void run_send_then_receive(std::size_t size, send_mode mode, handshake& h, std::vector<char>& received) {
  test::run_job(2, 2, [&](int rank) {
    std::vector<char> data = pattern(size);
    if (rank == 0) {
      send_request request;
      start_send(request, data.data(), size, {0, 0, 9}, 1, mode);
      h.complete_before_receive = request.done.done();
      h.sent = true;
      request.done.wait();
    } else {
      while (!h.sent) runtime::yield();
      received.resize(size);
      recv(received.data(), size, {0, 0, 9}, 1);
    }
  });
}

}  // namespace

TEST_CASE("a small standard send completes before its receive exists", "[protocols]") {
  handshake h;
  std::vector<char> received;
  run_send_then_receive(runtime::job_config().inline_max, send_mode::standard, h, received);
  CHECK(h.complete_before_receive);
  CHECK(received == pattern(runtime::job_config().inline_max));
}

TEST_CASE("a large standard send waits for its receive and arrives intact", "[protocols]") {
  handshake h;
  std::vector<char> received;
  run_send_then_receive(runtime::job_config().inline_max + 1, send_mode::standard, h, received);
  CHECK_FALSE(h.complete_before_receive);
  CHECK(received == pattern(runtime::job_config().inline_max + 1));
}

TEST_CASE("a synchronous send of any size waits for its receive", "[protocols]") {
  handshake h;
  std::vector<char> received;
  run_send_then_receive(1, send_mode::synchronous, h, received);
  CHECK_FALSE(h.complete_before_receive);
  CHECK(received == pattern(1));
}

TEST_CASE("a send into a posted receive copies directly and completes both", "[protocols]") {
  std::atomic<bool> posted{false};
  std::atomic<bool> send_done{false}, receive_done{false};
  std::vector<char> buffer(1 << 16);
  test::run_job(2, 1, [&](int rank) {
    if (rank == 1) {
      recv_request request;
      start_recv(request, buffer.data(), buffer.size(), {0, any_source, any_tag}, 1);
      posted = true;
      request.done.wait();
      receive_done = request.source == 0 && request.tag == 4 && request.received() == buffer.size();
    } else {
      while (!posted) runtime::yield();
      std::vector<char> data(buffer.size(), 'x');
      send_request request;
      start_send(request, data.data(), data.size(), {0, 0, 4}, 1, send_mode::standard);
      send_done = request.done.done();
    }
  });
  CHECK(send_done);
  CHECK(receive_done);
  CHECK(buffer[buffer.size() - 1] == 'x');
}

TEST_CASE("a message longer than the receive buffer is truncated and flagged", "[protocols]") {
  std::atomic<int> error{-1};
  std::atomic<std::size_t> message_size{0}, received{0};
  test::run_job(2, 2, [&](int rank) {
    std::vector<char> data(1000, 'y');
    if (rank == 0) {
      send(data.data(), data.size(), {0, 0, 0}, 1);
    } else {
      recv_request request;
      start_recv(request, data.data(), 100, {0, 0, 0}, 1);
      request.done.wait();
      error = static_cast<int>(request.error);
      message_size = request.message_size;
      received = request.received();
    }
  });
  CHECK(error == static_cast<int>(recv_error::truncated));
  CHECK(message_size == 1000);
  CHECK(received == 100);
}

TEST_CASE("no wake-up is lost when ranks of two workers exchange many messages", "[protocols]") {
  // Ranks 0-127 run on worker 0 and 128-255 on worker 1. Each round every rank posts receives from four
  // partners, two on each worker, then sends to them and waits: a rank woken by one message is often
  // still waiting in its worker's ready queue when the next one arrives, the window in which a wake-up
  // could be lost. A lost one leaves the job asleep forever, and the test's timeout fails it.
  constexpr int nranks = 256, rounds = 500;
  constexpr int offsets[] = {1, nranks - 1, nranks / 2 + 1, nranks / 2 - 1};
  std::atomic<int> finished{0};
  test::run_job(nranks, 2, [&](int rank) {
    for (int round = 0; round < rounds; ++round) {
      int in[4] = {-1, -1, -1, -1};
      recv_request receives[4];
      for (int i = 0; i < 4; ++i)
        start_recv(receives[i], &in[i], sizeof in[i], {0, (rank + nranks - offsets[i]) % nranks, 0}, rank);
      for (int offset : offsets) send(&round, sizeof round, {0, rank, 0}, (rank + offset) % nranks);
      for (recv_request& receive : receives) receive.done.wait();
      for (int value : in)
        if (value != round) return;
    }
    ++finished;
  });
  CHECK(finished == nranks);
}

TEST_CASE("large messages copied by both sides arrive intact whichever side matches", "[protocols]") {
  // Sizes of several copy blocks, not multiples of a block; in even rounds the receive is posted first
  // (the sender publishes the copy), in odd rounds the send is (the receiver does). Both ranks wait
  // inside the protocol, so the peer joins the copy whenever it can.
  constexpr int rounds = 200;
  std::size_t block = runtime::job_config().copy_block;
  const std::size_t sizes[] = {2 * block, 5 * block + 3, 16 * block + block / 2 + 1};
  std::atomic<int> intact{0};
  test::run_job(2, 2, [&](int rank) {
    for (int round = 0; round < rounds; ++round) {
      std::size_t size = sizes[round % 3];
      std::vector<char> expected(size);
      for (std::size_t i = 0; i < size; ++i) expected[i] = static_cast<char>(i * 31 + i / 4096 + round);
      if (rank == 0) {
        int go = 0;
        if (round % 2 == 0) recv(&go, sizeof go, {0, 1, 1}, 0);  // the receiver has posted
        send(expected.data(), size, {0, 0, 0}, 1);
      } else {
        std::vector<char> received(size);
        recv_request request;
        start_recv(request, received.data(), size, {0, 0, 0}, 1);
        int go = 1;
        if (round % 2 == 0) send(&go, sizeof go, {0, 1, 1}, 0);
        request.done.wait();
        if (received == expected) ++intact;
      }
    }
  });
  CHECK(intact == rounds);
}

TEST_CASE("large messages go from one layout straight into another", "[protocols]") {
  // The sender's data is every other int of its buffer; the receiver takes them as runs of three ints
  // four apart. Every path is taken: direct, rendezvous, and the copy shared by both sides.
  constexpr int rounds = 60;
  std::size_t block = runtime::job_config().copy_block;
  const std::size_t ints[] = {3, 3 * block + 3, 12 * block + 9};  // multiples of 3
  auto one_int = type_layout::basic(sizeof(int), alignof(int));
  std::atomic<int> intact{0};
  test::run_job(2, 2, [&](int rank) {
    for (int round = 0; round < rounds; ++round) {
      std::size_t n = ints[round % 3];
      if (rank == 0) {
        std::vector<int> spread(2 * n);
        for (std::size_t i = 0; i < n; ++i) spread[2 * i] = static_cast<int>(i * 7 + round);
        auto every_other = type_layout::hvector(n, 1, 2 * sizeof(int), one_int);
        int go = 0;
        if (round % 2 == 0) recv(&go, sizeof go, {0, 1, 1}, 0);  // the receiver has posted
        send(const_typed_span{reinterpret_cast<const std::byte*>(spread.data()), every_other.get(), 1}, {0, 0, 0}, 1);
      } else {
        auto triples = type_layout::hvector(n / 3, 3, 4 * sizeof(int), one_int);
        std::vector<int> received(n / 3 * 4, -1);
        recv_request request;
        start_recv(request, typed_span{reinterpret_cast<std::byte*>(received.data()), triples.get(), 1}, {0, 0, 0}, 1);
        int go = 1;
        if (round % 2 == 0) send(&go, sizeof go, {0, 1, 1}, 0);
        request.done.wait();
        bool same = request.received() == n * sizeof(int);
        for (std::size_t i = 0; i < n; ++i)
          same = same && received[i / 3 * 4 + i % 3] == static_cast<int>(i * 7 + round);
        for (std::size_t gap = 3; gap < received.size(); gap += 4) same = same && received[gap] == -1;
        if (same) ++intact;
      }
    }
  });
  CHECK(intact == rounds);
}
