! The Fortran half of a program whose main is C (mixed_c_main.c): a subroutine C calls with a
! communicator's Fortran integer, writing a line to the rank's output and counting its calls in a module
! variable, which is every rank's own.
module mixed_fortran_part
  use mpi
  use, intrinsic :: iso_c_binding, only: c_int
  implicit none
  private
  integer :: calls = 0
contains
  subroutine fortran_rank_sum(comm, sum, count) bind(C, name="fortran_rank_sum")
    integer(c_int), value :: comm
    integer(c_int), intent(out) :: sum, count
    integer :: rank, ierror
    call MPI_Comm_rank(comm, rank, ierror)
    call MPI_Allreduce(rank, sum, 1, MPI_INTEGER, MPI_SUM, comm, ierror)
    calls = calls + 1
    count = calls
    if (rank == 0 .and. calls == 1) print '(a)', 'mixed_c_main: Fortran speaks'
  end subroutine fortran_rank_sum
end module mixed_fortran_part
