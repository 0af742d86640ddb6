#include "collectives/shared_communicator.hpp"

#include <algorithm>
#include <map>
#include <mutex>
#include <utility>

#include "collectives/neighbour_signals.hpp"
#include "runtime/job.hpp"
#include "runtime/scheduler.hpp"

namespace weft::coll {

void member_slot::raise(sequence_flag& which, std::uint64_t sequence) noexcept {
  which.advance(sequence);
  if (sleeper_.load(std::memory_order_seq_cst) == nullptr) return;
  if (runtime::rank* sleeper = sleeper_.exchange(nullptr, std::memory_order_seq_cst)) runtime::unpark(sleeper);
}

namespace {

// Rounds of a disseminating barrier among members that run on distinct cores (ceil(log2(size))), or 0
// when some share one (or there is one member): on a shared core the tree's fewer signals win.
int dissemination_rounds(std::span<const runtime::machine_place> places) {
  std::vector<runtime::machine_place> sorted(places.begin(), places.end());
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) return 0;
  int rounds = 0;
  for (std::size_t reach = 1; reach < places.size(); reach *= 2) ++rounds;
  return rounds;
}

// The data a broadcast cell holds. Through cells the root returns at once and the ranks that share a core
// run many broadcasts in a row, where the one-stage broadcast makes every rank wait for all in every call;
// but cells copy the data twice. Since the filler takes its next cell's lines for writing (collectives/node/cells.hpp),
// the cells win or tie at 8 KiB on any number of members. Measured (back-to-back calls on 2 cores, 2026-11-27, runs
// taking turns, cells against the other algorithms, us): 2 ranks 4 KiB 0.41-0.55 against 0.76-1.05, 8 KiB 0.71-0.89
// against 0.78-1.09; 4 ranks 8 KiB 1.28-1.79 against 1.54-1.83. Before (2026-11-26): 8 ranks at 8 KiB 2.2
// against 3.2-3.5, 16 ranks 2.9-3.4 against 4.8-6.5, 64 ranks 9.4-9.9 against 22.3.
constexpr std::size_t broadcast_cell_bytes = 8192;

// The data a deposit cell holds: 32 KiB over the members, a power of two from 256 B to 4 KiB, so that all
// rings together take about 16 x 32 KiB whatever the members (every cell's mark is written, so their pages
// are taken at once). Through deposits a reduce's ranks return once their part is in and run ahead; the
// tree of the larger reduces makes every rank wait for its parent in every call. Measured (back-to-back
// calls on 2 cores, 2026-11-27, runs taking turns, us): cells of 2 KiB against 256 B, 16 ranks reduce 2 KiB
// 2.1-2.2 against 3.7-5.1, 2 ranks allreduce 512 B 0.70-0.76 against 1.06-1.26, 1 KiB 0.86-0.92 against
// 1.34-1.43, reduce 512 B-1 KiB 0.42-0.49 against 0.59-0.72; cells of 4 KiB against 2 KiB, 4 ranks reduce
// 4 KiB 1.45-1.85 against 2.89-3.29, 8 ranks reduce 4 KiB 2.4-3.1 against 3.9-4.9, allreduce 6.6-7.5
// against 7.7-8.5; 8 KiB cells gained nothing more on 2 ranks (reduce 8 KiB 1.11-1.79 against 0.91-1.40).
std::size_t deposit_cell_bytes(int members) {
  constexpr std::size_t budget = 32 * 1024, least = 256, most = 4096;
  std::size_t bytes = most;
  while (bytes > least && bytes * static_cast<std::size_t>(members) > budget) bytes /= 2;
  return bytes;
}

// Cells per ring. A rank runs at most a ring ahead of the slowest member, so the ranks of a worker make at
// most a ring of small collectives in a row before they switch, and the filler of a full ring scans the
// members for the laggard and waits. Where members share cores, collectives of at most small_cell_capacity
// bytes take rings of small cells, 16 times deeper: there the calls themselves are the cost, and switches and
// scans a large part of it. Where each member has a core, the readers keep up and deeper rings only spread
// the cells over more of the cache (2 ranks, reduce 1 KiB 0.39-0.45 against 0.35-0.39 us). Measured (back-to-
// back calls on 2 cores, 8 B unless said, 2026-11-27, medians of 5 runs taking turns, us): 16 ranks bcast
// 0.64 against 0.99, reduce 1.43 against 1.87, reduce 128 B 1.49 against 2.00; 64 ranks bcast 2.30 against
// 3.52; 8 ranks reduce 0.74 against 0.90; 4 ranks reduce 0.30 against 0.49.
constexpr int cells_per_ring = 16;
constexpr int small_cells_per_ring = 256;

// The ring of small broadcast cells: only where members share cores.
cell_rings small_broadcast_rings(int members, bool apart) {
  if (members < 2 || apart) return {};
  return cell_rings(1, small_cells_per_ring, shared_communicator::small_cell_capacity);
}

bool deposits_on(int members) { return members > 1 && members <= shared_communicator::max_deposit_members; }

// Small deposit rings, one per member where members share cores, keep to the deposits' budget (16 x 32 KiB)
// together: as deep as the small broadcast ring up to 4 members, then halving as the members double, 64
// cells on 16. Where that leaves no more cells than the other rings have (from 64 members on), there are
// none and small reductions use the others: as many cells again gain nothing.
cell_rings small_deposit_rings(int members, bool apart) {
  if (!deposits_on(members) || apart) return {};
  constexpr std::size_t budget = 16 * 32 * 1024;
  constexpr std::size_t cell = cell_rings::cell_bytes(shared_communicator::small_cell_capacity);
  int cells = small_cells_per_ring;
  while (cells > cells_per_ring && cell * cells * static_cast<std::size_t>(members) > budget) cells /= 2;
  if (cells == cells_per_ring) return {};
  return cell_rings(members, cells, shared_communicator::small_cell_capacity);
}

}  // namespace

shared_communicator::shared_communicator(std::span<const runtime::machine_place> places,
                                         std::unique_ptr<const node_layout> nodes)
    : size_(static_cast<int>(places.size())),
      tree_(places),
      max_children_(std::max(tree_.max_children(), 1)),
      rounds_(coll::dissemination_rounds(places)),
      slots_(std::make_unique<member_slot[]>(size_)),
      child_signals_(std::make_unique<signal[]>(static_cast<std::size_t>(size_) * max_children_)),
      round_signals_(rounds_ != 0 ? std::make_unique<signal[]>(static_cast<std::size_t>(size_) * rounds_) : nullptr),
      scratch_(std::make_unique<std::vector<std::byte>[]>(size_)),
      small_broadcast_cells_(small_broadcast_rings(size_, members_apart())),
      broadcast_cells_(size_ > 1 ? cell_rings(1, cells_per_ring, broadcast_cell_bytes) : cell_rings()),
      small_deposits_(small_deposit_rings(size_, members_apart())),
      deposits_(deposits_on(size_) ? cell_rings(size_, cells_per_ring, deposit_cell_bytes(size_)) : cell_rings()),
      neighbours_(std::make_unique<neighbour_signals[]>(size_)),
      nodes_(std::move(nodes)) {}

shared_communicator::~shared_communicator() = default;

neighbour_signals& shared_communicator::neighbours(int rank) noexcept { return neighbours_[rank]; }

namespace {

struct registered {
  std::weak_ptr<shared_communicator> state;
  // Held until every member has attached: a member may finish its collectives and let go of the state
  // before another has attached (the root of a small broadcast returns before its readers read).
  std::shared_ptr<shared_communicator> until_all_attached;
  int attached = 0;
};

struct registry {
  std::mutex mutex;
  std::map<std::pair<std::uint32_t, int>, registered> communicators;
};

// Never destroyed: ranks' communicators (MPI_COMM_WORLD among them) may let go of their shared state
// during the process's exit, after static objects are gone.
registry& the_registry() {
  static registry* instance = new registry;
  return *instance;
}

}  // namespace

std::shared_ptr<shared_communicator> attach_shared(std::uint32_t context, std::span<const int> job_ranks,
                                                   std::span<const int> all_members) {
  registry& r = the_registry();
  std::lock_guard lock(r.mutex);
  auto key = std::pair(context, job_ranks.front());
  registered& entry = r.communicators[key];
  if (auto existing = entry.state.lock()) {
    if (++entry.attached == static_cast<int>(job_ranks.size())) entry.until_all_attached.reset();
    return existing;
  }
  std::vector<runtime::machine_place> places;
  for (int job_rank : job_ranks) places.push_back(runtime::job::current().place_of_rank(job_rank));
  auto nodes = job_ranks.size() != all_members.size() ? std::make_unique<const node_layout>(all_members) : nullptr;
  std::shared_ptr<shared_communicator> made(
      new shared_communicator(places, std::move(nodes)), [key](shared_communicator* gone) {
        registry& r = the_registry();
        std::lock_guard lock(r.mutex);
        // A new communicator never reuses a context, so the entry is still this one's.
        if (auto it = r.communicators.find(key); it != r.communicators.end() && it->second.state.expired())
          r.communicators.erase(it);
        delete gone;
      });
  entry.state = made;
  entry.attached = 1;
  if (job_ranks.size() > 1) entry.until_all_attached = made;
  return made;
}

}  // namespace weft::coll
