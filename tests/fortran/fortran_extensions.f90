! Weft's extensions from use mpi_f08: MPIX_Halo on a ring (each rank reads its left neighbour's edge, a
! view on the node, a copy across nodes or with WEFT_HALO_COPY=1), steps that change the data, and
! ownership passing: a buffer from MPIX_Alloc given around the ring with MPIX_Give and MPIX_Take, then
! with MPIX_Igive and MPIX_Itake.
program fortran_extensions
  use mpi_f08
  use, intrinsic :: iso_c_binding, only: c_ptr, c_f_pointer, c_associated, c_null_ptr
  implicit none
  character(*), parameter :: program_name = 'fortran_extensions'
  integer, parameter :: N = 5, STEPS = 3
  integer :: rank, nranks, left, right, step, i
  double precision, target :: edges(N, 2)
  double precision, pointer :: ghost(:)
  integer, pointer :: payload(:)
  type(MPI_Halo) :: mine, theirs
  type(MPI_Halo_exchange) :: exchange
  type(MPI_Status) :: status
  type(MPI_Request) :: request
  type(c_ptr) :: view, buffer
  logical :: is_copy
  integer :: error

  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  call MPI_Comm_size(MPI_COMM_WORLD, nranks)
  left = mod(rank + nranks - 1, nranks)
  right = mod(rank + 1, nranks)

  call MPIX_Halo_cell_init(mine, 'edge', MPI_DOUBLE_PRECISION, N)
  call MPIX_Halo_cell_init(theirs, 'left edge', MPI_DOUBLE_PRECISION, N)
  call check(mine /= MPI_HALO_NULL .and. theirs /= mine, 'MPIX_Halo_cell_init gives two cells')
  call MPIX_Halo_exchange_init_comm(MPI_COMM_WORLD, exchange)
  call MPIX_Halo_cell_bind_local(exchange, mine)
  call MPIX_Halo_cell_bind_remote(exchange, theirs, left, 'edge')
  call MPIX_Halo_exchange_commit(exchange)
  call MPIX_Halo_cell_is_remote(theirs, is_copy)

  ! Two meshes taken in turn, as a stencil's are: an owner writes one while its readers view the other.
  do step = 1, STEPS
    edges(:, mod(step, 2) + 1) = [(1000.0d0 * rank + 10.0d0 * step + i, i = 1, N)]
    call MPIX_Halo_cell_set(mine, edges(:, mod(step, 2) + 1))
    call MPIX_Halo_iexchange(exchange)
    call MPIX_Halo_iexchange_wait(exchange)
    call MPIX_Halo_cell_get(theirs, view)
    call c_f_pointer(view, ghost, [N])
    call check(all(ghost == [(1000.0d0 * left + 10.0d0 * step + i, i = 1, N)]), 'the left neighbour''s edge')
    if (nranks > 1 .and. .not. is_copy) call check(.not. all(ghost == edges(:, mod(step, 2) + 1)), &
                                                   'a view of the neighbour''s memory, not of one''s own')
  end do
  ! A wrong call reports its error class through ierror, as every mpi_f08 routine does.
  call MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN)
  call MPIX_Halo_cell_set(theirs, edges(:, 1), error)
  call check(error == MPI_ERR_ARG, 'MPIX_Halo_cell_set of a remote cell is MPI_ERR_ARG')
  call MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL)
  call MPIX_Halo_exchange_release(exchange)
  call check(exchange == MPI_HALO_EXCHANGE_NULL, 'MPIX_Halo_exchange_release sets the handle to null')
  call MPIX_Halo_cell_release(mine)
  call MPIX_Halo_cell_release(theirs)
  call check(mine == MPI_HALO_NULL .and. theirs == MPI_HALO_NULL, 'MPIX_Halo_cell_release sets the handle to null')

  ! Ownership passing: rank 0 allocates, every rank takes the buffer from its left, adds its rank and gives
  ! it to its right; rank 0 takes it back last.
  if (nranks > 1) then
    if (rank == 0) then
      call MPIX_Alloc(buffer, int(4 * N, MPI_ADDRESS_KIND))
      call c_f_pointer(buffer, payload, [N])
      payload = [(i, i = 1, N)]
      call MPIX_Give(buffer, N, MPI_INTEGER, right, 7, MPI_COMM_WORLD)
      call check(.not. c_associated(buffer), 'MPIX_Give leaves the giver no buffer')
      call MPIX_Take(buffer, N, MPI_INTEGER, left, 7, MPI_COMM_WORLD, status)
      call check(status%MPI_SOURCE == left, 'MPIX_Take''s status names the giver')
    else
      buffer = c_null_ptr
      call MPIX_Itake(buffer, N, MPI_INTEGER, left, 7, MPI_COMM_WORLD, request)
      call MPI_Wait(request, MPI_STATUS_IGNORE)
      call c_f_pointer(buffer, payload, [N])
      payload = payload + rank
      call MPIX_Igive(buffer, N, MPI_INTEGER, right, 7, MPI_COMM_WORLD, request)
      call MPI_Wait(request, MPI_STATUS_IGNORE)
    end if
    if (rank == 0) then
      call c_f_pointer(buffer, payload, [N])
      call check(all(payload == [(i + nranks * (nranks - 1) / 2, i = 1, N)]), 'the buffer around the ring')
      call MPIX_Free(buffer)
      call check(.not. c_associated(buffer), 'MPIX_Free leaves no buffer')
    end if
  end if

  call MPI_Barrier(MPI_COMM_WORLD)
  if (rank == 0) print '(a)', 'fortran_extensions: ok'
  call MPI_Finalize()
contains
  include 'check.inc'
end program fortran_extensions
