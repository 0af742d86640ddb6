/* Every rank has its own copy of every global and static of a C program: each starts from the program's
 * initial values, writes its own values, lets the other ranks run (a barrier with every rank on one or
 * two workers switches them all), and must find its own values again. Covers extern across translation
 * units and a static library, file and function statics, __thread, arrays, structs, pointers in
 * initializers, a const table of pointers, the libc state of a process (errno, strtok, rand, drand48,
 * getopt_long), constructors, atexit handlers, and the WEFT_SHARED opt-out. */
#define _DEFAULT_SOURCE /* random_r and drand48_r, which compute the expected sequences */
#include <errno.h>
#include <getopt.h>
#include <stdatomic.h>
#include <string.h>

#include "globals.h"
#include "mpitest.h"

static int file_static = 11;
__thread int tls_value = 5;
int array[4] = {1, 2, 3, 4};
struct point {
  int x, y;
  double weight;
} origin = {1, 2, 0.5};
int* pointer_to_array = &array[2];
int* table[] = {&file_static, &array[1], &origin.y};
/* Constant, but holds addresses of per-rank globals: it must follow each rank to its own copies. */
static int* const const_table[] = {&file_static, &array[3]};
static const char* const names[] = {"alpha", "beta"};
static int constructed;
static int verbose_flag;
static int exit_step;
static int rank, size;

WEFT_SHARED atomic_int shared_arrivals;
WEFT_SHARED atomic_int shared_exits;

static void let_others_run(void) { MPI_Barrier(MPI_COMM_WORLD); }

__attribute__((constructor)) static void count_construction(void) { constructed++; }

static void check_initial_values(void) {
  CHECK(constructed == 1, "the constructor ran %d times for this rank, expected once", constructed);
  CHECK(file_static == 11 && tls_value == 5 && array[3] == 4 && origin.y == 2 && origin.weight == 0.5,
        "a global did not start from its initial value");
  CHECK(tu_counter == 100 && lib_value == 50, "extern globals did not start from their initial values");
  CHECK(pointer_to_array == &array[2] && table[0] == &file_static && table[2] == &origin.y,
        "a pointer initializer points at another rank's copy");
  CHECK(const_table[0] == &file_static && const_table[1] == &array[3], "a const table points elsewhere");
  CHECK(lib_pointer == &lib_value, "the library's pointer does not point at this rank's copy");
  CHECK(strcmp(names[1], "beta") == 0, "a constant string table changed");
}

static void write_own_values(void) {
  file_static = rank * 7;
  tls_value = rank;
  for (int i = 0; i < 4; i++) array[i] = rank + i;
  origin = (struct point){rank, -rank, rank * 0.25};
  tu_counter = rank * 3;
  lib_value = rank * 5;
}

static void check_own_values(void) {
  CHECK(file_static == rank * 7 && tls_value == rank, "file static %d, thread-local %d", file_static, tls_value);
  for (int i = 0; i < 4; i++) CHECK(array[i] == rank + i, "array[%d] is %d", i, array[i]);
  CHECK(origin.x == rank && origin.y == -rank && origin.weight == rank * 0.25, "struct is another rank's");
  CHECK(*pointer_to_array == rank + 2 && *table[0] == rank * 7 && *table[2] == -rank && *const_table[1] == rank + 3,
        "pointers from initializers read another rank's values");
  CHECK(tu_counter == rank * 3, "extern global from another translation unit is %d", tu_counter);
  CHECK(lib_value == rank * 5 && *lib_pointer == rank * 5, "static library's global is %d", lib_value);
}

static void check_function_statics(void) {
  for (int call = 1; call <= 3; call++) {
    CHECK(counter_next() == call, "a function-local static counted another rank's calls");
    CHECK(lib_bump() == 10 + call, "a static in the library counted another rank's calls");
    let_others_run();
  }
}

/* errno belongs to the rank: a receive that blocks while other ranks run (and set errno) keeps it. */
static void check_errno_across_receive(void) {
  if (size == 1) return;
  int token = 0;
  errno = 1000 + rank;
  if (rank == 0) {
    MPI_Send(&token, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    MPI_Recv(&token, 1, MPI_INT, size - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else {
    MPI_Recv(&token, 1, MPI_INT, rank - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(&token, 1, MPI_INT, (rank + 1) % size, 0, MPI_COMM_WORLD);
  }
  CHECK(errno == 1000 + rank, "errno is %d after MPI_Recv, expected %d", errno, 1000 + rank);
}

static void check_strtok(void) {
  char text[64];
  snprintf(text, sizeof text, "%d,%d;%d", rank, rank + 1, rank + 2);
  char* token = strtok(text, ",;");
  for (int expected = rank; expected <= rank + 2; expected++) {
    CHECK(token != NULL && atoi(token) == expected, "strtok gave '%s', expected %d", token ? token : "(null)",
          expected);
    let_others_run();
    token = strtok(NULL, ",;");
  }
  CHECK(token == NULL, "strtok went on past the end of this rank's string");
}

/* A rank's generators give what a fresh process's would: the same sequence for the same seed. */
static void check_random_numbers(void) {
  static char state[128];
  struct random_data expected_generator;
  memset(&expected_generator, 0, sizeof expected_generator);
  initstate_r(1, state, sizeof state, &expected_generator);
  for (int i = 0; i < 3; i++) {
    int32_t expected;
    random_r(&expected_generator, &expected);
    int value = rand();
    CHECK(value == expected, "unseeded rand() call %d gave %d, expected %d", i, value, expected);
    let_others_run();
  }
  srand(rank + 1);
  srandom_r(rank + 1, &expected_generator);
  for (int i = 0; i < 3; i++) {
    int32_t expected;
    random_r(&expected_generator, &expected);
    int value = rand();
    CHECK(value == expected, "rand() after srand(%d) gave %d, expected %d", rank + 1, value, expected);
    let_others_run();
  }
  struct drand48_data expected_48;
  memset(&expected_48, 0, sizeof expected_48);
  for (int i = 0; i < 2; i++) {
    double expected;
    drand48_r(&expected_48, &expected);
    CHECK(drand48() == expected, "unseeded drand48() call %d differs from a process's", i);
    let_others_run();
  }
}

/* Each rank parses its own command line, one option at a time, while the others parse theirs. */
static void check_getopt_long(void) {
  char size_text[16], prog[] = "globals_c", size_flag[] = "--size", verbose[] = "-v", operand[] = "input",
                      flag[] = "--flag";
  snprintf(size_text, sizeof size_text, "%d", rank * 2);
  char* arguments[] = {prog, size_flag, size_text, operand, verbose, flag, NULL};
  const struct option options[] = {
      {"size", required_argument, NULL, 's'}, {"flag", no_argument, &verbose_flag, rank + 1}, {NULL, 0, NULL, 0}};
  int parsed_size = -1, verbose_seen = 0, option;
  while ((option = getopt_long(6, arguments, "vs:", options, NULL)) != -1) {
    if (option == 's')
      parsed_size = atoi(optarg);
    else if (option == 'v')
      verbose_seen = 1;
    else
      CHECK(option == 0, "getopt_long returned '%c'", option);
    let_others_run();
  }
  CHECK(parsed_size == rank * 2 && verbose_seen && verbose_flag == rank + 1, "parsed size %d, -v %d, --flag %d",
        parsed_size, verbose_seen, verbose_flag);
  CHECK(optind == 5 && strcmp(arguments[5], "input") == 0, "optind %d, operand not permuted to the end", optind);
}

static void last_exit_handler(void) {
  if (exit_step != 2 || file_static != rank * 7) {
    fprintf(stderr, "check failed on rank %d: atexit handlers out of order or on another rank's globals\n", rank);
    abort();
  }
  if (atomic_fetch_add(&shared_exits, 1) + 1 == size) {
    printf("globals_c: exit handlers ran on %d ranks\n", size);
    fflush(stdout);
  }
}

static void first_exit_handler(void) {
  if (exit_step != 0) abort();
  exit_step = 2;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  check_initial_values();
  write_own_values();
  atomic_fetch_add(&shared_arrivals, 1);
  let_others_run();
  check_own_values();
  CHECK(atomic_load(&shared_arrivals) == size, "WEFT_SHARED global counted %d ranks", atomic_load(&shared_arrivals));

  check_function_statics();
  check_errno_across_receive();
  check_strtok();
  check_random_numbers();
  check_getopt_long();
  check_own_values();

  atexit(last_exit_handler);
  atexit(first_exit_handler);
  report_ok("globals_c");
  MPI_Finalize();
  return 0;
}
