! Ping-pong latency from Fortran, pingpong.c's twin written with `use mpi`, as most Fortran MPI codes are:
! rank 0 sends a message to rank 1, which sends one of the same size back; the latency is half the round
! trip. Sizes 0 B and powers of two up to --max-size. Ranks other than 0 and 1 wait in the final barrier.
! Beside pingpong.c's figures it measures what the Fortran binding adds to a call.
!
!   RESULT pingpong_latency <bytes> <microseconds> us
module pingpong_round_trip
  use, intrinsic :: iso_fortran_env, only: int8
  use mpi
  use bench_common, only: bench_state
  implicit none
  private
  public :: pingpong

  type, extends(bench_state) :: pingpong
    integer :: rank = 0, count = 0
    integer(int8), allocatable :: out(:), in(:)
  contains
    procedure :: step => round_trip
  end type
contains
  subroutine round_trip(state)
    class(pingpong), intent(inout) :: state
    integer :: ierror
    if (state%rank == 0) then
      call MPI_Send(state%out, state%count, MPI_BYTE, 1, 0, MPI_COMM_WORLD, ierror)
      call MPI_Recv(state%in, state%count, MPI_BYTE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierror)
    else
      call MPI_Recv(state%in, state%count, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierror)
      call MPI_Send(state%out, state%count, MPI_BYTE, 0, 0, MPI_COMM_WORLD, ierror)
    end if
  end subroutine
end module

program fortran_pingpong
  use, intrinsic :: iso_fortran_env, only: real64
  use mpi, only: MPI_Init, MPI_Barrier, MPI_Finalize, MPI_COMM_WORLD
  use bench_common
  use pingpong_round_trip
  implicit none
  type(bench_options) :: o
  type(pingpong) :: p
  integer :: peer, size, ierror
  real(real64) :: seconds

  call MPI_Init(ierror)
  o = bench_parse()
  p%rank = bench_rank()
  if (bench_size() < 2) call bench_fail('pingpong needs at least 2 ranks')

  if (p%rank < 2) then
    peer = 1 - p%rank
    allocate (p%out(max(1, o%max_size)), p%in(max(1, o%max_size)))
    size = 0
    do while (size >= 0)
      p%count = size
      call bench_fill(p%out, size, bench_seed(size, p%rank, 0))
      call bench_poison(p%in, size, bench_seed(size, peer, 0))
      call p%step()
      call bench_verify(p%in, size, bench_seed(size, peer, 0), 'pingpong', peer)

      seconds = bench_seconds_per_step(o, peer, p)
      call bench_result('pingpong_latency', size, seconds / 2 * 1e6_real64, 'us')
      size = bench_next_size(o, size)
    end do
  end if

  call MPI_Barrier(MPI_COMM_WORLD, ierror)
  call MPI_Finalize(ierror)
end program
