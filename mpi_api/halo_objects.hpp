#pragma once
// The objects behind MPI_Halo and MPI_Halo_exchange: the halo layer's cell and exchange, with what the
// MPI layer adds (the communicator, the references that keep cells alive). An exchange holds every cell
// bound to it, so a cell released while bound lives until its exchange is released: the exchange may
// still write into its copy, and its owner's peers may still read through it.

#include <mpi.h>

#include <utility>
#include <vector>

#include "halo/cell.hpp"
#include "halo/exchange.hpp"
#include "mpi_api/handles.hpp"

struct weft_halo_exchange_s;

struct weft_halo_s : weft::mpi::object_header {
  explicit weft_halo_s(weft::halo::cell halo_cell) noexcept
      : object_header(weft::mpi::object_kind::halo_cell), cell(std::move(halo_cell)) {}
  weft::halo::cell cell;
  weft_halo_exchange_s* exchange = nullptr;  // the exchange it is bound to, which holds it
};

struct weft_halo_exchange_s : weft::mpi::object_header {
  explicit weft_halo_exchange_s(weft_comm_s* members) noexcept
      : object_header(weft::mpi::object_kind::halo_exchange), comm(weft::mpi::retain(members)) {}
  ~weft_halo_exchange_s() {
    for (MPI_Halo bound : cells) {
      bound->exchange = nullptr;
      weft::mpi::release(bound);
    }
    weft::mpi::release(comm);
  }
  weft_halo_exchange_s(const weft_halo_exchange_s&) = delete;
  weft_halo_exchange_s& operator=(const weft_halo_exchange_s&) = delete;

  weft_comm_s* comm;  // held: ranks are named in it, errors go to its handler
  weft::halo::exchange exchange;
  std::vector<MPI_Halo> cells;  // held
};
