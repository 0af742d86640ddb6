#include "collectives/simple_algorithms.hpp"

#include <cstring>
#include <vector>

#include "shm/point_to_point.hpp"

namespace weft::coll {
namespace {

// One tag per algorithm: messages of consecutive collectives between two ranks cannot mix anyway,
// since every rank calls collectives in the same order and each pair's messages do not overtake.
enum : int { barrier_tag = 1, bcast_tag = 2, reduce_tag = 3 };

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

void reduce(const void* send, void* recv, std::size_t count, std::size_t element_size, reduce_kernel kernel,
            int root, const communicator_view& comm) {
  std::size_t bytes = count * element_size;
  std::vector<std::byte> accumulated(bytes), incoming(bytes);
  if (bytes != 0) std::memcpy(accumulated.data(), send, bytes);
  int relative = (comm.rank - root + comm.size) % comm.size;
  for (int mask = 1; mask < comm.size; mask <<= 1) {
    if (relative & mask) {
      send_to(accumulated.data(), bytes, (relative - mask + root) % comm.size, reduce_tag, comm);
      return;
    }
    if (relative + mask < comm.size) {
      recv_from(incoming.data(), bytes, (relative + mask + root) % comm.size, reduce_tag, comm);
      // The child's partial result covers higher ranks: accumulated = accumulated op incoming keeps
      // rank order for operations that care.
      kernel(accumulated.data(), incoming.data(), count);
      accumulated.swap(incoming);
    }
  }
  if (bytes != 0) std::memcpy(recv, accumulated.data(), bytes);
}

void allreduce(const void* send, void* recv, std::size_t count, std::size_t element_size, reduce_kernel kernel,
               const communicator_view& comm) {
  reduce(send, recv, count, element_size, kernel, 0, comm);
  bcast(recv, count * element_size, 0, comm);
}

}  // namespace weft::coll
