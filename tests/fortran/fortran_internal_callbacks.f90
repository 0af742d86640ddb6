! Internal procedures (after CONTAINS, reaching the host's variables) passed to MPI as callbacks: an
! error handler and a reduction operation. flang calls such a procedure through a trampoline it writes
! on the stack, so a rank's stack must be executable when the program asks for one (its PT_GNU_STACK).
program fortran_internal_callbacks
  use mpi
  implicit none
  character(*), parameter :: program_name = 'fortran_internal_callbacks'
  integer :: rank, size, error, handler, op, calls, last_code, op_calls, all_op_calls
  integer :: values(3), results(3)
  calls = 0
  op_calls = 0
  last_code = MPI_SUCCESS
  call MPI_INIT(error)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, error)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, size, error)

  call MPI_COMM_CREATE_ERRHANDLER(note_error, handler, error)
  call MPI_COMM_SET_ERRHANDLER(MPI_COMM_WORLD, handler, error)
  ! A negative count: the handler counts the error in this program's variables, the call returns it.
  call MPI_SEND(values, -1, MPI_INTEGER, 0, 0, MPI_COMM_WORLD, error)
  call check(error == MPI_ERR_COUNT, 'the send did not return MPI_ERR_COUNT')
  call check(calls == 1 .and. last_code == MPI_ERR_COUNT, 'the internal error handler did not run once')

  call MPI_OP_CREATE(count_and_take_larger, .true., op, error)
  values = [rank, -rank, rank * 2]
  call MPI_ALLREDUCE(values, results, 3, MPI_INTEGER, op, MPI_COMM_WORLD, error)
  call check(all(results == [size - 1, 0, 2 * (size - 1)]), 'wrong reduction through the internal operation')
  ! Which ranks combine depends on the algorithm; together they must have, in their own variables.
  call MPI_ALLREDUCE(op_calls, all_op_calls, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, error)
  call check(op_calls >= 0, 'the internal operation was given another datatype')
  call check(size == 1 .or. all_op_calls > 0, 'the internal operation never counted its calls')
  call check(calls == 1, 'the error handler ran again')
  call MPI_OP_FREE(op, error)
  call MPI_ERRHANDLER_FREE(handler, error)

  call MPI_BARRIER(MPI_COMM_WORLD, error)
  if (rank == 0) print '(2a)', program_name, ': ok'
  call MPI_FINALIZE(error)
contains
  include 'check.inc'

  subroutine note_error(comm, code)
    integer :: comm, code
    calls = calls + 1
    last_code = code
    if (comm == MPI_COMM_NULL) calls = -1000
  end subroutine note_error

  ! The larger of each pair, counting its calls in the host's variable.
  subroutine count_and_take_larger(in, inout, length, datatype)
    integer, intent(in) :: length, datatype
    integer, intent(in) :: in(length)
    integer, intent(inout) :: inout(length)
    op_calls = op_calls + 1
    inout = max(in, inout)
    if (datatype /= MPI_INTEGER) op_calls = -1000
  end subroutine count_and_take_larger
end program fortran_internal_callbacks
