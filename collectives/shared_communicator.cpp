#include "collectives/shared_communicator.hpp"

#include <algorithm>
#include <map>
#include <mutex>
#include <utility>

#include "runtime/job.hpp"
#include "runtime/scheduler.hpp"

namespace weft::coll {

void member_slot::raise(signal& which, std::uint64_t sequence) noexcept {
  which.advance(sequence);
  if (sleeper_.load(std::memory_order_seq_cst) == nullptr) return;
  if (runtime::rank* sleeper = sleeper_.exchange(nullptr, std::memory_order_seq_cst)) runtime::unpark(sleeper);
}

shared_communicator::shared_communicator(std::span<const runtime::machine_place> places)
    : size_(static_cast<int>(places.size())),
      tree_(places),
      max_children_(std::max(tree_.max_children(), 1)),
      slots_(std::make_unique<member_slot[]>(size_)),
      child_signals_(std::make_unique<signal[]>(static_cast<std::size_t>(size_) * max_children_)),
      scratch_(std::make_unique<std::vector<std::byte>[]>(size_)) {}

namespace {

struct registry {
  std::mutex mutex;
  std::map<std::pair<std::uint32_t, int>, std::weak_ptr<shared_communicator>> communicators;
};

// Never destroyed: ranks' communicators (MPI_COMM_WORLD among them) may let go of their shared state
// during the process's exit, after static objects are gone.
registry& the_registry() {
  static registry* instance = new registry;
  return *instance;
}

}  // namespace

std::shared_ptr<shared_communicator> attach_shared(std::uint32_t context, std::span<const int> job_ranks) {
  registry& r = the_registry();
  std::lock_guard lock(r.mutex);
  auto key = std::pair(context, job_ranks.front());
  if (auto existing = r.communicators[key].lock()) return existing;
  std::vector<runtime::machine_place> places;
  for (int job_rank : job_ranks) places.push_back(runtime::job::current().place_of_rank(job_rank));
  std::shared_ptr<shared_communicator> made(new shared_communicator(places), [key](shared_communicator* gone) {
    registry& r = the_registry();
    std::lock_guard lock(r.mutex);
    // A new communicator never reuses a context, so the entry is still this one's.
    if (auto it = r.communicators.find(key); it != r.communicators.end() && it->second.expired())
      r.communicators.erase(it);
    delete gone;
  });
  r.communicators[key] = made;
  return made;
}

}  // namespace weft::coll
