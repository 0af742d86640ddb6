#pragma once
// Where each rank of this node is: blocked in which call for which peer, running, or finished. Printed
// by the deadlock report and when mpirun --timeout stops the job.

#include <span>
#include <string>

#include "runtime/rank.hpp"

namespace weft::runtime {

// "blocked in MPI_Recv, waiting for rank 1 (tag 7) on MPI_COMM_WORLD", "running", "finished", ...
std::string describe_whereabouts(const rank& r);

// Reports (report.hpp) one line per rank, "rank N: <whereabouts>", a run of consecutive ranks in the same
// place as one line "ranks N-M: ...", and at most `max_lines` lines.
void report_whereabouts(std::span<const rank> ranks, int max_lines);

}  // namespace weft::runtime
