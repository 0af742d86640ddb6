! Every rank prints a line and, once all have (the barrier), calls MPI_ABORT: the job ends with the
! status given, and every line arrives, however many ranks end the job at once.
program fortran_abort_output
  use mpi_f08
  implicit none
  integer :: rank
  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  print '(a, i0)', 'before the abort on rank ', rank
  call MPI_Barrier(MPI_COMM_WORLD)
  call MPI_Abort(MPI_COMM_WORLD, 3)
end program fortran_abort_output
