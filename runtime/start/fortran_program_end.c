/* Fortran's runtime (flang's) ends a program by closing every unit: at END PROGRAM, STOP, ERROR STOP and
 * CALL EXIT. The units are the process's, shared by the ranks of a node, so one rank's end would close the
 * units the others still write to. Linked with -Wl,--wrap for those entry points, a rank's end here flushes
 * the standard output units and ends that rank alone, with the message and status flang gives (a status
 * other than 0, as ERROR STOP's, ends the job as exit() does); the units close once, when the process exits.
 * Only programs with Fortran code reference these names, so only they pull this in. */

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void __real__FortranAProgramEndStatement(void);
void flush_(const int* unit); /* flang's FLUSH(unit) extension */
void weft_exit_rank(int status);
void __real_exit(int status) __attribute__((noreturn));
void weft_register_output_flush(void (*flush)(void));

static void close_units_at_process_exit(void) { __real__FortranAProgramEndStatement(); }

static void flush_standard_units(void) {
  static const int units[] = {6, 0};
  for (size_t i = 0; i < sizeof units / sizeof units[0]; ++i) flush_(&units[i]);
}

/* A job that ends early (MPI_Abort, a fatal error) still delivers what the ranks wrote to these units. */
__attribute__((constructor)) static void register_flush(void) { weft_register_output_flush(flush_standard_units); }

static void end_rank(int status) __attribute__((noreturn));
static void end_rank(int status) {
  static bool closing_registered;
  /* Every rank registers the same handler; the first registration is the one kept. */
  if (!__atomic_test_and_set(&closing_registered, __ATOMIC_ACQ_REL)) atexit(close_units_at_process_exit);
  flush_standard_units();
  weft_exit_rank(status);
  __real_exit(status);
}

/* flang's NO_STOP_MESSAGE=1 silences the message of a STOP without a code. */
static bool quiet_stop(int code) {
  const char* setting = getenv("NO_STOP_MESSAGE");
  return code == 0 && setting != NULL && strcmp(setting, "0") != 0 && setting[0] != '\0';
}

void __wrap__FortranAProgramEndStatement(void) { end_rank(EXIT_SUCCESS); }

void __wrap__FortranAStopStatement(int code, bool is_error_stop, bool quiet) {
  flush_standard_units();
  /* One write per message, whole among other ranks' lines. */
  if (!quiet && !quiet_stop(code)) {
    if (code != EXIT_SUCCESS)
      fprintf(stderr, "Fortran %s: code %d\n", is_error_stop ? "ERROR STOP" : "STOP", code);
    else
      fprintf(stderr, "Fortran %s\n", is_error_stop ? "ERROR STOP" : "STOP");
  }
  end_rank(code);
}

void __wrap__FortranAStopStatementText(const char* text, size_t length, bool is_error_stop, bool quiet) {
  flush_standard_units();
  if (!quiet) fprintf(stderr, "Fortran %s: %.*s\n", is_error_stop ? "ERROR STOP" : "STOP", (int)length, text);
  end_rank(is_error_stop ? EXIT_FAILURE : EXIT_SUCCESS);
}

void __wrap__FortranAExit(int status) { end_rank(status); }
