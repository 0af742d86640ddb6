! A data representation registered from Fortran (MPI_REGISTER_DATAREP, use mpi_f08): INTEGERs stored
! negated. Every rank writes its block through a view in that representation, the file's bytes read back
! through a native view are the negated values, and a read through the representation gives the values
! again; the conversion and extent procedures are called, with the extra_state given at registration and
! the call's datatype; MPI_FILE_GET_TYPE_EXTENT asks the extent procedure; registering the name twice is
! MPI_ERR_DUP_DATAREP.
module fortran_negated_datarep
  use mpi_f08
  use, intrinsic :: iso_c_binding, only: c_ptr, c_f_pointer
  implicit none
  integer, parameter :: state = 4242
  integer :: conversions = 0, wrong_calls = 0
contains
  ! userbuf holds position + count INTEGERs of the call; filebuf count of the file's. Both directions negate.
  subroutine negate(userbuf, datatype, count, filebuf, position, extra_state, to_file)
    type(c_ptr), value :: userbuf, filebuf
    type(MPI_Datatype) :: datatype
    integer :: count
    integer(kind=MPI_OFFSET_KIND) :: position
    integer(kind=MPI_ADDRESS_KIND) :: extra_state
    logical, intent(in) :: to_file
    integer, pointer :: user(:), file(:)
    if (datatype /= MPI_INTEGER .or. extra_state /= state) wrong_calls = wrong_calls + 1
    call c_f_pointer(userbuf, user, [position + count])
    call c_f_pointer(filebuf, file, [count])
    if (to_file) then
      file(1:count) = -user(position + 1:position + count)
    else
      user(position + 1:position + count) = -file(1:count)
    end if
    conversions = conversions + 1
  end subroutine negate

  subroutine read_negated(userbuf, datatype, count, filebuf, position, extra_state, ierror)
    type(c_ptr), value :: userbuf, filebuf
    type(MPI_Datatype) :: datatype
    integer :: count, ierror
    integer(kind=MPI_OFFSET_KIND) :: position
    integer(kind=MPI_ADDRESS_KIND) :: extra_state
    call negate(userbuf, datatype, count, filebuf, position, extra_state, .false.)
    ierror = MPI_SUCCESS
  end subroutine read_negated

  subroutine write_negated(userbuf, datatype, count, filebuf, position, extra_state, ierror)
    type(c_ptr), value :: userbuf, filebuf
    type(MPI_Datatype) :: datatype
    integer :: count, ierror
    integer(kind=MPI_OFFSET_KIND) :: position
    integer(kind=MPI_ADDRESS_KIND) :: extra_state
    call negate(userbuf, datatype, count, filebuf, position, extra_state, .true.)
    ierror = MPI_SUCCESS
  end subroutine write_negated

  subroutine integer_extent(datatype, extent, extra_state, ierror)
    type(MPI_Datatype) :: datatype
    integer(kind=MPI_ADDRESS_KIND) :: extent, extra_state
    integer :: ierror, bytes
    if (extra_state /= state) wrong_calls = wrong_calls + 1
    call MPI_TYPE_SIZE(datatype, bytes)
    extent = bytes
    ierror = MPI_SUCCESS
  end subroutine integer_extent
end module fortran_negated_datarep

program fortran_datarep
  use mpi_f08
  use fortran_negated_datarep
  implicit none
  character(*), parameter :: program_name = 'fortran_datarep'
  integer, parameter :: n = 8
  integer :: rank = -1, nranks, pid, error, class, i, mine(n), back(n), raw(n)
  integer(kind=MPI_ADDRESS_KIND) :: extent
  integer(kind=MPI_OFFSET_KIND) :: offset
  type(MPI_File) :: fh
  character(len=64) :: path

  call MPI_INIT()
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, nranks)
  pid = getpid()
  call MPI_BCAST(pid, 1, MPI_INTEGER, 0, MPI_COMM_WORLD)
  write (path, '(a, i0)') '/tmp/fortran_datarep.', pid

  call MPI_REGISTER_DATAREP('weft_fortran_negated', read_negated, write_negated, integer_extent, &
                            int(state, MPI_ADDRESS_KIND))
  call MPI_FILE_SET_ERRHANDLER(MPI_FILE_NULL, MPI_ERRORS_RETURN)
  call MPI_REGISTER_DATAREP('weft_fortran_negated', read_negated, write_negated, integer_extent, &
                            int(state, MPI_ADDRESS_KIND), error)
  call MPI_ERROR_CLASS(error, class)
  call check(class == MPI_ERR_DUP_DATAREP, 'registering the name twice is MPI_ERR_DUP_DATAREP')

  call MPI_FILE_OPEN(MPI_COMM_WORLD, trim(path), MPI_MODE_CREATE + MPI_MODE_RDWR, MPI_INFO_NULL, fh)
  call MPI_FILE_SET_VIEW(fh, 0_MPI_OFFSET_KIND, MPI_INTEGER, MPI_INTEGER, 'weft_fortran_negated', MPI_INFO_NULL)
  call MPI_FILE_GET_TYPE_EXTENT(fh, MPI_INTEGER, extent)
  call check(extent == 4, 'MPI_FILE_GET_TYPE_EXTENT asks the extent procedure')
  mine = [(rank * 100 + i, i = 1, n)]
  offset = int(rank, MPI_OFFSET_KIND) * n
  call MPI_FILE_WRITE_AT_ALL(fh, offset, mine, n, MPI_INTEGER, MPI_STATUS_IGNORE)
  call check(conversions > 0, 'writing called the write procedure')
  call MPI_FILE_SYNC(fh)
  call MPI_BARRIER(MPI_COMM_WORLD)
  call MPI_FILE_SYNC(fh)

  call MPI_FILE_SET_VIEW(fh, 0_MPI_OFFSET_KIND, MPI_INTEGER, MPI_INTEGER, 'native', MPI_INFO_NULL)
  call MPI_FILE_READ_AT(fh, offset, raw, n, MPI_INTEGER, MPI_STATUS_IGNORE)
  call check(all(raw == -mine), 'the file holds the values negated')

  call MPI_FILE_SET_VIEW(fh, 0_MPI_OFFSET_KIND, MPI_INTEGER, MPI_INTEGER, 'weft_fortran_negated', MPI_INFO_NULL)
  back = 0
  conversions = 0
  call MPI_FILE_READ_AT_ALL(fh, offset, back, n, MPI_INTEGER, MPI_STATUS_IGNORE)
  call check(conversions > 0 .and. all(back == mine), 'reading through the representation gives the values back')
  call check(wrong_calls == 0, 'the procedures got the call''s datatype and the registered extra_state')
  call MPI_FILE_CLOSE(fh)
  call MPI_BARRIER(MPI_COMM_WORLD)
  if (rank == 0) call MPI_FILE_DELETE(trim(path), MPI_INFO_NULL)
  if (rank == 0) print '(2a)', program_name, ': ok'
  call MPI_FINALIZE()
contains
  include 'check.inc'
end program fortran_datarep
