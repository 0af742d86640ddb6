// C++ in ranks, compiled with mpicxx:
//  - a static object whose constructor runs before main; every rank reads it;
//  - std::vector as message buffers, sized from a probe;
//  - exceptions thrown deep in a rank's stack and caught in the same rank, and one rethrown from a handler
//    that blocked in MPI while the other ranks of its worker threw and caught their own: the exception
//    being handled belongs to the rank, not to the worker thread.
#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

// The first 100 primes, computed by a constructor before main.
struct Primes {
  std::vector<int> list;
  Primes() {
    for (int n = 2; list.size() < 100; ++n) {
      bool prime = true;
      for (int d : list) {
        if (d * d > n) break;
        if (n % d == 0) {
          prime = false;
          break;
        }
      }
      if (prime) list.push_back(n);
    }
  }
};
const Primes primes;

int world_rank() {
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  return rank;
}

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "check failed on rank %d: %s\n", world_rank(), what.c_str());
  std::fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, 1);
  std::abort();
}

void check(bool ok, const std::string& what) {
  if (!ok) fail(what);
}

std::string message_of(int rank) { return "thrown by rank " + std::to_string(rank); }

// Not a tail call: the frames stay on the fiber's stack until the throw unwinds them.
int throw_at_depth(int depth) {
  if (depth == 0) throw std::runtime_error(message_of(world_rank()));
  return throw_at_depth(depth - 1) + 1;
}

// Sends rank + 1 ints to the right neighbour and receives the left neighbour's, of a length the receiver
// learns from MPI_Probe; blocks, so other ranks run meanwhile.
std::vector<int> shift_right(int rank, int size) {
  int left = (rank + size - 1) % size, right = (rank + 1) % size;
  std::vector<int> out(rank + 1);
  std::iota(out.begin(), out.end(), rank * 10000);
  MPI_Request req;
  MPI_Isend(out.data(), static_cast<int>(out.size()), MPI_INT, right, 0, MPI_COMM_WORLD, &req);
  MPI_Status st;
  int count = 0;
  MPI_Probe(left, 0, MPI_COMM_WORLD, &st);
  MPI_Get_count(&st, MPI_INT, &count);
  std::vector<int> in(count);
  MPI_Recv(in.data(), count, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  return in;
}

void check_from_left(const std::vector<int>& in, int rank, int size) {
  int left = (rank + size - 1) % size;
  std::vector<int> expect(left + 1);
  std::iota(expect.begin(), expect.end(), left * 10000);
  check(in == expect, "vector from rank " + std::to_string(left) + " has " + std::to_string(in.size()) +
                          " elements or wrong contents");
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  check(primes.list.size() == 100 && primes.list.front() == 2 && primes.list.back() == 541,
        "the static object was not constructed before main");

  check_from_left(shift_right(rank, size), rank, size);

  for (int depth : {0, 1, 50}) {
    try {
      throw_at_depth(depth);
      fail("no exception from depth " + std::to_string(depth));
    } catch (const std::runtime_error& e) {
      check(e.what() == message_of(rank), std::string("caught \"") + e.what() + "\" at depth " + std::to_string(depth));
    }
  }

  try {
    try {
      throw_at_depth(10);
    } catch (const std::runtime_error&) {
      // When the barrier lets this rank go, every rank has thrown and is inside this handler: the ones
      // sharing this worker caught their exceptions on the same thread.
      MPI_Barrier(MPI_COMM_WORLD);
      throw;
    }
  } catch (const std::runtime_error& e) {
    check(e.what() == message_of(rank), std::string("rethrow after blocking gave \"") + e.what() + "\"");
  }

  std::vector<double> mine(1000), sums(1000);
  for (std::size_t i = 0; i < mine.size(); ++i) mine[i] = rank + static_cast<double>(i);
  MPI_Allreduce(mine.data(), sums.data(), static_cast<int>(mine.size()), MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  for (std::size_t i = 0; i < sums.size(); ++i)
    check(sums[i] == size * (size - 1) / 2.0 + size * static_cast<double>(i),
          "Allreduce of std::vector<double>, element " + std::to_string(i));

  if (rank == 0) {
    std::printf("cxx: ok\n");
    std::fflush(stdout);
  }
  MPI_Finalize();
  return 0;
}
