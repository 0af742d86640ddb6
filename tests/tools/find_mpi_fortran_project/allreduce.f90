! Every rank contributes its rank to a sum (in fixed-form code that includes mpif.h); rank 0 reports it.
program allreduce
  use mpi
  implicit none
  integer :: rank, size, sum, ierr
  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, size, ierr)
  call sum_of_ranks(rank, sum)
  if (sum /= size * (size - 1) / 2) then
    print '(a, i0, a, i0)', 'rank ', rank, ': sum of ranks is ', sum
    call MPI_ABORT(MPI_COMM_WORLD, 1, ierr)
  end if
  if (rank == 0) print '(a, i0, a, i0)', 'Fortran: ', size, ' ranks, sum of ranks ', sum
  call MPI_FINALIZE(ierr)
end program allreduce
