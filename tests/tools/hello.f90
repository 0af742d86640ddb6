program hello
  use mpi
  integer :: ierr
  call MPI_INIT(ierr)
  call MPI_FINALIZE(ierr)
end program hello
