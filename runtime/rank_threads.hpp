#pragma once
// The threads a rank starts work on the rank's copy of the program's globals, as the threads of a process
// work on that process's. libweft interposes pthread_create and thrd_create (std::thread and the OpenMP
// runtime create theirs through pthread_create): a thread created by a rank, or by a thread working for
// one, starts working for that rank. The OpenMP runtime's pooled team threads serve different ranks region
// by region; openmp_tool.cpp sets the rank they work for at each region.

namespace weft::runtime {

struct rank;

// The rank the calling thread runs (a worker inside a rank's fiber) or works for; null outside ranks.
rank* served_rank() noexcept;

// Makes the calling thread, which is not a worker, work for `owner` from now on: it sees owner's globals
// and thread-locals of its own (the originals when null).
void work_for(rank* owner);

}  // namespace weft::runtime
