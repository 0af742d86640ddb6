// The CPUs each node process of a job on this machine (mpirun --nodes) may use. Every node process pins its
// workers to the cores of its own CPU set, so node processes sharing one set would pin their workers to the
// same cores and take turns on them: a worker that polls for a peer's message then holds the core the peer
// needs (a round trip took a scheduler tick). Each node gets its own slice of mpirun's CPUs instead.
#pragma once

#include <vector>

namespace weft::tools {

// Splits `cpus` (in order) into `nodes` slices, as even as can be, the first ones one larger; with more
// nodes than CPUs, node i gets CPU i modulo their number.
std::vector<std::vector<int>> cpu_shares(const std::vector<int>& cpus, int nodes);

// The CPUs mpirun may run on (its affinity mask), in increasing order.
std::vector<int> own_cpus();

}  // namespace weft::tools
