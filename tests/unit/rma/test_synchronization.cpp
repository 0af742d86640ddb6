// Passive- and active-target synchronization among ranks of an in-process job: locks exclude what they
// must and only that; a start waits for its posts, a wait for its completions. Ranks yield while holding
// a lock, so a lock that does not exclude lets another rank in.

#include <atomic>
#include <catch2/catch.hpp>
#include <memory>
#include <vector>

#include "job_fixture.hpp"
#include "rma/active_target.hpp"
#include "rma/passive_target.hpp"
#include "runtime/scheduler.hpp"

using namespace weft;

namespace {

constexpr int ranks = 8;
constexpr int workers = 2;

std::shared_ptr<rma::window> shared_window() {
  static auto w = std::make_shared<rma::window>(ranks, rma::flavor::create);
  return w;
}

}  // namespace

TEST_CASE("an exclusive lock excludes every other holder of the target's lock", "[rma]") {
  static long counter = 0;  // changed by read, yield, write: lost updates unless the lock excludes
  static std::atomic<int> inside{0};
  static std::atomic<bool> overlapped{false};
  test::run_job(ranks, workers, [](int) {
    rma::window& w = *shared_window();
    for (int i = 0; i < 200; ++i) {
      rma::lock(w, 0, rma::lock_kind::exclusive);
      if (inside.fetch_add(1) != 0) overlapped = true;
      long seen = counter;
      runtime::yield();
      counter = seen + 1;
      inside.fetch_sub(1);
      rma::unlock(w, 0, rma::lock_kind::exclusive);
    }
  });
  REQUIRE_FALSE(overlapped);
  REQUIRE(counter == ranks * 200);
}

TEST_CASE("shared locks are held together, and an exclusive one waits for them all", "[rma]") {
  static std::atomic<int> sharing{0}, most_sharing{0};
  static std::atomic<bool> exclusive_overlapped{false};
  test::run_job(ranks, workers, [](int rank) {
    rma::window& w = *shared_window();
    for (int i = 0; i < 100; ++i) {
      if (rank == 0) {
        rma::lock(w, 3, rma::lock_kind::exclusive);
        if (sharing.load() != 0) exclusive_overlapped = true;
        runtime::yield();
        if (sharing.load() != 0) exclusive_overlapped = true;
        rma::unlock(w, 3, rma::lock_kind::exclusive);
      } else {
        rma::lock(w, 3, rma::lock_kind::shared);
        int now = sharing.fetch_add(1) + 1;
        for (int seen = most_sharing.load(); now > seen && !most_sharing.compare_exchange_weak(seen, now);) {
        }
        runtime::yield();
        sharing.fetch_sub(1);
        rma::unlock(w, 3, rma::lock_kind::shared);
      }
      runtime::yield();
    }
  });
  REQUIRE_FALSE(exclusive_overlapped);
  REQUIRE(most_sharing.load() > 1);
}

TEST_CASE("lock_all and exclusive locks exclude each other, lock_all holders share", "[rma]") {
  static std::atomic<int> all_holders{0}, most_all_holders{0};
  static std::atomic<bool> overlapped{false};
  test::run_job(ranks, workers, [](int rank) {
    rma::window& w = *shared_window();
    for (int i = 0; i < 100; ++i) {
      if (rank % 4 == 0) {
        rma::lock(w, rank + 1, rma::lock_kind::exclusive);
        if (all_holders.load() != 0) overlapped = true;
        runtime::yield();
        if (all_holders.load() != 0) overlapped = true;
        rma::unlock(w, rank + 1, rma::lock_kind::exclusive);
      } else {
        rma::lock_all(w);
        int now = all_holders.fetch_add(1) + 1;
        for (int seen = most_all_holders.load(); now > seen && !most_all_holders.compare_exchange_weak(seen, now);) {
        }
        runtime::yield();
        all_holders.fetch_sub(1);
        rma::unlock_all(w);
      }
      runtime::yield();
    }
  });
  REQUIRE_FALSE(overlapped);
  REQUIRE(most_all_holders.load() > 1);
}

TEST_CASE("start waits for the posts of its targets, wait for the completions of its origins", "[rma]") {
  // Rank r exposes itself to r - 1 and accesses r + 1, in a ring, for several epochs; the value a
  // target holds when its wait returns must be the one its origin wrote in that epoch.
  static std::vector<int> value(ranks, -1);
  static std::atomic<bool> wrong{false};
  test::run_job(ranks, workers, [](int rank) {
    rma::window& w = *shared_window();
    int left = (rank + ranks - 1) % ranks, right = (rank + 1) % ranks;
    for (int epoch = 0; epoch < 50; ++epoch) {
      if (rank % 2 == 0) runtime::yield();  // posts and starts in both orders
      rma::post(w, rank, std::vector<int>{left});
      rma::start(w, rank, std::vector<int>{right});
      value[right] = epoch * ranks + rank;
      rma::complete(w, std::vector<int>{right});
      rma::wait_for_completions(w, rank, 1);
      if (value[rank] != epoch * ranks + left) wrong = true;
    }
  });
  REQUIRE_FALSE(wrong);
}
