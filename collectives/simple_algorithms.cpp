#include "collectives/simple_algorithms.hpp"

#include <algorithm>
#include <cstring>
#include <memory>
#include <utility>
#include <vector>

#include "runtime/scheduler.hpp"
#include "shm/point_to_point.hpp"

namespace weft::coll {
namespace {

// One tag per algorithm: messages of consecutive collectives between two ranks cannot mix anyway,
// since every rank calls collectives in the same order and each pair's messages do not overtake.
enum : int { barrier_tag = 1, bcast_tag = 2, reduce_tag = 3, gather_tag = 4 };

void send_to(const void* buffer, std::size_t bytes, int to, int tag, const communicator_view& comm) {
  shm::send(buffer, bytes, {comm.context, comm.rank, tag}, comm.job_rank(to));
}

void recv_from(void* buffer, std::size_t bytes, int from, int tag, const communicator_view& comm) {
  shm::recv(buffer, bytes, {comm.context, from, tag}, comm.job_rank(comm.rank));
}

}  // namespace

void barrier(const communicator_view& comm) {
  // Dissemination: after round k every rank has heard, directly or not, from 2^(k+1) ranks.
  for (int distance = 1; distance < comm.size; distance *= 2) {
    send_to(nullptr, 0, (comm.rank + distance) % comm.size, barrier_tag, comm);
    recv_from(nullptr, 0, (comm.rank - distance + comm.size) % comm.size, barrier_tag, comm);
  }
}

void bcast(void* buffer, std::size_t bytes, int root, const communicator_view& comm) {
  int relative = (comm.rank - root + comm.size) % comm.size;
  int mask = 1;
  while (mask < comm.size) {
    if (relative & mask) {
      recv_from(buffer, bytes, (relative - mask + root) % comm.size, bcast_tag, comm);
      break;
    }
    mask <<= 1;
  }
  for (mask >>= 1; mask > 0; mask >>= 1)
    if (relative + mask < comm.size) send_to(buffer, bytes, (relative + mask + root) % comm.size, bcast_tag, comm);
}

void gather(const void* send, void* recv, std::size_t bytes, int root, const communicator_view& comm) {
  // Binomial tree over ranks relative to the root: relative rank r collects the blocks of relative ranks
  // [r, r + its subtree), its children's subtrees being contiguous behind its own block.
  int n = comm.size;
  int relative = (comm.rank - root + n) % n;
  int subtree = 1;
  while (subtree < n && (relative & subtree) == 0) subtree <<= 1;
  subtree = std::min(subtree, n - relative);
  std::vector<std::byte> blocks(static_cast<std::size_t>(subtree) * bytes);
  if (bytes != 0) std::memcpy(blocks.data(), send, bytes);
  for (int mask = 1; mask < n; mask <<= 1) {
    if (relative & mask) {
      send_to(blocks.data(), blocks.size(), (relative - mask + root) % n, gather_tag, comm);
      return;
    }
    if (int child = relative + mask; child < n) {
      std::size_t child_blocks = std::min(mask, n - child);
      recv_from(blocks.data() + mask * bytes, child_blocks * bytes, (child + root) % n, gather_tag, comm);
    }
  }
  auto* out = static_cast<std::byte*>(recv);
  for (int r = 0; r < n && bytes != 0; ++r) std::memcpy(out + ((r + root) % n) * bytes, blocks.data() + r * bytes, bytes);
}

void allgather(const void* send, void* recv, std::size_t bytes, const communicator_view& comm) {
  gather(send, recv, bytes, 0, comm);
  bcast(recv, bytes * comm.size, 0, comm);
}

namespace {

// Two buffers of `bytes` each for the calling rank, kept from call to call: allocating them afresh made
// every large reduction pay page faults (512 KiB on 2 ranks took ten times Open MPI's time).
std::pair<std::byte*, std::byte*> scratch_pair(std::size_t bytes) {
  static const std::unique_ptr<std::vector<std::byte>[]> per_rank =
      std::make_unique<std::vector<std::byte>[]>(runtime::job_size());
  std::vector<std::byte>& mine = per_rank[runtime::current_rank()->id];
  if (mine.size() < 2 * bytes) mine.resize(2 * bytes);
  return {mine.data(), mine.data() + bytes};
}

}  // namespace

void reduce(const void* send, void* recv, std::size_t count, std::size_t element_size, reduce_kernel kernel,
            int root, const communicator_view& comm) {
  std::size_t bytes = count * element_size;
  int relative = (comm.rank - root + comm.size) % comm.size;
  if ((relative & 1) != 0) {  // a leaf: its own data is all it sends
    send_to(send, bytes, (relative - 1 + root) % comm.size, reduce_tag, comm);
    return;
  }
  auto [accumulated, incoming] = scratch_pair(bytes);
  if (bytes != 0) std::memcpy(accumulated, send, bytes);
  for (int mask = 1; mask < comm.size; mask <<= 1) {
    if (relative & mask) {
      send_to(accumulated, bytes, (relative - mask + root) % comm.size, reduce_tag, comm);
      return;
    }
    if (relative + mask < comm.size) {
      recv_from(incoming, bytes, (relative + mask + root) % comm.size, reduce_tag, comm);
      // The child's partial result covers higher ranks: accumulated = accumulated op incoming keeps
      // rank order for operations that care.
      kernel(accumulated, incoming, count);
      std::swap(accumulated, incoming);
    }
  }
  if (bytes != 0) std::memcpy(recv, accumulated, bytes);
}

void allreduce(const void* send, void* recv, std::size_t count, std::size_t element_size, reduce_kernel kernel,
               const communicator_view& comm) {
  reduce(send, recv, count, element_size, kernel, 0, comm);
  bcast(recv, count * element_size, 0, comm);
}

}  // namespace weft::coll
