! Every rank has its own copy of the Fortran program's state, as it would in a process of its own: module
! variables, named and blank COMMON (with BLOCK DATA initial values), SAVE variables and DATA-initialised
! locals. Each rank changes them by its rank, yields to the others (a barrier), and checks it sees only
! its own changes.
module counters
  implicit none
  integer :: module_counter = 100
  double precision, allocatable :: module_array(:)
end module counters

block data initial_values
  implicit none
  integer :: named(3)
  common /named_block/ named
  data named /1, 2, 3/
end block data initial_values

program rank_state
  use mpi
  use counters
  implicit none
  character(*), parameter :: program_name = 'fortran_rank_state'
  integer :: rank, ierr, named(3), blank(2), calls
  common /named_block/ named
  common blank
  external initial_values

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  call check(module_counter == 100 .and. all(named == [1, 2, 3]) .and. all(blank == 0), 'initial values')

  module_counter = module_counter + rank
  allocate(module_array(rank + 1))
  module_array = rank
  named(2) = named(2) + rank
  blank(1) = rank
  calls = 0
  call count_calls(rank, calls)
  call MPI_BARRIER(MPI_COMM_WORLD, ierr)
  call count_calls(rank, calls)
  call MPI_BARRIER(MPI_COMM_WORLD, ierr)

  call check(module_counter == 100 + rank, 'module variable')
  call check(size(module_array) == rank + 1 .and. all(module_array == rank), 'allocatable module array')
  call check(named(2) == 2 + rank .and. named(1) == 1, 'named COMMON')
  call check(blank(1) == rank, 'blank COMMON')
  call check(calls == 2, 'SAVE and DATA locals')

  call MPI_BARRIER(MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a)', 'fortran_rank_state: ok'
  call MPI_FINALIZE(ierr)

contains

  include 'check.inc'
end program rank_state

! A SAVE counter and a DATA-initialised one: both count this rank's calls only.
subroutine count_calls(rank, calls)
  implicit none
  integer, intent(in) :: rank
  integer, intent(inout) :: calls
  integer, save :: saved = 0
  integer :: from_data
  data from_data /0/
  saved = saved + 1
  from_data = from_data + 1
  if (saved == from_data) calls = saved
  if (rank < 0) print *, 'unused'
end subroutine count_calls
