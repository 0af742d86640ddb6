! Point-to-point from Fortran through `use mpi`: statuses as arrays, requests as integers, the indices
! Waitany and Waitsome report counting from 1, MPI_STATUS(ES)_IGNORE, MPI_PROC_NULL, persistent requests.
program point_to_point
  use mpi
  implicit none
  character(*), parameter :: program_name = 'fortran_point_to_point'
  integer :: rank, nranks, ierr, next, prev, i, index, outcount, count, flag_count
  integer :: status(MPI_STATUS_SIZE), statuses(MPI_STATUS_SIZE, 4), requests(4), indices(4)
  integer :: sent(2), received(2), token
  double precision :: values(5), incoming(5)
  logical :: flag

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, nranks, ierr)
  next = mod(rank + 1, nranks)
  prev = mod(rank + nranks - 1, nranks)

  ! A ring of Sendrecv, the status read through MPI_SOURCE, MPI_TAG and MPI_GET_COUNT.
  values = [(dble(rank * 10 + i), i = 1, 5)]
  call MPI_SENDRECV(values, 5, MPI_DOUBLE_PRECISION, next, 3, incoming, 5, MPI_DOUBLE_PRECISION, prev, 3, &
                    MPI_COMM_WORLD, status, ierr)
  call MPI_GET_COUNT(status, MPI_DOUBLE_PRECISION, count, ierr)
  call check(ierr == MPI_SUCCESS .and. status(MPI_SOURCE) == prev .and. status(MPI_TAG) == 3 .and. count == 5, &
             'sendrecv status')
  call check(all(incoming == [(dble(prev * 10 + i), i = 1, 5)]), 'sendrecv data')

  ! Nonblocking both ways, completed by Waitall with statuses, then by Waitany and Waitsome.
  sent = [rank, -rank]
  call MPI_IRECV(received(1), 1, MPI_INTEGER, prev, 4, MPI_COMM_WORLD, requests(1), ierr)
  call MPI_IRECV(received(2), 1, MPI_INTEGER, next, 5, MPI_COMM_WORLD, requests(2), ierr)
  call MPI_ISEND(sent(1), 1, MPI_INTEGER, next, 4, MPI_COMM_WORLD, requests(3), ierr)
  call MPI_ISEND(sent(2), 1, MPI_INTEGER, prev, 5, MPI_COMM_WORLD, requests(4), ierr)
  call MPI_WAITALL(4, requests, statuses, ierr)
  call MPI_F_SYNC_REG(received)   ! the standard's way to keep received out of registers across the wait
  call check(all(requests == MPI_REQUEST_NULL), 'waitall frees the requests')
  call check(received(1) == prev .and. received(2) == -next, 'waitall data')
  call check(statuses(MPI_SOURCE, 1) == prev .and. statuses(MPI_TAG, 2) == 5, 'waitall statuses')

  token = -1
  call MPI_IRECV(token, 1, MPI_INTEGER, prev, 6, MPI_COMM_WORLD, requests(2), ierr)
  requests(1) = MPI_REQUEST_NULL
  call MPI_SEND(rank, 1, MPI_INTEGER, next, 6, MPI_COMM_WORLD, ierr)
  call MPI_WAITANY(2, requests, index, status, ierr)
  call check(index == 2 .and. token == prev .and. status(MPI_SOURCE) == prev, 'waitany index counts from 1')
  call MPI_WAITANY(2, requests, index, status, ierr)
  call check(index == MPI_UNDEFINED, 'waitany on no active request')

  call MPI_IRECV(token, 1, MPI_INTEGER, prev, 7, MPI_COMM_WORLD, requests(3), ierr)
  requests(1:2) = MPI_REQUEST_NULL
  requests(4) = MPI_REQUEST_NULL
  call MPI_SEND(rank, 1, MPI_INTEGER, next, 7, MPI_COMM_WORLD, ierr)
  call MPI_WAITSOME(4, requests, outcount, indices, statuses, ierr)
  call check(outcount == 1 .and. indices(1) == 3 .and. statuses(MPI_TAG, 1) == 7, 'waitsome indices count from 1')

  ! The sentinels: MPI_STATUS_IGNORE and MPI_STATUSES_IGNORE leave the arrays alone.
  status = -5
  call MPI_SENDRECV(rank, 1, MPI_INTEGER, next, 8, token, 1, MPI_INTEGER, prev, 8, MPI_COMM_WORLD, &
                    MPI_STATUS_IGNORE, ierr)
  call check(token == prev, 'status ignored')
  call MPI_IRECV(token, 1, MPI_INTEGER, prev, 9, MPI_COMM_WORLD, requests(1), ierr)
  call MPI_ISEND(rank, 1, MPI_INTEGER, next, 9, MPI_COMM_WORLD, requests(2), ierr)
  call MPI_WAITALL(2, requests, MPI_STATUSES_IGNORE, ierr)
  call check(token == prev, 'statuses ignored')

  ! MPI_PROC_NULL completes at once with its status.
  call MPI_RECV(token, 1, MPI_INTEGER, MPI_PROC_NULL, 0, MPI_COMM_WORLD, status, ierr)
  call check(status(MPI_SOURCE) == MPI_PROC_NULL .and. status(MPI_TAG) == MPI_ANY_TAG, 'proc null')

  ! Probe, then a receive sized by the probe's count; Iprobe's flag is a LOGICAL.
  call MPI_SEND(values, mod(rank, 5) + 1, MPI_DOUBLE_PRECISION, next, 10, MPI_COMM_WORLD, ierr)
  call MPI_PROBE(MPI_ANY_SOURCE, 10, MPI_COMM_WORLD, status, ierr)
  call MPI_GET_COUNT(status, MPI_DOUBLE_PRECISION, count, ierr)
  call check(count == mod(prev, 5) + 1, 'probe count')
  call MPI_IPROBE(prev, 10, MPI_COMM_WORLD, flag, status, ierr)
  call check(flag, 'iprobe flag')
  call MPI_RECV(incoming, count, MPI_DOUBLE_PRECISION, status(MPI_SOURCE), 10, MPI_COMM_WORLD, status, ierr)
  call MPI_IPROBE(prev, 10, MPI_COMM_WORLD, flag, status, ierr)
  call check(.not. flag, 'iprobe after the receive')

  ! Persistent requests started together; Testall until they complete.
  call MPI_RECV_INIT(token, 1, MPI_INTEGER, prev, 11, MPI_COMM_WORLD, requests(1), ierr)
  call MPI_SEND_INIT(rank, 1, MPI_INTEGER, next, 11, MPI_COMM_WORLD, requests(2), ierr)
  do i = 1, 3
    token = -1
    call MPI_STARTALL(2, requests, ierr)
    flag = .false.
    flag_count = 0
    do while (.not. flag)
      call MPI_TESTALL(2, requests, flag, statuses, ierr)
      flag_count = flag_count + 1
    end do
    call check(token == prev .and. requests(1) /= MPI_REQUEST_NULL, 'persistent round')
  end do
  call MPI_REQUEST_FREE(requests(1), ierr)
  call MPI_REQUEST_FREE(requests(2), ierr)
  call check(requests(1) == MPI_REQUEST_NULL .and. requests(2) == MPI_REQUEST_NULL, 'request free')

  call MPI_BARRIER(MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a)', 'fortran_point_to_point: ok'
  call MPI_FINALIZE(ierr)

contains

  include 'check.inc'
end program point_to_point
