! The mpi module (MPI-3.1, 17.1.3): mpif.h's constants, sentinels and function types as a module, an
! explicit interface for every routine (a missing argument or a wrong handle type is a compile error, as
! with other MPIs' modules; buffers take any type and rank), and MPI_SIZEOF.
module mpi
  implicit none
  include 'mpif.h'
  include 'mpi_interfaces.inc'
  include 'mpi_sizeof.inc'
end module mpi
