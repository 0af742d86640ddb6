#pragma once
// libweft is an OpenMP tool (OMPT, which LLVM's OpenMP runtime implements): the runtime reports to it the
// begin and end of every parallel region and of every implicit task, on the threads that run them. With
// that, the team threads of a rank's region work for the rank (rank_threads.hpp) for as long as the region
// lasts, however the runtime pools them between ranks, and the rank's fiber knows it is inside a region
// (rank::open_parallel_regions). OMPT was chosen over wrapping the runtime's entry points (__kmpc_fork_call,
// GOMP_parallel, ...) because it is the interface the runtime keeps stable, and it reports nested regions
// and the pooled threads' switches from one team to another as well.

namespace weft::runtime {

// Before the ranks start: ends the job with a message when the program uses an OpenMP runtime that will
// not report its regions to libweft (GCC's libgomp, which has no OMPT, or OMPT turned off by OMP_TOOL):
// its threads would see the shared originals of the program's globals.
void require_openmp_tool();

}  // namespace weft::runtime
