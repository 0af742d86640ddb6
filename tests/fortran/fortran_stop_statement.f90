! A rank's STOP ends that rank alone with its status, after its output; the other ranks' units stay open
! and their output complete. With an argument "error", the last rank's ERROR STOP ends the job with
! status 1 and flang's message.
program stop_statement
  use mpi
  implicit none
  integer :: rank, nranks, ierr, i
  character(16) :: mode

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, nranks, ierr)
  call get_command_argument(1, mode)
  call MPI_BARRIER(MPI_COMM_WORLD, ierr)
  if (mode == 'error') then
    if (rank == nranks - 1) error stop 'rank gave up'
    call MPI_BARRIER(MPI_COMM_WORLD, ierr)
  end if
  call MPI_FINALIZE(ierr)
  ! Ranks stop in turn while rank 0 still writes: the first STOP must not close rank 0's output.
  if (rank /= 0) stop
  do i = 1, 3
    print '(a, i0)', 'line ', i
  end do
  print '(a)', 'fortran_stop_statement: ok'
end program stop_statement
