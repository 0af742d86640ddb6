#include "mpi_api/file_domains.hpp"

#include <algorithm>
#include <cstring>
#include <mutex>
#include <vector>

#include "mpi_api/communicators.hpp"
#include "mpi_api/files.hpp"
#include "mpi_api/pmpi.hpp"

namespace weft::mpi {
namespace {

using io::file_run;
using range = io::transfer_part::file_range;

// A round's range stays below this, whatever cb_buffer_size says: the exchange's counts are ints.
constexpr std::uint64_t largest_round = 256 << 20;

// The rounds of one transfer, the same on every node: the global range, its domains, and the ranges of
// each domain round after round.
class rounds {
 public:
  rounds(MPI_File file, const file_ranges& ranges) : leaders_(file->leaders) {
    nodes_ = comm_size(leaders_);
    me_ = comm_rank(leaders_);
    for (const range& r : ranges)
      if (!r.empty()) all_ = all_.empty() ? r : range{std::min(all_.first, r.first), std::max(all_.last, r.last)};
    bytes_ = std::min<std::uint64_t>(file->shared->buffering.buffer_bytes(), largest_round);
    for (int node = 0; node < nodes_; ++node) {
      range domain = io::domain_of(all_.first, all_.last, nodes_, node);
      if (!domain.empty()) count_ = std::max(count_, (domain.last - domain.first + bytes_ - 1) / bytes_);
    }
  }

  MPI_Comm leaders() const noexcept { return leaders_; }
  int nodes() const noexcept { return nodes_; }
  int me() const noexcept { return me_; }
  std::uint64_t count() const noexcept { return count_; }
  std::uint64_t bytes() const noexcept { return bytes_; }

  // Node `node`'s range in round `round`, below `end`.
  range of(int node, std::uint64_t round, std::uint64_t end = UINT64_MAX) const noexcept {
    range domain = io::domain_of(all_.first, all_.last, nodes_, node);
    std::uint64_t first = domain.first + round * bytes_;
    std::uint64_t last = std::min({first + bytes_, domain.last, end});
    if (first >= last) return {};
    return {first, last};
  }

 private:
  MPI_Comm leaders_;
  int nodes_ = 1, me_ = 0;
  range all_;
  std::uint64_t bytes_ = 0, count_ = 0;
};

// Messages of the exchange, one per node and round: a count of runs, the runs, then (for a write) their
// bytes in order.
void put_runs(const std::vector<file_run>& runs, std::vector<std::byte>& out) {
  if (runs.empty()) return;  // an empty message says the same
  std::uint64_t count = runs.size();
  std::size_t at = out.size();
  out.resize(at + sizeof count + runs.size() * sizeof(file_run));
  std::memcpy(out.data() + at, &count, sizeof count);
  std::memcpy(out.data() + at + sizeof count, runs.data(), runs.size() * sizeof(file_run));
}

std::vector<file_run> get_runs(const std::byte* message, std::size_t length, std::size_t& header) {
  header = 0;
  if (length == 0) return {};
  std::uint64_t count;
  std::memcpy(&count, message, sizeof count);
  std::vector<file_run> runs(count);
  std::memcpy(runs.data(), message + sizeof count, count * sizeof(file_run));
  header = sizeof count + count * sizeof(file_run);
  return runs;
}

std::uint64_t bytes_of(const std::vector<file_run>& runs) {
  std::uint64_t total = 0;
  for (const file_run& run : runs) total += run.bytes;
  return total;
}

// Sends each node its message (`out` cut at `sent`) and receives one from each into `in`, cut at `received`.
// `received` is given when both sides know the lengths, else exchanged first.
void exchange(const rounds& plan, const std::vector<std::byte>& out, const std::vector<int>& sent,
              std::vector<std::byte>& in, std::vector<int>& received, bool lengths_known) {
  int nodes = plan.nodes();
  std::vector<int> out_at(nodes), in_at(nodes);
  if (!lengths_known) PMPI_Alltoall(sent.data(), 1, MPI_INT, received.data(), 1, MPI_INT, plan.leaders());
  for (int node = 1; node < nodes; ++node) {
    out_at[node] = out_at[node - 1] + sent[node - 1];
    in_at[node] = in_at[node - 1] + received[node - 1];
  }
  in.resize(static_cast<std::size_t>(in_at[nodes - 1]) + received[nodes - 1]);
  PMPI_Alltoallv(out.data(), sent.data(), out_at.data(), MPI_BYTE, in.data(), received.data(), in_at.data(), MPI_BYTE,
                 plan.leaders());
}

// The offsets of each node's message in a buffer of messages cut at `lengths`.
std::vector<std::size_t> starts(const std::vector<int>& lengths) {
  std::vector<std::size_t> at(lengths.size());
  for (std::size_t node = 1; node < lengths.size(); ++node) at[node] = at[node - 1] + lengths[node - 1];
  return at;
}

// Atomic mode: the node's transfers and the other nodes' byte locks kept out while `move` runs.
template <class Move>
int locked(MPI_File file, range bytes, bool writes, Move move) {
  if (!file->atomic) return move();
  std::lock_guard node(file->shared->atomic_transfers);
  if (int error = file->shared->file.lock_range(bytes.first, bytes.last, writes)) return error;
  int error = move();
  file->shared->file.unlock_range(bytes.first, bytes.last);
  return error;
}

}  // namespace

node_layout gather_layout(MPI_File file) {
  range mine = file->shared->buffering.aggregated_range();
  std::uint64_t local[3] = {mine.first, mine.last, file->shared->hosts_share_it ? 1u : 0u};
  std::vector<std::uint64_t> all(3 * static_cast<std::size_t>(comm_size(file->leaders)));
  PMPI_Allgather(local, 3, MPI_UINT64_T, all.data(), 3, MPI_UINT64_T, file->leaders);
  node_layout layout;
  for (std::size_t node = 0; node < all.size() / 3; ++node) {
    layout.ranges.push_back({all[3 * node], all[3 * node + 1]});
    layout.shared_between_hosts |= all[3 * node + 2] != 0;
  }
  return layout;
}

bool ranges_interleave(file_ranges ranges) {
  std::erase_if(ranges, [](const range& r) { return r.empty(); });
  std::sort(ranges.begin(), ranges.end(), [](const range& a, const range& b) { return a.first < b.first; });
  for (std::size_t i = 1; i < ranges.size(); ++i)
    if (ranges[i].first < ranges[i - 1].last) return true;
  return false;
}

int exchange_write(MPI_File file, const file_ranges& ranges) {
  const rounds plan(file, ranges);
  const io::collective_buffering& buffering = file->shared->buffering;
  std::byte* image = file->staging.reserve(plan.bytes());
  std::byte* scratch = file->exchange_staging.reserve(plan.count() != 0 ? plan.bytes() : 0);
  std::vector<std::byte> out, in;
  std::vector<int> sent(plan.nodes()), received(plan.nodes());
  int error = 0;
  for (std::uint64_t round = 0; round < plan.count(); ++round) {
    // To each other node: the runs of this node's data in its range, and their bytes.
    out.clear();
    for (int node = 0; node < plan.nodes(); ++node) {
      std::size_t before = out.size();
      range there = plan.of(node, round);
      if (node != plan.me() && !there.empty()) {
        std::vector<io::transfer_part> parts = buffering.parts_in(there.first, there.last);
        std::vector<file_run> runs = io::covered_runs(parts, there.first, there.last);
        io::stage_range(parts, there.first, there.last, scratch);
        put_runs(runs, out);
        for (const file_run& run : runs) {
          const std::byte* from = scratch + (run.offset - there.first);
          out.insert(out.end(), from, from + run.bytes);
        }
      }
      sent[node] = static_cast<int>(out.size() - before);
    }
    exchange(plan, out, sent, in, received, false);
    range here = plan.of(plan.me(), round);
    if (here.empty() || error != 0) continue;
    // Every node's data, in node order: where views overlap, the last node's bytes stay, in every domain
    // alike, as atomic mode needs.
    std::vector<file_run> all;
    std::vector<std::size_t> at = starts(received);
    for (int node = 0; node < plan.nodes(); ++node) {
      if (node == plan.me()) {
        std::vector<io::transfer_part> parts = buffering.parts_in(here.first, here.last);
        io::stage_range(parts, here.first, here.last, image);
        std::vector<file_run> runs = io::covered_runs(parts, here.first, here.last);
        all.insert(all.end(), runs.begin(), runs.end());
        continue;
      }
      std::size_t header;
      std::vector<file_run> runs = get_runs(in.data() + at[node], received[node], header);
      const std::byte* from = in.data() + at[node] + header;
      for (const file_run& run : runs) {
        std::memcpy(image + (run.offset - here.first), from, run.bytes);
        from += run.bytes;
      }
      all.insert(all.end(), runs.begin(), runs.end());
    }
    all = io::merge_runs(std::move(all));
    if (!all.empty())
      error =
          locked(file, here, true, [&] { return io::write_runs(file->shared->file, all, here.first, image).error; });
  }
  return error;
}

int exchange_read(MPI_File file, const file_ranges& ranges, std::uint64_t end_of_file) {
  const rounds plan(file, ranges);
  // The nodes cut their ranges at the same end, whatever their views of the size.
  std::uint64_t local_end = end_of_file;
  PMPI_Allreduce(&local_end, &end_of_file, 1, MPI_UINT64_T, MPI_MIN, plan.leaders());
  const io::collective_buffering& buffering = file->shared->buffering;
  std::byte* image = file->staging.reserve(plan.bytes());
  std::byte* scratch = file->exchange_staging.reserve(plan.count() != 0 ? plan.bytes() : 0);
  std::vector<std::byte> out, in;
  std::vector<int> sent(plan.nodes()), received(plan.nodes());
  std::vector<std::vector<file_run>> asked(plan.nodes());
  int error = 0;
  for (std::uint64_t round = 0; round < plan.count(); ++round) {
    // To each other node: the runs this node's parts cover in its range.
    out.clear();
    for (int node = 0; node < plan.nodes(); ++node) {
      std::size_t before = out.size();
      range there = plan.of(node, round, end_of_file);
      asked[node].clear();
      if (node != plan.me() && !there.empty()) {
        asked[node] = io::covered_runs(buffering.parts_in(there.first, there.last), there.first, there.last);
        put_runs(asked[node], out);
      }
      sent[node] = static_cast<int>(out.size() - before);
    }
    exchange(plan, out, sent, in, received, false);
    // This node's range: the runs of every node read at once, this node's parts filled, the others' bytes
    // sent back in the order they asked for them.
    range here = plan.of(plan.me(), round, end_of_file);
    std::vector<std::vector<file_run>> wanted(plan.nodes());
    std::vector<std::size_t> at = starts(received);
    std::vector<file_run> all;
    std::vector<io::transfer_part> mine;
    if (!here.empty()) {
      mine = buffering.parts_in(here.first, here.last);
      all = io::covered_runs(mine, here.first, here.last);
    }
    for (int node = 0; node < plan.nodes(); ++node) {
      if (node == plan.me()) continue;
      std::size_t header;
      wanted[node] = get_runs(in.data() + at[node], received[node], header);
      all.insert(all.end(), wanted[node].begin(), wanted[node].end());
    }
    all = io::merge_runs(std::move(all));
    if (!all.empty() && error == 0)
      error = locked(file, here, false, [&] { return io::read_runs(file->shared->file, all, here.first, image); });
    if (!mine.empty()) io::unstage_range(mine, here.first, here.last, image);
    out.clear();
    for (int node = 0; node < plan.nodes(); ++node) {
      std::size_t before = out.size();
      for (const file_run& run : wanted[node]) {
        const std::byte* from = image + (run.offset - here.first);
        out.insert(out.end(), from, from + run.bytes);
      }
      sent[node] = static_cast<int>(out.size() - before);
      received[node] = static_cast<int>(bytes_of(asked[node]));
    }
    exchange(plan, out, sent, in, received, true);
    // The bytes of the runs asked for, into each range's image and from there into this node's parts.
    at = starts(received);
    for (int node = 0; node < plan.nodes(); ++node) {
      range there = plan.of(node, round, end_of_file);
      if (asked[node].empty()) continue;
      const std::byte* from = in.data() + at[node];
      for (const file_run& run : asked[node]) {
        std::memcpy(scratch + (run.offset - there.first), from, run.bytes);
        from += run.bytes;
      }
      io::unstage_range(buffering.parts_in(there.first, there.last), there.first, there.last, scratch);
    }
  }
  return error;
}

}  // namespace weft::mpi
