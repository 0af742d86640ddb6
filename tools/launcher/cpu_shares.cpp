#include "cpu_shares.hpp"

#include <sched.h>

namespace weft::tools {

std::vector<std::vector<int>> cpu_shares(const std::vector<int>& cpus, int nodes) {
  std::vector<std::vector<int>> shares(static_cast<std::size_t>(nodes));
  const int count = static_cast<int>(cpus.size());
  if (count == 0) return shares;
  if (nodes > count) {
    for (int node = 0; node < nodes; ++node) shares[node].push_back(cpus[node % count]);
    return shares;
  }
  for (int node = 0, next = 0; node < nodes; ++node) {
    int size = count / nodes + (node < count % nodes ? 1 : 0);
    shares[node].assign(cpus.begin() + next, cpus.begin() + next + size);
    next += size;
  }
  return shares;
}

std::vector<int> own_cpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  std::vector<int> cpus;
  if (::sched_getaffinity(0, sizeof set, &set) != 0) return cpus;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(cpu, &set)) cpus.push_back(cpu);
  return cpus;
}

}  // namespace weft::tools
