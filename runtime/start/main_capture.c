/* Linked statically into every program built by mpicc/mpicxx, which link with -Wl,--wrap=main and
 * -Wl,--wrap=exit: the C runtime's call to main lands here and hands the program's main to Weft, which
 * runs it once per rank; the program's own calls to exit() end only the calling rank. Capturing main in
 * the linker, never with a macro, keeps programs unchanged, wherever their main is defined. */

#include <stdlib.h>

int __real_main(int argc, char **argv);
void __real_exit(int status) __attribute__((noreturn));

int weft_run_job(int argc, char **argv, int (*main_function)(int, char **));
void weft_exit_rank(int status);

int __wrap_main(int argc, char **argv) { return weft_run_job(argc, argv, __real_main); }

void __wrap_exit(int status) {
  weft_exit_rank(status);
  __real_exit(status);
}
