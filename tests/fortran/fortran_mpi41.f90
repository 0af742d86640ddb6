! MPI-4.1's calls that need bindings by hand, from use mpi_f08: MPI_SESSION_CREATE_ERRHANDLER (a Fortran
! procedure called with the session and the error of a call on it), MPI_SESSION_ATTACH_BUFFER and
! DETACH_BUFFER around buffered sends on a communicator of the session, MPI_REQUEST_GET_STATUS_ANY/ALL/SOME
! (which leave the requests active), MPI_INFO_GET_STRING (BUFLEN 0 asking for the length, a short BUFLEN
! cutting the value), MPI_INFO_CREATE_ENV, MPI_ALLTOALLW_INIT started twice with new data, and
! MPI_NEIGHBOR_ALLTOALLW_INIT on a ring. And the large-count forms through mpi_f08's generic names, chosen by
! counts of KIND=MPI_COUNT_KIND: send, receive and MPI_GET_COUNT, an allreduce, MPI_ALLTOALLW, a contiguous
! type's envelope and contents (MPI_TYPE_GET_ENVELOPE refusing it through the int form), external32 packing,
! and MPI_OP_CREATE_C with a Fortran procedure taking an MPI_COUNT_KIND length.
module fortran_mpi41_handler
  use mpi_f08
  implicit none
  integer :: calls = 0, last_code = MPI_SUCCESS
  type(MPI_Session) :: last_session
  integer(kind=MPI_COUNT_KIND) :: last_length = -1
contains
  subroutine add_into(invec, inoutvec, len, datatype)
    use, intrinsic :: iso_c_binding, only: c_ptr, c_f_pointer
    type(c_ptr), value :: invec, inoutvec
    integer(kind=MPI_COUNT_KIND) :: len
    type(MPI_Datatype) :: datatype
    integer, pointer :: a(:), b(:)
    call c_f_pointer(invec, a, [len])
    call c_f_pointer(inoutvec, b, [len])
    b = b + a
    last_length = len
  end subroutine add_into

  subroutine record(session, error_code)
    type(MPI_Session) :: session
    integer :: error_code
    calls = calls + 1
    last_code = error_code
    last_session = session
  end subroutine record
end module fortran_mpi41_handler

program fortran_mpi41
  use mpi_f08
  use fortran_mpi41_handler
  use, intrinsic :: iso_c_binding, only: c_ptr, c_loc, c_associated
  implicit none
  character(*), parameter :: program_name = 'fortran_mpi41'
  integer :: rank = -1, nranks

  call MPI_INIT()
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, nranks)
  call session_errors_and_buffer()
  call request_statuses()
  call info_strings()
  call persistent_alltoallw()
  call large_counts()
  if (rank == 0) print '(2a)', program_name, ': ok'
  call MPI_FINALIZE()
contains
  subroutine session_errors_and_buffer()
    type(MPI_Errhandler) :: handler
    type(MPI_Session) :: session
    type(MPI_Group) :: world
    type(MPI_Comm) :: comm
    type(c_ptr) :: detached
    integer, parameter :: n = 8
    integer, target :: space(64)
    integer :: length, error, size_back, out(n), in(n), i, class
    character(len=8) :: name

    call MPI_SESSION_CREATE_ERRHANDLER(record, handler)
    call MPI_SESSION_INIT(MPI_INFO_NULL, handler, session)
    length = 8
    call MPI_SESSION_GET_NTH_PSET(session, MPI_INFO_NULL, 100000, length, name, error)
    call MPI_ERROR_CLASS(error, class)
    call check(calls == 1 .and. class == MPI_ERR_ARG .and. last_code == error, &
               'the session''s Fortran error handler sees the error')
    call check(last_session == session, 'the session''s Fortran error handler is given the session')
    call MPI_ERRHANDLER_FREE(handler)

    call MPI_GROUP_FROM_SESSION_PSET(session, 'mpi://WORLD', world)
    call MPI_COMM_CREATE_FROM_GROUP(world, 'org.weft.tests.fortran_mpi41', MPI_INFO_NULL, MPI_ERRORS_ARE_FATAL, comm)
    call MPI_SESSION_ATTACH_BUFFER(session, space, int(storage_size(space) / 8 * size(space)))
    out = [(rank * 100 + i, i = 1, n)]
    call MPI_BSEND(out, n, MPI_INTEGER, mod(rank + 1, nranks), 7, comm)
    call MPI_RECV(in, n, MPI_INTEGER, mod(rank + nranks - 1, nranks), 7, comm, MPI_STATUS_IGNORE)
    call check(all(in == [(mod(rank + nranks - 1, nranks) * 100 + i, i = 1, n)]), &
               'a buffered send through the session''s buffer')
    call MPI_SESSION_DETACH_BUFFER(session, detached, size_back)
    call check(c_associated(detached, c_loc(space)) .and. size_back == storage_size(space) / 8 * size(space), &
               'MPI_SESSION_DETACH_BUFFER gives back the buffer and its size')
    call MPI_COMM_FREE(comm)
    call MPI_GROUP_FREE(world)
    call MPI_SESSION_FINALIZE(session)
  end subroutine session_errors_and_buffer

  subroutine request_statuses()
    type(MPI_Request) :: requests(3)
    type(MPI_Status) :: status, statuses(3)
    integer :: values(2), sent(2), index, outcount, indices(3)
    logical :: flag

    requests(1) = MPI_REQUEST_NULL
    call MPI_IRECV(values(1), 1, MPI_INTEGER, 0, 1, MPI_COMM_SELF, requests(2))
    call MPI_IRECV(values(2), 1, MPI_INTEGER, 0, 2, MPI_COMM_SELF, requests(3))
    call MPI_REQUEST_GET_STATUS_ANY(3, requests, index, flag, status)
    call check(.not. flag .and. index == MPI_UNDEFINED, 'nothing complete yet')
    sent = [rank + 10, rank + 20]
    call MPI_SEND(sent(2), 1, MPI_INTEGER, 0, 2, MPI_COMM_SELF)
    call MPI_REQUEST_GET_STATUS_ANY(3, requests, index, flag, status)
    call check(flag .and. index == 3 .and. status%MPI_TAG == 2, 'the third request is complete (index from 1)')
    call check(requests(3) /= MPI_REQUEST_NULL, 'MPI_REQUEST_GET_STATUS_ANY leaves the request')
    call MPI_REQUEST_GET_STATUS_ALL(3, requests, flag, statuses)
    call check(.not. flag, 'not all complete')
    call MPI_SEND(sent(1), 1, MPI_INTEGER, 0, 1, MPI_COMM_SELF)
    call MPI_REQUEST_GET_STATUS_SOME(3, requests, outcount, indices, statuses)
    call check(outcount == 2 .and. all(indices(1:2) == [2, 3]), 'both receives complete (indices from 1)')
    call MPI_REQUEST_GET_STATUS_ALL(3, requests, flag, statuses)
    call check(flag .and. statuses(2)%MPI_TAG == 1 .and. statuses(3)%MPI_TAG == 2, 'all complete, with statuses')
    call MPI_WAITALL(3, requests, MPI_STATUSES_IGNORE)
    call check(all(values == sent), 'the values arrived')
  end subroutine request_statuses

  subroutine info_strings()
    type(MPI_Info) :: info, env
    character(len=32) :: value
    character(len=4) :: cut
    integer :: buflen, nkeys
    logical :: flag

    call MPI_INFO_CREATE(info)
    call MPI_INFO_SET(info, 'weft_key', 'a value of 19 chars')
    buflen = 0
    call MPI_INFO_GET_STRING(info, 'weft_key', buflen, value, flag)
    call check(flag .and. buflen == 19, 'BUFLEN 0 gives the value''s length')
    buflen = len(value)
    call MPI_INFO_GET_STRING(info, 'weft_key', buflen, value, flag)
    call check(flag .and. value == 'a value of 19 chars' .and. buflen == 19, 'the value, blank-padded')
    buflen = len(cut)
    call MPI_INFO_GET_STRING(info, 'weft_key', buflen, cut, flag)
    call check(flag .and. cut == 'a va' .and. buflen == 19, 'a short BUFLEN cuts the value')
    call MPI_INFO_GET_STRING(info, 'no_such_key', buflen, value, flag)
    call check(.not. flag, 'no such key')
    call MPI_INFO_FREE(info)

    call MPI_INFO_CREATE_ENV(env)
    call MPI_INFO_GET_NKEYS(env, nkeys)
    buflen = len(value)
    call MPI_INFO_GET_STRING(env, 'maxprocs', buflen, value, flag)
    call check(nkeys > 0 .and. flag, 'MPI_INFO_CREATE_ENV gives maxprocs')
    call MPI_INFO_FREE(env)
  end subroutine info_strings

  subroutine persistent_alltoallw()
    type(MPI_Request) :: request
    type(MPI_Datatype), allocatable :: types(:)
    type(MPI_Comm) :: ring
    integer, allocatable :: counts(:), displs(:), out(:), in(:)
    integer(kind=MPI_ADDRESS_KIND) :: neighbour_displs(2)
    integer :: round, r, out_ring(2), in_ring(2), ones(2)

    allocate(types(max(nranks, 2)), counts(nranks), displs(nranks), out(nranks), in(nranks))
    types = MPI_INTEGER
    counts = 1
    displs = [((r - 1) * 4, r = 1, nranks)]
    call MPI_ALLTOALLW_INIT(out, counts, displs, types, in, counts, displs, types, MPI_COMM_WORLD, MPI_INFO_NULL, &
                            request)
    do round = 1, 2
      out = [(round * 1000 + rank * 10 + r, r = 0, nranks - 1)]
      call MPI_START(request)
      call MPI_WAIT(request, MPI_STATUS_IGNORE)
      call check(all(in == [(round * 1000 + r * 10 + rank, r = 0, nranks - 1)]), 'MPI_ALLTOALLW_INIT started again')
    end do
    call MPI_REQUEST_FREE(request)

    call MPI_CART_CREATE(MPI_COMM_WORLD, 1, [nranks], [.true.], .false., ring)
    ! The arrays stay as they are until the request is freed: every start reads them.
    ones = 1
    neighbour_displs = [0_MPI_ADDRESS_KIND, 4_MPI_ADDRESS_KIND]
    call MPI_NEIGHBOR_ALLTOALLW_INIT(out_ring, ones, neighbour_displs, types(1:2), in_ring, ones, &
                                     neighbour_displs, types(1:2), ring, MPI_INFO_NULL, request)
    out_ring = [rank * 2, rank * 2 + 1]
    call MPI_START(request)
    call MPI_WAIT(request, MPI_STATUS_IGNORE)
    ! From the left neighbour its message to the right, from the right its message to the left.
    call check(in_ring(1) == mod(rank + nranks - 1, nranks) * 2 + 1 .and. in_ring(2) == mod(rank + 1, nranks) * 2, &
               'MPI_NEIGHBOR_ALLTOALLW_INIT on a ring')
    call MPI_REQUEST_FREE(request)
    call MPI_COMM_FREE(ring)
  end subroutine persistent_alltoallw

  subroutine large_counts()
    integer(kind=MPI_COUNT_KIND), parameter :: three = 3
    integer(kind=MPI_COUNT_KIND) :: count, ni, na, nc, nd, large(1), position, packed_size
    integer(kind=MPI_COUNT_KIND), allocatable :: counts(:)
    integer(kind=MPI_ADDRESS_KIND), allocatable :: displs(:)
    type(MPI_Datatype), allocatable :: types(:)
    type(MPI_Datatype) :: triple, old(1)
    type(MPI_Status) :: status
    type(MPI_Op) :: op
    integer :: out(3), in(3), total(3), combiner, error, integers(1), r, small
    integer(kind=MPI_ADDRESS_KIND) :: addresses(1)
    integer, allocatable :: all_out(:), all_in(:)
    character :: packed(12)

    out = [rank, rank + 1, rank + 2]
    call MPI_SENDRECV(out, three, MPI_INTEGER, 0, 5, in, three, MPI_INTEGER, 0, 5, MPI_COMM_SELF, status)
    call MPI_GET_COUNT(status, MPI_INTEGER, count)
    call check(all(in == out) .and. count == 3, 'MPI_SENDRECV and MPI_GET_COUNT with MPI_COUNT_KIND counts')
    call MPI_ALLREDUCE(out, total, three, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD)
    call check(all(total == [nranks * (nranks - 1) / 2 + [0, nranks, 2 * nranks]]), 'MPI_ALLREDUCE of MPI_COUNT_KIND')

    call MPI_OP_CREATE_C(add_into, .true., op)
    call MPI_ALLREDUCE(out, total, three, MPI_INTEGER, op, MPI_COMM_WORLD)
    call check(all(total == [nranks * (nranks - 1) / 2 + [0, nranks, 2 * nranks]]), &
               'MPI_ALLREDUCE with MPI_OP_CREATE_C')
    ! Some ranks may not combine anything; those that did were given the length as MPI_COUNT_KIND.
    call check(last_length == 3 .or. last_length == -1, &
               'MPI_OP_CREATE_C''s procedure is given an MPI_COUNT_KIND length')
    call MPI_ALLREDUCE(MPI_IN_PLACE, last_length, 1, MPI_INTEGER8, MPI_MAX, MPI_COMM_WORLD)
    call check(last_length == 3 .or. nranks == 1, 'MPI_OP_CREATE_C''s procedure ran')
    call MPI_OP_FREE(op)

    allocate(counts(nranks), displs(nranks), types(nranks), all_out(nranks), all_in(nranks))
    counts = 1
    displs = [(int(r, MPI_ADDRESS_KIND) * 4, r = 0, nranks - 1)]
    types = MPI_INTEGER
    all_out = [(rank * 1000 + r, r = 0, nranks - 1)]
    call MPI_ALLTOALLW(all_out, counts, displs, types, all_in, counts, displs, types, MPI_COMM_WORLD)
    call check(all(all_in == [(r * 1000 + rank, r = 0, nranks - 1)]), 'MPI_ALLTOALLW with MPI_COUNT_KIND counts')

    call MPI_TYPE_CONTIGUOUS(three, MPI_INTEGER, triple)
    call MPI_TYPE_COMMIT(triple)
    call MPI_TYPE_GET_ENVELOPE(triple, ni, na, nc, nd, combiner)
    call check(combiner == MPI_COMBINER_CONTIGUOUS .and. ni == 0 .and. na == 0 .and. nc == 1 .and. nd == 1, &
               'the envelope of a large-count contiguous type')
    call MPI_TYPE_GET_CONTENTS(triple, ni, na, nc, nd, integers, addresses, large, old)
    call check(large(1) == 3 .and. old(1) == MPI_INTEGER, 'the contents of a large-count contiguous type')
    call MPI_COMM_SET_ERRHANDLER(MPI_COMM_WORLD, MPI_ERRORS_RETURN)
    call MPI_TYPE_GET_ENVELOPE(triple, small, small, small, combiner, error)
    call check(error /= MPI_SUCCESS, 'the int envelope refuses a large-count type')
    call MPI_COMM_SET_ERRHANDLER(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL)

    call MPI_PACK_EXTERNAL_SIZE('external32', 1_MPI_COUNT_KIND, triple, packed_size)
    position = 0
    call MPI_PACK_EXTERNAL('external32', out, 1_MPI_COUNT_KIND, triple, packed, int(size(packed), MPI_COUNT_KIND), &
                           position)
    call check(packed_size == 12 .and. position == 12 .and. ichar(packed(4)) == mod(rank, 256), &
               'MPI_PACK_EXTERNAL with MPI_COUNT_KIND counts (big-endian)')
    in = -1
    position = 0
    call MPI_UNPACK_EXTERNAL('external32', packed, 12_MPI_COUNT_KIND, position, in, 1_MPI_COUNT_KIND, triple)
    call check(all(in == out), 'MPI_UNPACK_EXTERNAL with MPI_COUNT_KIND counts')
    call MPI_TYPE_FREE(triple)
  end subroutine large_counts

  include 'check.inc'
end program fortran_mpi41
