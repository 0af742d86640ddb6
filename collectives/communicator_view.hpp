#pragma once
// What the collective algorithms need to know of a communicator: its size, the caller's rank in it,
// how its ranks map to the job's ranks, and the context reserved for collective traffic (which no user
// receive can match).

#include <cstddef>
#include <cstdint>

namespace weft::coll {

struct communicator_view {
  std::uint32_t context;  // collective context of the communicator
  int size;
  int rank;              // the caller's rank in the communicator
  const int* job_ranks;  // the job rank of each communicator rank
  int job_rank(int r) const noexcept { return job_ranks[r]; }
};

// Combines `count` elements: inout[i] = in[i] op inout[i].
using reduce_kernel = void (*)(const void* in, void* inout, std::size_t count);

}  // namespace weft::coll
