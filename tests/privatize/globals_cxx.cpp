// Every rank has its own copy of every global of a C++ program, and the program's dynamic initializers,
// destructors and thread_local objects run once per rank, in the rank's context, in the order a process
// would run them. Each rank writes its own values, lets the others run, and must find its own again.
#include <atomic>
#include <cstring>
#include <string>
#include <vector>

#include "globals.hpp"
#include "mpitest.h"

namespace {

int rank = -1, size = 0;
// Trivially destructible, so still there when the last object below is destroyed.
int construction_order[8];
int constructed = 0;

struct tracked {
  explicit tracked(int id) : id(id) { construction_order[constructed++] = id; }
  ~tracked();
  int id;
};

WEFT_SHARED std::atomic<int> shared_destructions{0};

tracked::~tracked() {
  if (constructed == 0 || construction_order[constructed - 1] != id) {
    std::fprintf(stderr, "check failed on rank %d: object %d destroyed out of order\n", rank, id);
    std::abort();
  }
  --constructed;
  // The first object constructed is the last destroyed: once every rank got there, say so.
  if (id == 1 && shared_destructions.fetch_add(1) + 1 == size) {
    std::printf("globals_cxx: destructors ran on %d ranks\n", size);
    std::fflush(stdout);
  }
}

// A higher init_priority runs later; default-priority objects run after all of them, in order.
__attribute__((init_priority(200))) tracked first_object(1);
tracked second_object(2);
tracked third_object(3);

std::string greeting = "hello";
std::vector<int> numbers(3, 1);
thread_local tracked* thread_local_seen = nullptr;

struct per_thread {
  per_thread() : value(rank) {}
  int value;
};
thread_local per_thread thread_object;

void let_others_run() { MPI_Barrier(MPI_COMM_WORLD); }

int rank_on_first_call() {
  static int first = [] {
    int r;
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    return r;
  }();
  return first;
}

}  // namespace

class counted {
 public:
  static int objects;
};
int counted::objects = 0;

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  // Each rank ran the initializers once, for itself, in the program's order.
  CHECK(constructed == 3 && construction_order[0] == 1 && construction_order[1] == 2 && construction_order[2] == 3,
        "this rank constructed %d objects, or in the wrong order", constructed);
  CHECK(registry().size() == 2, "the registry holds %zu names, expected this rank's 2", registry().size());
  CHECK(greeting == "hello" && numbers == std::vector<int>(3, 1) && library_text == "library",
        "a global did not start from its initial value");
  CHECK(inline_number == 3 && inline_name == "inline" && counted::objects == 0, "inline or static member changed");
  CHECK(inline_number_seen_by_library() == &inline_number, "translation units see different inline variables");

  greeting += std::to_string(rank);
  numbers.push_back(rank);
  library_text = "library of " + std::to_string(rank);
  inline_number = rank;
  inline_name = "inline " + std::to_string(rank);
  counted::objects = rank * 2;
  thread_object.value += 1000;
  thread_local_seen = &second_object;
  for (int i = 0; i <= rank % 3; i++) {
    ++instances<int>::count;
    library_instances();
  }
  let_others_run();

  CHECK(greeting == "hello" + std::to_string(rank), "std::string global is \"%s\"", greeting.c_str());
  CHECK(numbers.size() == 4 && numbers.back() == rank, "std::vector global holds another rank's values");
  CHECK(library_text == "library of " + std::to_string(rank), "library's string is \"%s\"", library_text.c_str());
  CHECK(inline_number == rank && *inline_number_seen_by_library() == rank && inline_name.back() - '0' == rank % 10,
        "inline variables hold another rank's values");
  CHECK(counted::objects == rank * 2, "class static member is %d", counted::objects);
  CHECK(instances<int>::count == rank % 3 + 1 && library_instances() == rank % 3 + 2,
        "template static members counted another rank's increments");
  CHECK(thread_object.value == rank + 1000 && thread_local_seen == &second_object,
        "thread_local objects are another rank's");
  CHECK(rank_on_first_call() == rank, "function-local static was initialized by rank %d", rank_on_first_call());
  let_others_run();
  CHECK(rank_on_first_call() == rank, "function-local static changed to %d", rank_on_first_call());

  report_ok("globals_cxx");
  MPI_Finalize();
  return 0;
}
