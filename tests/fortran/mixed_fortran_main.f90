! A Fortran main program calling C (mixed_c_part.c), linked by mpifort and by mpicc: the C function gets
! the communicator as its integer, the C global it counts calls in is every rank's own, and the mpi_f08
! module's own procedures link too.
program mixed_fortran_main
  use mpi_f08
  use, intrinsic :: iso_c_binding, only: c_int
  implicit none
  interface
    integer(c_int) function c_rank_sum(comm) bind(C)
      import :: c_int
      integer(c_int), value :: comm
    end function c_rank_sum
    integer(c_int) function c_calls() bind(C)
      import :: c_int
    end function c_calls
  end interface
  character(*), parameter :: program_name = 'mixed_fortran_main'
  character(len=MPI_MAX_OBJECT_NAME) :: name
  integer :: rank, nranks, round, length

  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  call MPI_Comm_size(MPI_COMM_WORLD, nranks)
  do round = 1, 3
    call check(c_rank_sum(MPI_COMM_WORLD%MPI_VAL) == nranks * (nranks - 1) / 2, 'the sum of the ranks from C')
  end do
  call check(c_calls() == 3, 'the C global counts this rank''s calls alone')
  ! A procedure of the mpi_f08 module itself (strings pass through one), from libweft_fortran.a.
  call MPI_Comm_get_name(MPI_COMM_WORLD, name, length)
  call check(name(1:length) == 'MPI_COMM_WORLD', 'MPI_Comm_get_name')
  call MPI_Barrier(MPI_COMM_WORLD)
  if (rank == 0) print '(a)', 'mixed_fortran_main: ok'
  call MPI_Finalize()
contains
  include 'check.inc'
end program mixed_fortran_main
