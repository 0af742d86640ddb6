#pragma once
// An operation applied to the elements of one datatype, as a reduction call hands it to the collectives.

#include <mpi.h>

#include <utility>

#include "collectives/task.hpp"
#include "mpi_api/handles.hpp"
#include "shm/reduction_op.hpp"

namespace weft::mpi {

// `op` must be defined for `datatype` (check_op).
struct bound_op {
  MPI_Op op;
  MPI_Datatype datatype;

  // A predefined operation on a predefined type is its kernel alone. Otherwise the result points at
  // this object: keep it in place, and the operation and datatype alive, until the reduction ends.
  shm::reduction_op reduction() const noexcept;
};

// A bound operation for a collective that outlives its call: it holds the operation and the datatype, and
// lives in the frame of the collective's coroutine, where the context of its reduction() stays put.
class held_op {
 public:
  held_op(MPI_Op op, MPI_Datatype datatype) noexcept : bound_{retain(op), retain(datatype)} {}
  held_op(held_op&& other) noexcept : bound_(std::exchange(other.bound_, {nullptr, nullptr})) {}
  held_op& operator=(held_op&&) = delete;
  ~held_op() {
    if (bound_.op == nullptr) return;
    release(bound_.op);
    release(bound_.datatype);
  }

  shm::reduction_op reduction() const noexcept { return bound_.reduction(); }

 private:
  bound_op bound_;
};

// Runs the reduction `start(op)` makes with the operation of `held`, keeping `held` until it ends.
template <class Start>
coll::task with_op(held_op held, Start start) {
  co_await start(held.reduction());
}

}  // namespace weft::mpi
