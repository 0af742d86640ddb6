#pragma once
// The signal with which mpirun asks a node process to report where each of its ranks is and then end, as
// SIGTERM would end it (mpirun --timeout). A real-time signal, so that it never collides with the signals
// mpirun forwards to the program; a process that is not a Weft program simply ends on it.

#include <csignal>

namespace weft::runtime {

inline int stop_with_report_signal() noexcept { return SIGRTMIN + 3; }

}  // namespace weft::runtime
