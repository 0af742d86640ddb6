#include "collectives/simple_algorithms.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

#include "collectives/algorithms.hpp"
#include "shm/point_to_point.hpp"

namespace weft::coll {
namespace {

// Messages of consecutive gathers between two ranks cannot mix: every rank calls collectives in the same
// order and each pair's messages do not overtake.
enum : int { gather_tag = 4 };

void send_to(const void* buffer, std::size_t bytes, int to, int tag, const communicator_view& comm) {
  shm::send(buffer, bytes, {comm.context, comm.rank, tag}, comm.job_rank(to));
}

void recv_from(void* buffer, std::size_t bytes, int from, int tag, const communicator_view& comm) {
  shm::recv(buffer, bytes, {comm.context, from, tag}, comm.job_rank(comm.rank));
}

}  // namespace

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

}  // namespace weft::coll
