! A hybrid MPI+OpenMP stencil in Fortran, hybrid_stencil.c's twin written with `use mpi_f08`: an explicit
! heat-equation step (5-point Jacobi) on a 2048 x 2048 grid (1024 x 1024 with --quick) split into bands of
! rows, one per rank; each step exchanges the edge rows with the neighbouring bands (MPI_Sendrecv), then
! updates the band in an `omp parallel do` over its rows. As Fortran codes written for a process per rank
! do, the grid, its shape and the coefficient are module variables, read inside the parallel region: with
! Weft every rank has its own, and its team threads see the rank's. Threads per rank: OMP_NUM_THREADS.
! Column-major, so a row of the grid is a column of the arrays: grid(:, r), contiguous.
!
! The answer is checked before timing: 5 steps from the initial state, each row's sum gathered on rank 0 in
! row order and compared bit for bit with the same steps computed there alone.
!
!   RESULT hybrid_stencil_step <threads per rank> <milliseconds per step, the slowest rank's> ms
module stencil_state
  use, intrinsic :: iso_fortran_env, only: real64
  use mpi_f08
  use bench_common, only: bench_state
  implicit none
  integer :: columns, first_row, band_rows   ! the band: rows first_row .. first_row + band_rows - 1 (from 0)
  real(real64) :: alpha = 0.2_real64
  ! Two grids, band_rows + 2 rows each, the first and last the neighbours' edges; `now` is the current one.
  real(real64), allocatable :: grids(:, :, :)
  integer :: now = 1

  ! The step the harness times works on the module's variables, as the code's own time loop would.
  type, extends(bench_state) :: stencil
  contains
    procedure :: step => timed_step
  end type
contains
  pure real(real64) function initial(row, column)
    integer, intent(in) :: row, column
    initial = real(mod(row * 7 + column * 13, 101), real64)
  end function

  subroutine reset(total_rows)
    integer, intent(in) :: total_rows
    integer :: r, c, row
    do r = 0, band_rows + 1
      row = first_row + r - 1
      do c = 1, columns
        grids(c, r, :) = merge(initial(row, c - 1), 0.0_real64, row >= 0 .and. row < total_rows)
      end do
    end do
    now = 1
  end subroutine

  ! The 5-point update of rows 1 .. rows of `from` into `to`; the first and last columns stay fixed.
  subroutine update(from, to, rows, width)
    integer, intent(in) :: rows, width
    real(real64), intent(in) :: from(width, 0:rows + 1)
    real(real64), intent(inout) :: to(width, 0:rows + 1)
    integer :: r, c
    !$omp parallel do schedule(static)
    do r = 1, rows
      do c = 2, width - 1
        to(c, r) = from(c, r) + alpha * (from(c, r - 1) + from(c, r + 1) + from(c - 1, r) + from(c + 1, r) &
                                         - 4.0_real64 * from(c, r))
      end do
    end do
    !$omp end parallel do
  end subroutine

  subroutine step()
    integer :: rank, size, above, below
    call MPI_Comm_rank(MPI_COMM_WORLD, rank)
    call MPI_Comm_size(MPI_COMM_WORLD, size)
    above = merge(rank - 1, MPI_PROC_NULL, rank > 0)
    below = merge(rank + 1, MPI_PROC_NULL, rank < size - 1)
    call MPI_Sendrecv(grids(:, 1, now), columns, MPI_DOUBLE_PRECISION, above, 1, &
                      grids(:, band_rows + 1, now), columns, MPI_DOUBLE_PRECISION, below, 1, &
                      MPI_COMM_WORLD, MPI_STATUS_IGNORE)
    call MPI_Sendrecv(grids(:, band_rows, now), columns, MPI_DOUBLE_PRECISION, below, 2, &
                      grids(:, 0, now), columns, MPI_DOUBLE_PRECISION, above, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE)
    call update(grids(:, :, now), grids(:, :, 3 - now), band_rows, columns)
    now = 3 - now
  end subroutine

  subroutine timed_step(state)
    class(stencil), intent(inout) :: state
    call step()
  end subroutine

  pure real(real64) function row_sum(row)
    real(real64), intent(in) :: row(:)
    integer :: c
    row_sum = 0
    do c = 1, size(row)
      row_sum = row_sum + row(c)
    end do
  end function
end module

module stencil_check
  use, intrinsic :: iso_fortran_env, only: real64
  use mpi_f08
  use bench_common
  use stencil_state
  implicit none
  integer, parameter :: CHECK_STEPS = 5
contains
  ! Rank 0 alone: `steps` steps of the whole grid (edges fixed at zero outside it), its row sums in `sums`.
  subroutine serial_row_sums(total_rows, steps, sums)
    integer, intent(in) :: total_rows, steps
    real(real64), intent(out) :: sums(0:total_rows - 1)
    real(real64), allocatable :: a(:, :, :)
    integer :: r, c, s, current
    allocate (a(columns, 0:total_rows + 1, 2))
    do r = 0, total_rows + 1
      do c = 1, columns
        a(c, r, :) = merge(initial(r - 1, c - 1), 0.0_real64, r >= 1 .and. r <= total_rows)
      end do
    end do
    current = 1
    do s = 1, steps
      call update(a(:, :, current), a(:, :, 3 - current), total_rows, columns)
      current = 3 - current
    end do
    do r = 0, total_rows - 1
      sums(r) = row_sum(a(:, r + 1, current))
    end do
  end subroutine

  subroutine check(total_rows)
    integer, intent(in) :: total_rows
    real(real64), allocatable :: mine(:), all(:), expected(:)
    integer, allocatable :: counts(:), starts(:)
    integer :: r, s, rank
    character(len=160) :: why
    rank = bench_rank()
    call reset(total_rows)
    do s = 1, CHECK_STEPS
      call step()
    end do
    allocate (mine(band_rows), counts(bench_size()), starts(bench_size()), all(total_rows), expected(total_rows))
    do r = 1, band_rows
      mine(r) = row_sum(grids(:, r, now))
    end do
    call MPI_Gather(band_rows, 1, MPI_INTEGER, counts, 1, MPI_INTEGER, 0, MPI_COMM_WORLD)
    call MPI_Gather(first_row, 1, MPI_INTEGER, starts, 1, MPI_INTEGER, 0, MPI_COMM_WORLD)
    call MPI_Gatherv(mine, band_rows, MPI_DOUBLE_PRECISION, all, counts, starts, MPI_DOUBLE_PRECISION, 0, &
                     MPI_COMM_WORLD)
    if (rank == 0) then
      call serial_row_sums(total_rows, CHECK_STEPS, expected)
      do r = 1, total_rows
        if (all(r) /= expected(r)) then
          write (why, '("hybrid_stencil: row ", i0, " sums to ", es25.17, " after ", i0, &
                       &" steps, the serial steps give ", es25.17)') r - 1, all(r), CHECK_STEPS, expected(r)
          call bench_fail(trim(why))
        end if
      end do
    end if
  end subroutine
end module

program fortran_hybrid_stencil
  use, intrinsic :: iso_fortran_env, only: real64
  use mpi_f08
  use bench_common
  use stencil_state
  use stencil_check
  !$ use omp_lib
  implicit none
  type(bench_options) :: o
  integer :: provided, total_rows, rank, size, threads
  real(real64) :: seconds
  type(stencil) :: timed

  call MPI_Init_thread(MPI_THREAD_FUNNELED, provided)
  if (provided < MPI_THREAD_FUNNELED) call bench_fail('the library does not provide MPI_THREAD_FUNNELED')
  o = bench_parse()
  total_rows = merge(1024, 2048, o%quick)
  rank = bench_rank()
  size = bench_size()
  if (size > total_rows) call bench_fail('hybrid_stencil needs at most as many ranks as rows')
  columns = total_rows
  band_rows = total_rows / size + merge(1, 0, rank < mod(total_rows, size))
  first_row = rank * (total_rows / size) + min(rank, mod(total_rows, size))
  allocate (grids(columns, 0:band_rows + 1, 2))

  call check(total_rows)
  call reset(total_rows)
  seconds = bench_maximum(bench_seconds_per_step(o, BENCH_ALL_RANKS, timed))
  threads = 1
  !$ threads = omp_get_max_threads()
  call bench_result('hybrid_stencil_step', threads, seconds * 1e3_real64, 'ms')

  call MPI_Finalize()
end program
