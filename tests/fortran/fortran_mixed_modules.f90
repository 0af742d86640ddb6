! One program, three ways into MPI: mpif.h in one unit, the mpi module in another, mpi_f08 in the main
! program, as MPI-3.1 (17.1.1) allows and as codes that grow new parts on old ones are. Their routines
! share linker names in no unit (mpi_f08's are MPI_*_f08), and handles pass between them as integers.
module ring_mpif
  implicit none
  private
  public :: pass_with_mpif
contains
  ! This rank's value to the next rank of the ring, the previous rank's back.
  subroutine pass_with_mpif(value, received)
    include 'mpif.h'
    integer, intent(in) :: value
    integer, intent(out) :: received
    integer :: rank, size, ierror, status(MPI_STATUS_SIZE)
    call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierror)
    call MPI_COMM_SIZE(MPI_COMM_WORLD, size, ierror)
    call MPI_SENDRECV(value, 1, MPI_INTEGER, mod(rank + 1, size), 1, received, 1, MPI_INTEGER, &
                      mod(rank + size - 1, size), 1, MPI_COMM_WORLD, status, ierror)
  end subroutine pass_with_mpif
end module ring_mpif

module ring_mpi
  use mpi
  implicit none
  private
  public :: pass_with_mpi, sum_with_mpi
contains
  subroutine pass_with_mpi(value, received)
    integer, intent(in) :: value
    integer, intent(out) :: received
    integer :: rank, size, ierror
    call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierror)
    call MPI_Comm_size(MPI_COMM_WORLD, size, ierror)
    call MPI_Sendrecv(value, 1, MPI_INTEGER, mod(rank + 1, size), 2, received, 1, MPI_INTEGER, &
                      mod(rank + size - 1, size), 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierror)
  end subroutine pass_with_mpi

  ! The sum over a communicator the caller made, given as the mpi module's integer.
  integer function sum_with_mpi(comm, value)
    integer, intent(in) :: comm, value
    integer :: ierror
    call MPI_Allreduce(value, sum_with_mpi, 1, MPI_INTEGER, MPI_SUM, comm, ierror)
  end function sum_with_mpi
end module ring_mpi

program fortran_mixed_modules
  use mpi_f08
  use ring_mpif
  use ring_mpi
  implicit none
  character(*), parameter :: program_name = 'fortran_mixed_modules'
  integer :: rank, size, previous, got
  type(MPI_Comm) :: dup
  type(MPI_Status) :: status

  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  call MPI_Comm_size(MPI_COMM_WORLD, size)
  previous = mod(rank + size - 1, size)

  call pass_with_mpif(10 * rank, got)
  call check(got == 10 * previous, 'mpif.h sendrecv around the ring')
  call pass_with_mpi(10 * rank + 1, got)
  call check(got == 10 * previous + 1, 'use mpi sendrecv around the ring')
  call MPI_Sendrecv(10 * rank + 2, 1, MPI_INTEGER, mod(rank + 1, size), 3, got, 1, MPI_INTEGER, previous, 3, &
                    MPI_COMM_WORLD, status)
  call check(got == 10 * previous + 2 .and. status%MPI_SOURCE == previous, 'use mpi_f08 sendrecv around the ring')

  ! A communicator of the mpi_f08 unit, used by the mpi unit through its MPI_VAL.
  call MPI_Comm_dup(MPI_COMM_WORLD, dup)
  call check(sum_with_mpi(dup%MPI_VAL, rank) == size * (size - 1) / 2, 'allreduce on a duplicate made with mpi_f08')
  call MPI_Comm_free(dup)
  if (rank == 0) print '(a)', 'fortran_mixed_modules: ok'
  call MPI_Finalize()
contains
  include 'check.inc'
end program fortran_mixed_modules
