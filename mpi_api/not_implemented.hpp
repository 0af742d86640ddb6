#pragma once
// What a function that mpi.h declares but Weft does not implement yet does: it reports MPI_ERR_OTHER
// naming itself through MPI_COMM_WORLD's error handler, and returns it (or an empty value).

#include <mpi.h>

#include <type_traits>

namespace weft::mpi {

int report_not_implemented(const char* call);

template <class Result>
Result not_implemented(const char* call) {
  int error = report_not_implemented(call);
  if constexpr (std::is_same_v<Result, int>)
    return error;
  else
    return Result{};
}

}  // namespace weft::mpi
