#pragma once
// Turns a fault inside a rank into a message naming the rank, the signal and the address, above all a
// stack overflow, which would otherwise be a bare segmentation fault, followed by the backtrace of the
// rank's stack (backtrace.hpp). The process then ends by the signal, as a shell reports it.

namespace weft::runtime {

// Installs the handlers for the process (once); none in a sanitized build (runtime/sanitizers.hpp).
void install_fault_handlers();

// Gives the calling thread the alternate signal stack the handlers run on (a rank that overflowed its
// stack has no stack left to run a handler on).
void prepare_thread_for_faults();

}  // namespace weft::runtime
