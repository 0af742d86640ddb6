// std::thread and std::async threads of a rank work on the rank's copy of the program's globals, C++
// objects with constructors included; a thread_local object is constructed in each thread that uses it and
// destroyed when that thread ends.
#include <mpi.h>

#include <future>
#include <string>
#include <thread>
#include <vector>

#include "mpitest.h"

std::string rank_name = "unset";  // constructed per rank
static std::vector<int> visits;   // filled by the rank's threads, one at a time
static int thread_objects_destroyed = 0;

struct per_thread_object {
  std::string name = "initial";
  ~per_thread_object() { ++thread_objects_destroyed; }
};
thread_local per_thread_object thread_object;

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  rank_name = "rank " + std::to_string(rank);
  thread_object.name = rank_name;
  MPI_Barrier(MPI_COMM_WORLD);

  bool thread_saw = false;
  std::string thread_object_saw;
  std::thread worker([&] {
    thread_saw = rank_name == "rank " + std::to_string(rank);
    thread_object_saw = thread_object.name;
    thread_object.name = "changed by a thread";
    visits.push_back(rank);
  });
  worker.join();
  CHECK(thread_saw, "a std::thread saw '%s'", rank_name.c_str());
  CHECK(thread_object_saw == "initial", "a std::thread's thread_local started as '%s'", thread_object_saw.c_str());
  CHECK(thread_object.name == rank_name, "the rank's thread_local is '%s'", thread_object.name.c_str());
  CHECK(thread_objects_destroyed == 1, "%d thread_local objects destroyed when the thread ended, expected 1",
        thread_objects_destroyed);
  auto seen = std::async(std::launch::async, [] {
    visits.push_back(-1);
    return rank_name;
  });
  std::string async_saw = seen.get();
  CHECK(async_saw == rank_name, "a std::async thread saw '%s', the rank '%s'", async_saw.c_str(), rank_name.c_str());
  CHECK(visits.size() == 2 && visits[0] == rank && visits[1] == -1, "the threads' writes are lost to the rank");

  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  if (rank == 0) printf("std_thread_globals: ok\n");
  return 0;
}
