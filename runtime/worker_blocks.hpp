#pragma once
// How a node process's ranks are spread over its workers: in blocks, so that neighbours in rank order share
// a worker, and usually its caches. Worker w of `workers` runs local ranks [first(w), first(w + 1)). Other
// node processes compute where a rank runs from the same rule, to send to that worker's endpoint.

namespace weft::runtime {

constexpr int first_rank_of_worker(int worker, int ranks, int workers) noexcept {
  return static_cast<int>(static_cast<long>(worker) * ranks / workers);
}

// The worker whose block holds local rank `index`: the last w with first_rank_of_worker(w) <= index.
constexpr int worker_of_rank(int index, int ranks, int workers) noexcept {
  return static_cast<int>((static_cast<long>(index + 1) * workers + ranks - 1) / ranks) - 1;
}

}  // namespace weft::runtime
