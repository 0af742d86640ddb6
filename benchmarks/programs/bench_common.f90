! What the Fortran benchmark programs share, as bench_common.h does for the C ones, with the same meanings
! so that a Fortran program's figures compare with its C twin's: the options (--quick, --max-size), the timing
! loop, the data pattern of messages and the RESULT lines the driver parses.
!
! Plain Fortran 2008 with `use mpi_f08`, built by any MPI's mpifort, first on the command line:
!
!   mpifort -O2 -o fortran_pingpong bench_common.f90 fortran_pingpong.f90
!
! A program's measured step is the `step` procedure of a type that extends bench_state, holding what the
! step needs, as the C programs pass a state to theirs.
module bench_common
  use, intrinsic :: iso_fortran_env, only: int8, int64, real64, output_unit, error_unit
  use mpi_f08
  implicit none
  private
  public :: bench_options, bench_state, bench_parse, bench_rank, bench_size, bench_next_size, bench_seed, &
            bench_fill, bench_poison, bench_verify, bench_seconds_per_step, bench_maximum, bench_result, bench_fail, &
            BENCH_ALL_RANKS

  ! How long one measured point runs, warm-up apart (bench_common.h's BENCH_POINT_SECONDS).
  real(real64), parameter :: POINT_SECONDS = 0.05_real64, QUICK_POINT_SECONDS = 0.005_real64
  ! `peer` of bench_seconds_per_step when every rank of the job takes part.
  integer, parameter :: BENCH_ALL_RANKS = -1
  ! Tag of the harness's own messages, apart from the programs' small tags.
  integer, parameter :: TAG_HARNESS = 30000
  integer(int64), parameter :: LOW_32_BITS = 4294967295_int64

  type :: bench_options
    logical :: quick = .false.               ! --quick: fewer sizes and shorter points
    integer :: max_size = 16 * 1024 * 1024   ! --max-size BYTES: largest message of a sweep
  end type

  ! What one iteration of a benchmark works on, and the iteration itself (on one of the ranks that take part).
  type, abstract :: bench_state
  contains
    procedure(bench_step), deferred :: step
  end type

  abstract interface
    subroutine bench_step(state)
      import :: bench_state
      class(bench_state), intent(inout) :: state
    end subroutine
  end interface

contains

  function bench_parse() result(o)
    type(bench_options) :: o
    character(len=:), allocatable :: arg, value
    integer :: i, n, status
    integer(int64) :: bytes
    n = command_argument_count()
    i = 1
    do while (i <= n)
      arg = argument(i)
      if (arg == '--quick') then
        o%quick = .true.
      else if (arg == '--max-size' .and. i < n) then
        value = argument(i + 1)
        bytes = -1
        if (len(value) > 0 .and. verify(value, '0123456789') == 0 .and. len(value) <= 10) &
          read (value, *, iostat=status) bytes
        if (bytes < 0 .or. bytes > huge(0)) &
          call bench_fail('--max-size takes a number of bytes up to 2147483647, not ''' // value // '''')
        o%max_size = int(bytes)
        i = i + 1
      else
        call bench_fail('unknown argument ''' // arg // '''; accepted: --quick, --max-size BYTES')
      end if
      i = i + 1
    end do
  end function

  function argument(i) result(text)
    integer, intent(in) :: i
    character(len=:), allocatable :: text
    integer :: length
    call get_command_argument(i, length=length)
    allocate (character(len=length) :: text)
    call get_command_argument(i, text)
  end function

  integer function bench_rank()
    call MPI_Comm_rank(MPI_COMM_WORLD, bench_rank)
  end function

  integer function bench_size()
    call MPI_Comm_size(MPI_COMM_WORLD, bench_size)
  end function

  ! The size after `size` in a sweep, 0, 1, 2, 4, 8, ... or, with --quick, 0, 1, 16, 256, ...; -1 past
  ! --max-size.
  integer function bench_next_size(o, size)
    type(bench_options), intent(in) :: o
    integer, intent(in) :: size
    integer(int64) :: next
    if (size == 0) then
      next = 1
    else
      next = int(size, int64) * merge(16, 2, o%quick)
    end if
    bench_next_size = merge(int(min(next, int(huge(0), int64))), -1, next <= o%max_size)
  end function

  ! The low 32 bits of a * b, for a and b below 2**32, without overflowing 64 bits (C's unsigned arithmetic).
  integer(int64) function times_32(a, b)
    integer(int64), intent(in) :: a, b
    integer(int64) :: high, low
    high = ishft(a, -16)
    low = iand(a, 65535_int64)
    times_32 = iand(low * b + ishft(iand(high * b, 65535_int64), 16), LOW_32_BITS)
  end function

  ! Identifies one message of a benchmark: its size, its sender and its index (bench_common.h's bench_seed).
  integer(int64) function bench_seed(size, sender, index)
    integer, intent(in) :: size, sender, index
    bench_seed = ieor(ieor(times_32(int(size, int64), 2654435761_int64), &
                           iand(ishft(int(sender, int64), 16), LOW_32_BITS)), int(index, int64))
  end function

  ! Byte i (from 0) of the message `seed`: the top byte of a multiplicative sequence, so that a message
  ! delivered to the wrong buffer, shifted, cut short or left over from another round does not verify.
  integer(int8) function pattern_byte(i, seed_term)
    integer(int64), intent(in) :: i, seed_term
    integer(int64) :: byte
    byte = ishft(iand(times_32(i, 2654435761_int64) + seed_term, LOW_32_BITS), -24)
    pattern_byte = int(byte - merge(256_int64, 0_int64, byte > 127), int8)
  end function

  subroutine bench_fill(buffer, bytes, seed)
    integer(int8), intent(out) :: buffer(*)
    integer, intent(in) :: bytes
    integer(int64), intent(in) :: seed
    integer(int64) :: i, term
    term = times_32(seed, 2246822519_int64)
    do i = 0, bytes - 1
      buffer(i + 1) = pattern_byte(i, term)
    end do
  end subroutine

  ! Fills a receive buffer with bytes that all differ from the message expected in it, so that a receive
  ! that writes nothing does not verify.
  subroutine bench_poison(buffer, bytes, seed)
    integer(int8), intent(out) :: buffer(*)
    integer, intent(in) :: bytes
    integer(int64), intent(in) :: seed
    call bench_fill(buffer, bytes, seed)
    buffer(1:bytes) = not(buffer(1:bytes))
  end subroutine

  subroutine bench_verify(buffer, bytes, seed, benchmark, sender)
    integer(int8), intent(in) :: buffer(*)
    integer, intent(in) :: bytes, sender
    integer(int64), intent(in) :: seed
    character(len=*), intent(in) :: benchmark
    integer(int64) :: i, term
    character(len=160) :: why
    term = times_32(seed, 2246822519_int64)
    do i = 0, bytes - 1
      if (buffer(i + 1) /= pattern_byte(i, term)) then
        write (why, '(a, ": ", i0, "-byte message from rank ", i0, ": byte ", i0, " is wrong")') &
          benchmark, bytes, sender, i
        call bench_fail(trim(why))
      end if
    end do
  end subroutine

  real(real64) function run_steps(state, steps)
    class(bench_state), intent(inout) :: state
    integer(int64), intent(in) :: steps
    integer(int64) :: i
    real(real64) :: start
    start = MPI_Wtime()
    do i = 1, steps
      call state%step()
    end do
    run_steps = MPI_Wtime() - start
  end function

  ! The largest `value` among the ranks that take part: the caller and `peer`, or every rank.
  real(real64) function max_over(value, peer)
    real(real64), intent(in) :: value
    integer, intent(in) :: peer
    real(real64) :: theirs
    if (peer == BENCH_ALL_RANKS) then
      call MPI_Allreduce(value, max_over, 1, MPI_DOUBLE_PRECISION, MPI_MAX, MPI_COMM_WORLD)
    else
      call MPI_Sendrecv(value, 1, MPI_DOUBLE_PRECISION, peer, TAG_HARNESS, theirs, 1, MPI_DOUBLE_PRECISION, peer, &
                        TAG_HARNESS, MPI_COMM_WORLD, MPI_STATUS_IGNORE)
      max_over = max(value, theirs)
    end if
  end function

  ! Seconds per step on the calling rank, as bench_common.h's bench_seconds_per_step: warm-up rounds of 1, 2,
  ! 4, ... steps until one takes a tenth of a point, the ranks that take part agreeing on each round's time
  ! (and once before the first, since ranks may arrive far apart); the last round gives the step count
  ! that fills a point.
  real(real64) function bench_seconds_per_step(o, peer, state)
    type(bench_options), intent(in) :: o
    integer, intent(in) :: peer
    class(bench_state), intent(inout) :: state
    real(real64) :: point, took, fill
    integer(int64) :: warmup, steps
    point = merge(QUICK_POINT_SECONDS, POINT_SECONDS, o%quick)
    took = max_over(0.0_real64, peer)
    warmup = 1
    do
      took = max_over(run_steps(state, warmup), peer)
      if (took >= point / 10 .or. warmup >= 2_int64**30) exit
      warmup = warmup * 2
    end do
    fill = point / took * real(warmup, real64)
    steps = max(1_int64, int(fill, int64))
    bench_seconds_per_step = run_steps(state, steps) / real(steps, real64)
  end function

  ! Rank 0's maximum over all ranks of a per-rank value (valid on rank 0 only).
  real(real64) function bench_maximum(value)
    real(real64), intent(in) :: value
    bench_maximum = value
    call MPI_Reduce(value, bench_maximum, 1, MPI_DOUBLE_PRECISION, MPI_MAX, 0, MPI_COMM_WORLD)
  end function

  ! One measured point, `RESULT <benchmark> <param> <value> <unit>`, printed by rank 0 only and flushed so
  ! that a run cut short keeps its points.
  subroutine bench_result(benchmark, param, value, unit)
    character(len=*), intent(in) :: benchmark, unit
    integer, intent(in) :: param
    real(real64), intent(in) :: value
    character(len=32) :: figure
    if (bench_rank() /= 0) return
    write (figure, '(f32.4)') value   ! f0.4 may drop the 0 before the point, which the driver's lines need
    write (output_unit, '("RESULT ", a, 1x, i0, 1x, a, 1x, a)') benchmark, param, trim(adjustl(figure)), unit
    flush (output_unit)
  end subroutine

  ! One line on standard error, then the end of the job: a wrong answer is worse than a slow one.
  subroutine bench_fail(why)
    character(len=*), intent(in) :: why
    write (error_unit, '("benchmark failed on rank ", i0, ": ", a)') bench_rank(), why
    flush (error_unit)
    call MPI_Abort(MPI_COMM_WORLD, 1)
    error stop 1
  end subroutine
end module
