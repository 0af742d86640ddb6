! The sum of the ranks, from Fortran.
program sum_fortran
  use mpi
  implicit none
  integer :: rank, total, ierror
  call MPI_Init(ierror)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierror)
  call MPI_Allreduce(rank, total, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierror)
  if (rank == 0) print '(a, i0)', 'Fortran: sum of ranks ', total
  call MPI_Finalize(ierror)
end program sum_fortran
