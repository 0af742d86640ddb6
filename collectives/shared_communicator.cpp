#include "collectives/shared_communicator.hpp"

#include <bit>
#include <map>
#include <mutex>
#include <utility>

#include "collectives/neighbour_signals.hpp"
#include "runtime/scheduler.hpp"

namespace weft::coll {

void member_slot::raise(signal& which, std::uint64_t sequence) noexcept {
  which.advance(sequence);
  if (sleeper_.load(std::memory_order_seq_cst) == nullptr) return;
  if (runtime::rank* sleeper = sleeper_.exchange(nullptr, std::memory_order_seq_cst)) runtime::unpark(sleeper);
}

shared_communicator::shared_communicator(int size)
    : size_(size),
      // Rank 0 has the most children in a binomial tree: one per bit of size - 1.
      max_children_(size > 1 ? std::bit_width(static_cast<unsigned>(size - 1)) : 1),
      slots_(std::make_unique<member_slot[]>(size)),
      child_signals_(std::make_unique<signal[]>(static_cast<std::size_t>(size) * max_children_)),
      scratch_(std::make_unique<std::vector<std::byte>[]>(size)),
      neighbours_(std::make_unique<neighbour_signals[]>(size)) {}

shared_communicator::~shared_communicator() = default;

neighbour_signals& shared_communicator::neighbours(int rank) noexcept { return neighbours_[rank]; }

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

std::shared_ptr<shared_communicator> attach_shared(std::uint32_t context, int first_member, int size) {
  registry& r = the_registry();
  std::lock_guard lock(r.mutex);
  auto key = std::pair(context, first_member);
  if (auto existing = r.communicators[key].lock()) return existing;
  std::shared_ptr<shared_communicator> made(new shared_communicator(size), [key](shared_communicator* gone) {
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
