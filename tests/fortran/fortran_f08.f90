! use mpi_f08: handles as types compared with == and /=, TYPE(MPI_Status) with %MPI_SOURCE, ierror left
! out or given by keyword, LOGICAL flags, arrays of requests and statuses, derived datatypes and
! communicators, collectives with MPI_IN_PLACE, strings (names, info, error strings, external32's data
! representation), and the program's procedures: an operation, an error handler, an attribute copier,
! MPI_COMM_DUP_FN.
module f08_procedures
  use mpi_f08
  use, intrinsic :: iso_c_binding, only: c_ptr, c_f_pointer
  implicit none
  integer :: handler_calls = 0, handler_code = 0
  type(MPI_Comm) :: handler_comm
contains
  ! The larger magnitude of INTEGERs.
  subroutine larger_magnitude(invec, inoutvec, len, datatype)
    type(c_ptr), value :: invec, inoutvec
    integer :: len
    type(MPI_Datatype) :: datatype
    integer, pointer :: in(:), inout(:)
    integer :: i
    call c_f_pointer(invec, in, [len])
    call c_f_pointer(inoutvec, inout, [len])
    do i = 1, len
      if (abs(in(i)) > abs(inout(i))) inout(i) = in(i)
    end do
    if (datatype /= MPI_INTEGER) inout = -huge(1)
  end subroutine larger_magnitude

  subroutine note_error(comm, error_code)
    type(MPI_Comm) :: comm
    integer :: error_code
    handler_calls = handler_calls + 1
    handler_code = error_code
    handler_comm = comm
  end subroutine note_error

  subroutine add_one(oldcomm, comm_keyval, extra_state, attribute_val_in, attribute_val_out, flag, ierror)
    type(MPI_Comm) :: oldcomm
    integer :: comm_keyval, ierror
    integer(kind=MPI_ADDRESS_KIND) :: extra_state, attribute_val_in, attribute_val_out
    logical :: flag
    attribute_val_out = attribute_val_in + 1 + extra_state
    flag = .true.
    ierror = MPI_SUCCESS
  end subroutine add_one
end module f08_procedures

program fortran_f08
  use mpi_f08
  use f08_procedures
  implicit none
  character(*), parameter :: program_name = 'fortran_f08'
  integer :: rank, nranks, next, prev, ierr, i, count, outcount, indices(2), token, dims(1), source, dest
  type(MPI_Status) :: status, statuses(4)
  type(MPI_Request) :: requests(4)
  type(MPI_Comm) :: halves, cart, copy
  type(MPI_Datatype) :: row
  double precision :: values(4), incoming(4), sums(2)
  integer :: grid(3, 4), received(4)
  logical :: flag, periods(1)
  type(MPI_Info) :: info
  character(len=MPI_MAX_OBJECT_NAME) :: name
  character(len=MPI_MAX_INFO_VAL) :: value
  character(len=MPI_MAX_ERROR_STRING) :: message
  integer :: length, keyval, mine(2), result(2), error
  type(MPI_Op) :: op
  type(MPI_Errhandler) :: errhandler
  integer(kind=MPI_ADDRESS_KIND) :: packed_size, position
  character :: packed(16)
  integer :: unpacked(2), f_status(MPI_STATUS_SIZE), bytes
  double precision :: sample(3)
  type(MPI_Status) :: converted

  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  call MPI_Comm_size(MPI_COMM_WORLD, nranks, ierror=ierr)
  call check(ierr == MPI_SUCCESS, 'ierror by keyword')
  next = mod(rank + 1, nranks)
  prev = mod(rank + nranks - 1, nranks)

  values = [(rank * 10 + i, i = 1, 4)]
  call MPI_Sendrecv(values, 4, MPI_DOUBLE_PRECISION, next, 1, incoming, 4, MPI_DOUBLE_PRECISION, prev, 1, &
                    MPI_COMM_WORLD, status)
  call MPI_Get_count(status, MPI_DOUBLE_PRECISION, count)
  call check(status%MPI_SOURCE == prev .and. status%MPI_TAG == 1 .and. count == 4, 'status as a type')
  call check(all(incoming == [(prev * 10 + i, i = 1, 4)]), 'sendrecv data')

  call MPI_Irecv(received(1), 1, MPI_INTEGER, prev, 2, MPI_COMM_WORLD, requests(1))
  call MPI_Irecv(received(2), 1, MPI_INTEGER, next, 3, MPI_COMM_WORLD, requests(2))
  call MPI_Isend(rank, 1, MPI_INTEGER, next, 2, MPI_COMM_WORLD, requests(3))
  call MPI_Isend(rank, 1, MPI_INTEGER, prev, 3, MPI_COMM_WORLD, requests(4))
  call MPI_Waitall(4, requests, statuses)
  call MPI_F_sync_reg(received)
  call check(all(requests == MPI_REQUEST_NULL), 'waitall frees the requests (==)')
  call check(received(1) == prev .and. received(2) == next .and. statuses(2)%MPI_SOURCE == next, 'waitall')

  call MPI_Irecv(token, 1, MPI_INTEGER, prev, 4, MPI_COMM_WORLD, requests(1))
  requests(2) = MPI_REQUEST_NULL
  call MPI_Send(rank, 1, MPI_INTEGER, next, 4, MPI_COMM_WORLD)
  call MPI_Waitsome(2, requests, outcount, indices, statuses)
  call check(outcount == 1 .and. indices(1) == 1 .and. token == prev, 'waitsome counts from 1')

  call MPI_Send(rank, 1, MPI_INTEGER, next, 5, MPI_COMM_WORLD)
  call MPI_Probe(prev, 5, MPI_COMM_WORLD, status)
  call MPI_Iprobe(prev, 5, MPI_COMM_WORLD, flag, MPI_STATUS_IGNORE)
  call check(flag, 'iprobe flag is a LOGICAL')
  call MPI_Recv(token, 1, MPI_INTEGER, status%MPI_SOURCE, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE)
  call check(token == prev, 'recv after probe')

  ! A row of a column-major array.
  grid = reshape([(rank * 100 + i, i = 1, 12)], [3, 4])
  call MPI_Type_vector(4, 1, 3, MPI_INTEGER, row)
  call MPI_Type_commit(row)
  call MPI_Sendrecv(grid(3, 1), 1, row, next, 6, received, 4, MPI_INTEGER, prev, 6, MPI_COMM_WORLD, MPI_STATUS_IGNORE)
  call check(all(received == prev * 100 + [3, 6, 9, 12]), 'vector of a row')
  call MPI_Type_free(row)
  call check(row == MPI_DATATYPE_NULL, 'type free')

  sums = [dble(rank), 1d0]
  call MPI_Allreduce(MPI_IN_PLACE, sums, 2, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD)
  call check(sums(1) == nranks * (nranks - 1) / 2 .and. sums(2) == nranks, 'allreduce in place')

  call MPI_Comm_split(MPI_COMM_WORLD, mod(rank, 2), rank, halves)
  call MPI_Comm_dup(halves, copy)
  call check(copy /= halves .and. copy /= MPI_COMM_NULL, 'dup is another communicator (/=)')
  call MPI_Comm_free(copy)
  call MPI_Comm_free(halves)
  call check(halves == MPI_COMM_NULL, 'comm free')

  dims(1) = nranks
  periods(1) = .true.
  call MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, .false., cart)
  call MPI_Cart_shift(cart, 0, 1, source, dest)
  call check(source == prev .and. dest == next, 'cart with LOGICAL periods')
  call MPI_Comm_free(cart)

  call MPI_Comm_dup(MPI_COMM_WORLD, copy)
  call MPI_Comm_set_name(copy, 'a copy of the world')
  call MPI_Comm_get_name(copy, name, length)
  call check(name == 'a copy of the world' .and. length == 19, 'communicator name')
  call MPI_Comm_free(copy)
  call MPI_Info_create(info)
  call MPI_Info_set(info, 'colour', 'blue')
  call MPI_Info_get(info, 'colour', MPI_MAX_INFO_VAL, value, flag)
  call check(flag .and. value == 'blue', 'info value')
  call MPI_Info_free(info)
  call check(info == MPI_INFO_NULL, 'info free')
  call MPI_Error_string(MPI_ERR_RANK, message, length)
  call check(length > 0 .and. len_trim(message) == length, 'error string')
  call MPI_Get_processor_name(name, length, ierr)
  call check(ierr == MPI_SUCCESS .and. length > 0, 'processor name')

  call procedures_as_arguments(.false.)

  call MPI_Comm_dup(MPI_COMM_WORLD, copy)
  call MPI_Comm_create_keyval(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN, keyval, 0_MPI_ADDRESS_KIND)
  call check(value_in_duplicate(keyval, 7_MPI_ADDRESS_KIND) == 7, 'MPI_COMM_DUP_FN')
  call MPI_Comm_free(copy)

  ! external32 from mpi_f08, a string argument given as a constant: big-endian 4-byte INTEGERs.
  call MPI_Pack_external_size('external32', 2, MPI_INTEGER, packed_size)
  call check(packed_size == 8, 'MPI_Pack_external_size of 2 INTEGERs')
  position = 0
  call MPI_Pack_external('external32', [rank, 258], 2, MPI_INTEGER, packed, 16_MPI_ADDRESS_KIND, position)
  call check(position == 8 .and. ichar(packed(8)) == 2 .and. ichar(packed(7)) == 1, 'MPI_Pack_external, big-endian')
  position = 0
  call MPI_Unpack_external('external32', packed, 16_MPI_ADDRESS_KIND, position, unpacked, 2, MPI_INTEGER)
  call check(position == 8 .and. all(unpacked == [rank, 258]), 'MPI_Unpack_external')

  ! MPI_SIZEOF, and a status through mpif.h's form and back.
  call MPI_Sizeof(sample, bytes)
  call check(bytes == 8, 'MPI_SIZEOF of DOUBLE PRECISION')
  call MPI_Sizeof(rank, bytes, error)
  call check(bytes == 4 .and. error == MPI_SUCCESS, 'MPI_SIZEOF of an INTEGER, with ierror')
  call MPI_Sendrecv(rank, 1, MPI_INTEGER, next, 9, token, 1, MPI_INTEGER, prev, 9, MPI_COMM_WORLD, status)
  call MPI_Status_f082f(status, f_status)
  call check(f_status(MPI_SOURCE) == prev .and. f_status(MPI_TAG) == 9, 'MPI_Status_f082f')
  call MPI_Status_f2f08(f_status, converted)
  call MPI_Get_count(converted, MPI_INTEGER, count)
  call check(converted%MPI_SOURCE == prev .and. count == 1, 'MPI_Status_f2f08 keeps the source and count')

  ! The profiling names, as a tool written in Fortran calls them.
  call PMPI_Sendrecv(rank, 1, MPI_INTEGER, next, 10, token, 1, MPI_INTEGER, prev, 10, MPI_COMM_WORLD, status)
  call check(token == prev .and. status%MPI_TAG == 10, 'PMPI_Sendrecv')
  call PMPI_Comm_get_name(MPI_COMM_WORLD, name, length)
  call check(name(1:length) == 'MPI_COMM_WORLD', 'PMPI_Comm_get_name')
  ! And of the routines that take procedures.
  call procedures_as_arguments(.true.)

  call MPI_Barrier(MPI_COMM_WORLD)
  if (rank == 0) print '(a)', 'fortran_f08: ok'
  call MPI_Finalize()

contains
  include 'check.inc'

  ! The program's procedures as an operation, an error handler and an attribute copier, through the
  ! routines' MPI_ names or their profiling (PMPI_) names.
  subroutine procedures_as_arguments(profiling)
    logical, intent(in) :: profiling
    integer :: calls_before
    if (profiling) then
      call PMPI_Op_create(larger_magnitude, .true., op)
    else
      call MPI_Op_create(larger_magnitude, .true., op)
    end if
    mine = [merge(-rank, rank, mod(rank, 2) == 1), 1]
    call MPI_Allreduce(mine, result, 2, MPI_INTEGER, op, MPI_COMM_WORLD)
    call check(result(1) == merge(-(nranks - 1), nranks - 1, mod(nranks - 1, 2) == 1) .and. result(2) == 1, &
               'a Fortran 2008 operation')
    call MPI_Op_free(op)

    call MPI_Comm_dup(MPI_COMM_WORLD, copy)
    if (profiling) then
      call PMPI_Comm_create_errhandler(note_error, errhandler)
    else
      call MPI_Comm_create_errhandler(note_error, errhandler)
    end if
    call MPI_Comm_set_errhandler(copy, errhandler)
    calls_before = handler_calls
    call MPI_Send(rank, 1, MPI_INTEGER, nranks + 3, 0, copy, error)
    call check(handler_calls == calls_before + 1 .and. handler_comm == copy .and. handler_code == error, &
               'a Fortran 2008 error handler')
    call MPI_Errhandler_free(errhandler)

    if (profiling) then
      call PMPI_Comm_create_keyval(add_one, MPI_COMM_NULL_DELETE_FN, keyval, 5_MPI_ADDRESS_KIND)
    else
      call MPI_Comm_create_keyval(add_one, MPI_COMM_NULL_DELETE_FN, keyval, 5_MPI_ADDRESS_KIND)
    end if
    call check(value_in_duplicate(keyval, 100_MPI_ADDRESS_KIND) == 106, 'a Fortran 2008 attribute copier')
    call MPI_Comm_free_keyval(keyval)
    call MPI_Comm_free(copy)
  end subroutine procedures_as_arguments

  ! Sets `value` as `keyval`'s attribute of `copy` and returns the attribute its duplicate got (-1: none).
  integer(kind=MPI_ADDRESS_KIND) function value_in_duplicate(keyval, value)
    integer, intent(in) :: keyval
    integer(kind=MPI_ADDRESS_KIND), intent(in) :: value
    type(MPI_Comm) :: duplicate
    logical :: found
    call MPI_Comm_set_attr(copy, keyval, value)
    call MPI_Comm_dup(copy, duplicate)
    call MPI_Comm_get_attr(duplicate, keyval, value_in_duplicate, found)
    if (.not. found) value_in_duplicate = -1
    call MPI_Comm_free(duplicate)
  end function value_in_duplicate
end program fortran_f08
