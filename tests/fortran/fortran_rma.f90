! One-sided communication from Fortran: a window on an array (MPI_WIN_CREATE), puts and gets under fences,
! accumulates under passive-target locks, and a window the library allocates (MPI_WIN_ALLOCATE), reached
! through its address with C_F_POINTER; MPI_ALLOC_MEM into a TYPE(C_PTR), as the mpi module overloads it.
program fortran_rma
  use mpi
  use, intrinsic :: iso_c_binding, only: c_ptr, c_f_pointer
  implicit none
  character(*), parameter :: program_name = 'fortran_rma'
  integer :: rank, nranks, ierr, next, prev, win, allocated_win, i
  integer(kind=MPI_ADDRESS_KIND) :: window_bytes, displacement, base_address
  double precision :: cells(4), fetched(4), outgoing(2)
  integer :: counter
  type(c_ptr) :: base
  integer, pointer :: shared_counter(:)
  type(c_ptr) :: memory
  double precision, pointer :: block(:)

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, nranks, ierr)
  next = mod(rank + 1, nranks)
  prev = mod(rank + nranks - 1, nranks)

  cells = -1
  window_bytes = 4 * 8
  call MPI_WIN_CREATE(cells, window_bytes, 8, MPI_INFO_NULL, MPI_COMM_WORLD, win, ierr)
  call MPI_WIN_FENCE(0, win, ierr)
  displacement = 1
  outgoing = [(dble(rank * 10 + i), i = 1, 2)]  ! a variable: the put may read it until the fence
  call MPI_PUT(outgoing, 2, MPI_DOUBLE_PRECISION, next, displacement, 2, MPI_DOUBLE_PRECISION, win, ierr)
  call MPI_WIN_FENCE(0, win, ierr)
  call check(cells(1) == -1 .and. cells(2) == prev * 10 + 1 .and. cells(3) == prev * 10 + 2 .and. cells(4) == -1, &
             'put under fences')
  displacement = 0
  call MPI_GET(fetched, 4, MPI_DOUBLE_PRECISION, prev, displacement, 4, MPI_DOUBLE_PRECISION, win, ierr)
  call MPI_WIN_FENCE(0, win, ierr)
  call check(fetched(2) == mod(prev + nranks - 1, nranks) * 10 + 1, 'get under fences')
  call MPI_WIN_FREE(win, ierr)
  call check(win == MPI_WIN_NULL, 'win free')

  ! Every rank adds 1 to rank 0's counter in a window the library allocated.
  window_bytes = 4
  call MPI_WIN_ALLOCATE(window_bytes, 4, MPI_INFO_NULL, MPI_COMM_WORLD, base_address, allocated_win, ierr)
  base = transfer(base_address, base)
  call c_f_pointer(base, shared_counter, [1])
  shared_counter(1) = 0
  call MPI_BARRIER(MPI_COMM_WORLD, ierr)
  counter = 1
  displacement = 0
  call MPI_WIN_LOCK(MPI_LOCK_SHARED, 0, 0, allocated_win, ierr)
  call MPI_ACCUMULATE(counter, 1, MPI_INTEGER, 0, displacement, 1, MPI_INTEGER, MPI_SUM, allocated_win, ierr)
  call MPI_WIN_UNLOCK(0, allocated_win, ierr)
  call MPI_BARRIER(MPI_COMM_WORLD, ierr)
  if (rank == 0) then
    call MPI_WIN_LOCK(MPI_LOCK_EXCLUSIVE, 0, 0, allocated_win, ierr)
    call check(shared_counter(1) == nranks, 'accumulates under locks')
    call MPI_WIN_UNLOCK(0, allocated_win, ierr)
  end if
  call MPI_WIN_FREE(allocated_win, ierr)

  window_bytes = 8 * 100
  call MPI_ALLOC_MEM(window_bytes, MPI_INFO_NULL, memory, ierr)
  call c_f_pointer(memory, block, [100])
  block = rank
  call check(ierr == MPI_SUCCESS .and. all(block == rank), 'MPI_ALLOC_MEM into a TYPE(C_PTR)')
  call MPI_FREE_MEM(block, ierr)

  call MPI_BARRIER(MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a)', 'fortran_rma: ok'
  call MPI_FINALIZE(ierr)

contains
  include 'check.inc'
end program fortran_rma
