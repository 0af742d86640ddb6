// The scheduler: placement, yield, park/unpark across workers, permits, many ranks.

#include <sched.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "job_fixture.hpp"
#include "runtime/scheduler.hpp"
#include "runtime/topology.hpp"
#include "runtime/worker.hpp"

using namespace weft;

TEST_CASE("every rank runs once, placed on workers in blocks", "[scheduler]") {
  constexpr int nranks = 7, workers = 2;
  std::vector<std::atomic<int>> runs(nranks), worker_of(nranks);
  test::run_job(nranks, workers, [&](int rank) {
    runs[rank]++;
    worker_of[rank] = runtime::current_rank()->home->index();
  });
  for (int r = 0; r < nranks; ++r) {
    CHECK(runs[r] == 1);
    int w = worker_of[r];
    CHECK(w * nranks / workers <= r);
    CHECK(r < (w + 1) * nranks / workers);
  }
}

TEST_CASE("yield lets the other ranks of the worker run in turn", "[scheduler]") {
  std::vector<int> order;  // one worker: no concurrent access
  test::run_job(3, 1, [&](int rank) {
    for (int round = 0; round < 3; ++round) {
      order.push_back(rank);
      runtime::yield();
    }
  });
  CHECK(order == std::vector<int>{0, 1, 2, 0, 1, 2, 0, 1, 2});
}

TEST_CASE("a parked rank is woken by a rank of another worker", "[scheduler]") {
  std::atomic<runtime::rank*> waiter{nullptr};
  std::atomic<bool> flag{false}, woke{false};
  test::run_job(2, 2, [&](int rank) {
    if (rank == 0) {
      waiter = runtime::current_rank();
      runtime::wait_until([&] { return flag.load(); });
      woke = true;
    } else {
      while (waiter.load() == nullptr) runtime::yield();
      flag = true;
      runtime::unpark(waiter.load());
    }
  });
  CHECK(woke);
}

TEST_CASE("an unpark that comes before park is not lost", "[scheduler]") {
  std::atomic<bool> returned{false};
  test::run_job(1, 1, [&](int) {
    runtime::unpark(runtime::current_rank());  // while running: leaves a permit
    runtime::park();                           // must return at once, or the job never ends
    returned = true;
  });
  CHECK(returned);
}

TEST_CASE("a chain of waits through 1000 ranks on 2 workers completes", "[scheduler]") {
  constexpr int nranks = 1000;
  std::vector<std::atomic<bool>> token(nranks);
  std::vector<std::atomic<runtime::rank*>> ranks(nranks);
  test::run_job(nranks, 2, [&](int rank) {
    ranks[rank] = runtime::current_rank();
    if (rank > 0) runtime::wait_until([&] { return token[rank].load(); });
    if (rank + 1 < nranks) {
      while (ranks[rank + 1].load() == nullptr) runtime::yield();
      token[rank + 1] = true;
      runtime::unpark(ranks[rank + 1].load());
    }
  });
  for (int r = 1; r < nranks; ++r) REQUIRE(token[r]);
}

TEST_CASE("a rank that blocks inside a catch block rethrows its own exception", "[scheduler]") {
  std::vector<std::string> rethrown(2);
  std::vector<int> uncaught_in_handler(2, -1);
  test::run_job(2, 1, [&](int rank) {
    try {
      throw std::runtime_error("thrown by rank " + std::to_string(rank));
    } catch (const std::runtime_error&) {
      runtime::yield();  // the other rank throws and catches meanwhile, on the same thread
      uncaught_in_handler[rank] = std::uncaught_exceptions();
      try {
        throw;
      } catch (const std::runtime_error& again) {
        rethrown[rank] = again.what();
      }
    }
  });
  CHECK(rethrown[0] == "thrown by rank 0");
  CHECK(rethrown[1] == "thrown by rank 1");
  CHECK(uncaught_in_handler == std::vector<int>{0, 0});
}

TEST_CASE("a second job in the same process still spreads its workers over the cores", "[scheduler]") {
  if (runtime::topology().core_count() < 2) {
    WARN("one core: nothing to spread");
    return;
  }
  std::vector<cpu_set_t> pinned(2);
  auto record_pinning = [&](int rank) { sched_getaffinity(0, sizeof(cpu_set_t), &pinned[rank]); };
  test::run_job(2, 2, record_pinning);  // pins the calling thread, as worker 0, to one core
  test::run_job(2, 2, record_pinning);
  CHECK_FALSE(CPU_EQUAL(&pinned[0], &pinned[1]));
}
