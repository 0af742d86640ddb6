! MPI-IO from Fortran: a file opened on all ranks (a name of CHARACTER, trimmed), a cyclic view of
! doubles set with MPI_FILE_SET_VIEW and read back by MPI_FILE_GET_VIEW, a collective write at explicit
! offsets of INTEGER(KIND=MPI_OFFSET_KIND), a read of the next rank's blocks through the view, the
! status's count, an independent read past the end, an error handler of the program's own for the file
! (MPI_FILE_CREATE_ERRHANDLER: called with the file and the code), and MPI_FILE_DELETE.
module fortran_io_handler
  implicit none
  integer :: handled_file = -1, handled_code = -1
contains
  ! A module procedure: an internal one would reach its host through a trampoline on the stack.
  subroutine file_error(file, code)
    integer :: file, code
    handled_file = file
    handled_code = code
  end subroutine file_error
end module fortran_io_handler

program fortran_io
  use mpi
  use fortran_io_handler
  implicit none
  character(*), parameter :: program_name = 'fortran_io'
  integer, parameter :: block = 3, blocks = 4
  integer :: rank, nranks, ierr, fh, tile, etype, filetype, count, i, next, pid, handler
  integer :: status(MPI_STATUS_SIZE)
  integer(kind=MPI_OFFSET_KIND) :: disp, offset
  integer(kind=MPI_ADDRESS_KIND) :: lb, extent
  double precision :: mine(block * blocks), theirs(block * blocks), past(4)
  character(len=MPI_MAX_DATAREP_STRING) :: datarep
  character(len=64) :: path

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, nranks, ierr)
  next = mod(rank + 1, nranks)
  pid = getpid()
  call MPI_BCAST(pid, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  write (path, '(a, i0)') '/tmp/fortran_io.', pid

  call MPI_FILE_OPEN(MPI_COMM_WORLD, trim(path) // '   ', MPI_MODE_CREATE + MPI_MODE_RDWR, MPI_INFO_NULL, fh, ierr)
  call check(ierr == MPI_SUCCESS .and. fh /= MPI_FILE_NULL, 'open')
  ! Each rank's blocks of `block` doubles, round robin among the ranks, after a header of 16 bytes.
  call MPI_TYPE_VECTOR(1, block, block, MPI_DOUBLE_PRECISION, tile, ierr)
  lb = 0
  extent = 8 * block * nranks
  call MPI_TYPE_CREATE_RESIZED(tile, lb, extent, filetype, ierr)
  call MPI_TYPE_COMMIT(filetype, ierr)
  disp = 16 + 8 * block * rank
  call MPI_FILE_SET_VIEW(fh, disp, MPI_DOUBLE_PRECISION, filetype, 'native', MPI_INFO_NULL, ierr)
  call check(ierr == MPI_SUCCESS, 'set_view')
  datarep = 'x'
  call MPI_FILE_GET_VIEW(fh, offset, etype, tile, datarep, ierr)
  call check(offset == disp .and. etype == MPI_DOUBLE_PRECISION .and. trim(datarep) == 'native', 'get_view')
  call MPI_TYPE_FREE(tile, ierr)

  mine = [(rank * 1000 + i, i = 1, block * blocks)]
  offset = 0
  call MPI_FILE_WRITE_AT_ALL(fh, offset, mine, block * blocks, MPI_DOUBLE_PRECISION, status, ierr)
  call MPI_GET_COUNT(status, MPI_DOUBLE_PRECISION, count, ierr)
  call check(ierr == MPI_SUCCESS .and. count == block * blocks, 'write_at_all count')
  call MPI_FILE_SYNC(fh, ierr)
  call MPI_BARRIER(MPI_COMM_WORLD, ierr)
  call MPI_FILE_SYNC(fh, ierr)

  ! The next rank's blocks: its view, set by this rank.
  disp = 16 + 8 * block * next
  call MPI_FILE_SET_VIEW(fh, disp, MPI_DOUBLE_PRECISION, filetype, 'native', MPI_INFO_NULL, ierr)
  call MPI_FILE_READ_AT_ALL(fh, offset, theirs, block * blocks, MPI_DOUBLE_PRECISION, status, ierr)
  call check(all(theirs == [(next * 1000 + i, i = 1, block * blocks)]), 'read the next rank''s blocks')
  ! Past the end of the data in the view: nothing moves, and the status counts none.
  offset = block * blocks
  call MPI_FILE_READ_AT(fh, offset, past, 4, MPI_DOUBLE_PRECISION, status, ierr)
  call MPI_GET_COUNT(status, MPI_DOUBLE_PRECISION, count, ierr)
  call check(ierr == MPI_SUCCESS .and. count == 0, 'read past the end moves nothing')
  ! A negative offset is the program's error: the file's handler sees it, then the call returns it.
  call MPI_FILE_CREATE_ERRHANDLER(file_error, handler, ierr)
  call MPI_FILE_SET_ERRHANDLER(fh, handler, ierr)
  offset = -1
  call MPI_FILE_READ_AT(fh, offset, past, 4, MPI_DOUBLE_PRECISION, status, ierr)
  call check(ierr /= MPI_SUCCESS .and. handled_file == fh .and. handled_code == ierr, 'the file''s error handler')
  call MPI_ERRHANDLER_FREE(handler, ierr)
  call MPI_FILE_CLOSE(fh, ierr)
  call check(fh == MPI_FILE_NULL, 'close')
  call MPI_TYPE_FREE(filetype, ierr)
  call MPI_BARRIER(MPI_COMM_WORLD, ierr)
  if (rank == 0) then
    call MPI_FILE_DELETE(trim(path), MPI_INFO_NULL, ierr)
    call check(ierr == MPI_SUCCESS, 'delete')
    call MPI_FILE_DELETE(trim(path), MPI_INFO_NULL, ierr)
    call MPI_ERROR_CLASS(ierr, count, i)
    call check(count == MPI_ERR_NO_SUCH_FILE, 'a second delete finds no file')
  end if
  if (rank == 0) print '(2a)', program_name, ': ok'
  call MPI_FINALIZE(ierr)
contains
  include 'check.inc'
end program fortran_io
