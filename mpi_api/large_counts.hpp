#pragma once
// The large-count procedures of MPI-4 (the "_c" names: MPI_Count counts, MPI_Aint displacements) in terms
// of the int ones. A buffer's count beyond 2^31 - 1 becomes one element of a contiguous type of that many
// elements, which the layouts take at any size (shm/type_layout.hpp), so messages, collectives, one-sided
// operations and file accesses of any count work; arrays of counts and displacements (the v collectives)
// must fit an int, and a count beyond it with a user's reduction operation (which takes an int length) is
// refused with MPI_ERR_COUNT.

#include <mpi.h>

#include <initializer_list>
#include <vector>

#include "mpi_api/errors.hpp"

namespace weft::mpi {

// `count` elements of `datatype` as an int count and a datatype: the same when the count fits (or is
// negative, for the call to refuse), otherwise 1 and a contiguous type of them, made here and released
// when this goes; a request that uses it holds it meanwhile.
class int_count {
 public:
  int_count(MPI_Count count, MPI_Datatype datatype, MPI_Op op = MPI_OP_NULL);
  ~int_count();
  int_count(const int_count&) = delete;
  int_count& operator=(const int_count&) = delete;

  // Whether the count cannot be given to the int procedure; report() then raises why, for `call`.
  bool refused() const noexcept { return refusal_ != nullptr; }
  int report(const char* call, error_target target) const;

  int count = 0;
  MPI_Datatype datatype = MPI_DATATYPE_NULL;

 private:
  MPI_Count original_;
  MPI_Datatype made_ = MPI_DATATYPE_NULL;
  const char* refusal_ = nullptr;
};

// An array of `entries` MPI_Count counts or MPI_Aint displacements as ints; null when `values` is.
class int_array {
 public:
  int_array(const MPI_Count* values, int entries);
  int_array(const MPI_Aint* values, int entries);

  bool refused() const noexcept { return bad_index_ >= 0; }
  // Raises `error_class` for `call`, naming the array `argument` and the value that does not fit.
  int report(const char* call, error_target target, int error_class, const char* argument) const;
  const int* data() const noexcept { return null_ ? nullptr : converted_.data(); }
  // The converted entries, which data() pointed at, moved out (data() keeps its value).
  std::vector<int> take() noexcept { return std::move(converted_); }

 private:
  template <class Value>
  void convert(const Value* values, int entries);

  std::vector<int> converted_;
  bool null_ = false;
  int bad_index_ = -1;
  long long bad_value_ = 0;
};

// Hands converted arrays to the request of the nonblocking or persistent collective that reads them: they
// live as long as it does.
void keep_for(MPI_Request request, std::initializer_list<int_array*> arrays);

// How many counts a collective on `comm` takes per side: its size, the remote size of an intercommunicator;
// 0 for what is not a communicator (the call reports it).
int group_entries(MPI_Comm comm);
// A neighborhood collective's sources and destinations on `comm`'s topology, as the neighborhood
// collectives count them; 0 without one, or for what is not a communicator (neighborhood_collectives.cpp).
int neighbor_sources(MPI_Comm comm);
int neighbor_destinations(MPI_Comm comm);
// Whether the calling rank is the root of a rooted collective on `comm` (MPI_ROOT on an intercommunicator).
bool is_root(MPI_Comm comm, int root);

// Raises MPI_ERR_ARG for `call`: `argument` is `value`, beyond what Weft takes there (2^31 - 1).
int too_large(const char* call, error_target target, const char* argument, long long value);

}  // namespace weft::mpi
