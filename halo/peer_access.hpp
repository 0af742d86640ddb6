#pragma once
// How a rank reads a peer's cells: in place (a view of the owner's memory) or through a copy filled by
// messages. A function of the pair of ranks alone, decided once per pair at commit: ranks of one node
// share an address space and view, ranks of different nodes copy. WEFT_HALO_COPY=1 makes every pair copy,
// as if each rank were on a node of its own.

namespace weft::halo {

enum class access { view, copy };

access access_between(int job_rank, int peer_job_rank) noexcept;

}  // namespace weft::halo
