#pragma once
// The constructors and destructors that the pass moved out of the process's init and fini arrays, run
// for each rank in the order a process would run them: constructors by ascending priority, then in link
// order (libraries before the program); destructors in the reverse of that.

namespace weft::privatize {

// In the rank's context, before its main.
void run_constructors();

// When the rank ends, after its atexit handlers, as .fini_array runs after them in a process.
void run_destructors();

}  // namespace weft::privatize
