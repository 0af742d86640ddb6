! The mpi module (MPI-3.1, 17.1.3): mpif.h's constants, sentinels and function types as a module, and
! MPI_SIZEOF. Its routines keep implicit interfaces, as mpif.h's do, so that buffers of any type and rank
! pass to one routine, as programs written for other MPIs' modules pass them.
module mpi
  implicit none
  include 'mpif.h'
  include 'mpi_sizeof.inc'
end module mpi
