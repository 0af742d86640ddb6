! Derived datatypes, communicators, topologies, user operations, error handlers, attributes, info and
! names from Fortran through `use mpi`: the calls whose bindings convert arrays of handles, strings and
! procedures.
module user_procedures
  implicit none
  integer :: handler_calls = 0, handler_code = 0, handler_comm = -1
contains
  ! An operation on INTEGERs: the larger magnitude.
  subroutine larger_magnitude(in, inout, length, datatype)
    integer, intent(in) :: length, datatype
    integer, intent(in) :: in(length)
    integer, intent(inout) :: inout(length)
    integer :: i
    do i = 1, length
      if (abs(in(i)) > abs(inout(i))) inout(i) = in(i)
    end do
    if (datatype < 0) print *, 'unused'
  end subroutine larger_magnitude

  subroutine note_error(comm, code)
    integer, intent(inout) :: comm, code
    handler_calls = handler_calls + 1
    handler_code = code
    handler_comm = comm
  end subroutine note_error

  ! A copy procedure that adds one to the value on every duplication.
  subroutine count_copies(oldcomm, keyval, extra_state, value_in, value_out, flag, ierror)
    use mpi
    integer :: oldcomm, keyval, ierror
    integer(kind=MPI_ADDRESS_KIND) :: extra_state, value_in, value_out
    logical :: flag
    value_out = value_in + 1 + extra_state
    flag = .true.
    ierror = MPI_SUCCESS
    if (oldcomm < 0 .or. keyval < 0) print *, 'unused'
  end subroutine count_copies
end module user_procedures

program fortran_objects
  use mpi
  use user_procedures
  use, intrinsic :: iso_c_binding, only: c_ptr, c_int, c_f_pointer
  implicit none
  ! C's MPI_Comm_get_attr, to read as C reads an attribute Fortran set.
  interface
    type(c_ptr) function c_comm_f2c(comm) bind(C, name="MPI_Comm_f2c")
      import
      integer(c_int), value :: comm
    end function c_comm_f2c
    integer(c_int) function c_comm_get_attr(comm, keyval, value, flag) bind(C, name="MPI_Comm_get_attr")
      import
      type(c_ptr), value :: comm
      integer(c_int), value :: keyval
      type(c_ptr) :: value
      integer(c_int) :: flag
    end function c_comm_get_attr
  end interface
  type(c_ptr) :: c_value
  integer(kind=MPI_ADDRESS_KIND), pointer :: c_view
  integer(c_int) :: c_flag
  character(*), parameter :: program_name = 'fortran_objects'
  integer :: rank, nranks, ierr, i, j, next, prev
  integer :: column, rows(3, 4), received(4), struct_type, blocklengths(2), types(2), subarray
  integer(kind=MPI_ADDRESS_KIND) :: displacements(2), base, value, tag_ub
  integer :: ints(10), datatypes_out(4), n_ints, n_addrs, n_types, combiner
  integer(kind=MPI_ADDRESS_KIND) :: addresses(4)
  integer :: pair_int
  double precision :: pair_double
  integer :: halves, half_rank, dup, cart, dims(1), source, dest, op, values(2), result(2)
  logical :: periods(1), flag
  integer :: errhandler, keyval, dup2, info, length, sendcounts(1000), displs(1000), wtypes(1000)
  character(len=MPI_MAX_OBJECT_NAME) :: name
  character(len=MPI_MAX_INFO_VAL) :: info_value
  character(len=MPI_MAX_INFO_KEY) :: key
  character(len=MPI_MAX_PROCESSOR_NAME) :: host
  character(len=MPI_MAX_ERROR_STRING) :: message
  integer, allocatable :: everyone(:), gathered(:)

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, nranks, ierr)
  next = mod(rank + 1, nranks)
  prev = mod(rank + nranks - 1, nranks)

  ! A row of a column-major array is a vector of stride 3.
  rows = reshape([(rank * 100 + i, i = 1, 12)], [3, 4])
  call MPI_TYPE_VECTOR(4, 1, 3, MPI_INTEGER, column, ierr)
  call MPI_TYPE_COMMIT(column, ierr)
  call MPI_SENDRECV(rows(2, 1), 1, column, next, 1, received, 4, MPI_INTEGER, prev, 1, MPI_COMM_WORLD, &
                    MPI_STATUS_IGNORE, ierr)
  call check(all(received == prev * 100 + [2, 5, 8, 11]), 'vector of a row')
  call MPI_TYPE_FREE(column, ierr)
  call check(column == MPI_DATATYPE_NULL, 'type free')

  ! A struct of absolute addresses, sent from MPI_BOTTOM.
  pair_int = rank
  pair_double = rank + 0.5d0
  call MPI_GET_ADDRESS(pair_int, displacements(1), ierr)
  call MPI_GET_ADDRESS(pair_double, displacements(2), ierr)
  blocklengths = 1
  types = [MPI_INTEGER, MPI_DOUBLE_PRECISION]
  call MPI_TYPE_CREATE_STRUCT(2, blocklengths, displacements, types, struct_type, ierr)
  call MPI_TYPE_COMMIT(struct_type, ierr)
  call MPI_SENDRECV_REPLACE(MPI_BOTTOM, 1, struct_type, next, 2, prev, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  call check(pair_int == prev .and. pair_double == prev + 0.5d0, 'struct from MPI_BOTTOM')
  call MPI_TYPE_GET_ENVELOPE(struct_type, n_ints, n_addrs, n_types, combiner, ierr)
  call check(combiner == MPI_COMBINER_STRUCT .and. n_ints == 3 .and. n_types == 2, 'envelope')
  call MPI_TYPE_GET_CONTENTS(struct_type, 10, 4, 4, ints, addresses, datatypes_out, ierr)
  call check(datatypes_out(1) == MPI_INTEGER .and. datatypes_out(2) == MPI_DOUBLE_PRECISION, 'contents types')
  call MPI_TYPE_FREE(struct_type, ierr)

  ! A 2 x 2 subarray in Fortran order.
  call MPI_TYPE_CREATE_SUBARRAY(2, [3, 4], [2, 2], [1, 2], MPI_ORDER_FORTRAN, MPI_INTEGER, subarray, ierr)
  call MPI_TYPE_COMMIT(subarray, ierr)
  rows = reshape([(rank * 100 + i, i = 1, 12)], [3, 4])
  allocate(gathered(4))
  call MPI_SENDRECV(rows, 1, subarray, next, 3, gathered, 4, MPI_INTEGER, prev, 3, MPI_COMM_WORLD, &
                    MPI_STATUS_IGNORE, ierr)
  call check(all(gathered == prev * 100 + [8, 9, 11, 12]), 'subarray in Fortran order')
  call MPI_TYPE_FREE(subarray, ierr)

  ! Communicators: split in halves, duplicate, name.
  call MPI_COMM_SPLIT(MPI_COMM_WORLD, mod(rank, 2), -rank, halves, ierr)
  call MPI_COMM_RANK(halves, half_rank, ierr)
  call MPI_COMM_SIZE(halves, j, ierr)
  call check(half_rank == j - 1 - rank / 2, 'split ordered by key')
  call MPI_COMM_DUP(halves, dup, ierr)
  call MPI_COMM_SET_NAME(dup, '  half of the world  ', ierr)
  call MPI_COMM_GET_NAME(dup, name, length, ierr)
  call check(name == 'half of the world' .and. length == 17, 'communicator name')
  call MPI_COMM_GET_NAME(MPI_COMM_WORLD, name, length, ierr)
  call check(name(1:length) == 'MPI_COMM_WORLD', 'world name')
  call MPI_COMM_FREE(dup, ierr)
  call check(dup == MPI_COMM_NULL, 'comm free')
  call MPI_COMM_FREE(halves, ierr)

  ! A periodic ring; LOGICAL periods.
  dims(1) = nranks
  periods(1) = .true.
  call MPI_CART_CREATE(MPI_COMM_WORLD, 1, dims, periods, .false., cart, ierr)
  call MPI_CART_SHIFT(cart, 0, 1, source, dest, ierr)
  call check(source == prev .and. dest == next, 'cart shift')
  call MPI_COMM_FREE(cart, ierr)

  ! A Fortran operation.
  call MPI_OP_CREATE(larger_magnitude, .true., op, ierr)
  values = [merge(-rank, rank, mod(rank, 2) == 1), 1]
  call MPI_ALLREDUCE(values, result, 2, MPI_INTEGER, op, MPI_COMM_WORLD, ierr)
  call check(result(1) == merge(-(nranks - 1), nranks - 1, mod(nranks - 1, 2) == 1) .and. result(2) == 1, &
             'user operation')
  call MPI_OP_FREE(op, ierr)
  call check(op == MPI_OP_NULL, 'op free')

  ! A Fortran error handler receives the communicator as an integer and the error code.
  call MPI_COMM_DUP(MPI_COMM_WORLD, dup, ierr)
  call MPI_COMM_CREATE_ERRHANDLER(note_error, errhandler, ierr)
  call MPI_COMM_SET_ERRHANDLER(dup, errhandler, ierr)
  call MPI_SEND(rank, 1, MPI_INTEGER, nranks + 5, 0, dup, ierr)
  call check(handler_calls == 1 .and. handler_comm == dup .and. handler_code == ierr .and. ierr /= MPI_SUCCESS, &
             'Fortran error handler')
  call MPI_ERROR_STRING(ierr, message, length, ierr)
  call check(length > 0 .and. len_trim(message) == length, 'error string')
  call MPI_ERRHANDLER_FREE(errhandler, ierr)
  call MPI_COMM_SET_ERRHANDLER(dup, MPI_ERRORS_RETURN, ierr)
  call MPI_SEND(rank, 1, MPI_INTEGER, nranks + 5, 0, dup, ierr)
  call check(ierr == MPI_ERR_RANK .and. handler_calls == 1, 'MPI_ERRORS_RETURN')

  ! Attributes: a predefined one reads as its value, a Fortran keyval copies through Fortran.
  call MPI_COMM_GET_ATTR(MPI_COMM_WORLD, MPI_TAG_UB, tag_ub, flag, ierr)
  call check(flag .and. tag_ub >= 32767, 'MPI_TAG_UB')
  call MPI_COMM_CREATE_KEYVAL(count_copies, MPI_COMM_NULL_DELETE_FN, keyval, 10_MPI_ADDRESS_KIND, ierr)
  value = 1000 + rank
  call MPI_COMM_SET_ATTR(dup, keyval, value, ierr)
  call MPI_COMM_DUP(dup, dup2, ierr)
  call MPI_COMM_GET_ATTR(dup2, keyval, value, flag, ierr)
  call check(flag .and. value == 1000 + rank + 11, 'keyval copied by a Fortran procedure')
  call MPI_COMM_FREE(dup2, ierr)
  call MPI_COMM_FREE_KEYVAL(keyval, ierr)
  call MPI_COMM_CREATE_KEYVAL(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN, keyval, 0_MPI_ADDRESS_KIND, ierr)
  call MPI_COMM_SET_ATTR(dup, keyval, 77_MPI_ADDRESS_KIND, ierr)
  call MPI_COMM_DUP(dup, dup2, ierr)
  call MPI_COMM_GET_ATTR(dup2, keyval, value, flag, ierr)
  call check(flag .and. value == 77, 'MPI_COMM_DUP_FN')
  ! C reads an attribute Fortran set through a pointer to the integer (MPI-3.1 17.2.7).
  ierr = c_comm_get_attr(c_comm_f2c(dup2), keyval, c_value, c_flag)
  call c_f_pointer(c_value, c_view)
  call check(ierr == MPI_SUCCESS .and. c_flag /= 0 .and. c_view == 77, 'C reads a Fortran attribute')
  call MPI_COMM_FREE(dup2, ierr)
  call MPI_COMM_FREE(dup, ierr)

  ! Info: keys and values through CHARACTER arguments.
  call MPI_INFO_CREATE(info, ierr)
  call MPI_INFO_SET(info, 'colour', ' blue ', ierr)
  call MPI_INFO_GET(info, 'colour', MPI_MAX_INFO_VAL, info_value, flag, ierr)
  call check(flag .and. info_value == 'blue', 'info get')
  call MPI_INFO_GET_VALUELEN(info, 'colour', length, flag, ierr)
  call check(flag .and. length == 4, 'info value length')
  call MPI_INFO_GET_NTHKEY(info, 0, key, ierr)
  call check(key == 'colour', 'info key')
  call MPI_INFO_GET(info, 'shape', MPI_MAX_INFO_VAL, info_value, flag, ierr)
  call check(.not. flag, 'missing info key')
  call MPI_INFO_FREE(info, ierr)
  call check(info == MPI_INFO_NULL, 'info free')

  call MPI_GET_PROCESSOR_NAME(host, length, ierr)
  call check(length > 0 .and. len_trim(host) == length, 'processor name')

  ! Alltoallw: each rank sends its rank to everyone, as INTEGERs.
  if (nranks <= 1000) then
    allocate(everyone(nranks))
    sendcounts(1:nranks) = 1
    displs(1:nranks) = 0
    wtypes(1:nranks) = MPI_INTEGER
    call MPI_ALLTOALLW(rank, sendcounts, displs, wtypes, everyone, sendcounts, [(4 * i, i = 0, nranks - 1)], &
                       wtypes, MPI_COMM_WORLD, ierr)
    call check(all(everyone == [(i, i = 0, nranks - 1)]), 'alltoallw')
  end if

  base = 0
  call MPI_BARRIER(MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a)', 'fortran_objects: ok'
  call MPI_FINALIZE(ierr)

contains
  include 'check.inc'
end program fortran_objects
