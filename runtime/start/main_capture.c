/* Linked statically into every program built by mpicc/mpicxx, which link with -Wl,--wrap=main and
 * -Wl,--wrap=exit: the C runtime's call to main lands here and hands the program's main to Weft, which
 * runs it once per rank; the program's own calls to exit() end only the calling rank. Capturing main in
 * the linker, never with a macro, keeps programs unchanged, wherever their main is defined. */

#include <stdlib.h>

int __real_main(int argc, char** argv);
void __real_exit(int status) __attribute__((noreturn));

int weft_run_job(int argc, char** argv, int (*main_function)(int, char**));
void weft_describe_program(int privatized, int shared_by_choice);
void weft_exit_rank(int status);

/* Defined by the linker when an object of the program went through the privatizing pass (its marker
 * section, privatize/abi.hpp); defined by `mpicc -no-privatize` when the ranks are to share the globals. */
extern const char __start_weft_privatized[] __attribute__((weak, visibility("hidden")));
extern const char __weft_shared_globals_chosen[] __attribute__((weak));

int __wrap_main(int argc, char** argv) {
  weft_describe_program(__start_weft_privatized != 0, __weft_shared_globals_chosen != 0);
  return weft_run_job(argc, argv, __real_main);
}

void __wrap_exit(int status) {
  weft_exit_rank(status);
  __real_exit(status);
}
