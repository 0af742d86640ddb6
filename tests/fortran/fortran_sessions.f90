! Sessions from Fortran (use mpi_f08), before MPI_INIT and inside the World Model: the process sets by
! index (PSET_LEN 0 asking for a name's length, a short PSET_LEN cutting the name, blank padding), the
! size of mpi://WORLD in its info and group, a communicator from a group with a string tag carrying an
! allreduce, and an intercommunicator between the even and the odd ranks.
program fortran_sessions
  use mpi_f08
  implicit none
  character(*), parameter :: program_name = 'fortran_sessions'
  integer :: rank = -1

  call session_round(.false.)
  call MPI_INIT()
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank)
  call session_round(.true.)
  if (rank == 0) print '(2a)', program_name, ': ok'
  call MPI_FINALIZE()
contains
  subroutine session_round(in_world)
    logical, intent(in) :: in_world
    type(MPI_Session) :: session
    type(MPI_Group) :: world, side(0:1)
    type(MPI_Comm) :: comm, inter
    type(MPI_Info) :: info
    character(len=MPI_MAX_PSET_NAME_LEN) :: name
    character(len=8) :: cut
    character(len=MPI_MAX_INFO_VAL) :: value
    integer :: count, n, length, nworld, group_size, total, color, i, error, remote_size
    integer, allocatable :: members(:)
    logical :: found, saw_world

    call MPI_SESSION_INIT(MPI_INFO_NULL, MPI_ERRORS_RETURN, session, error)
    call check(error == MPI_SUCCESS .and. session /= MPI_SESSION_NULL, 'MPI_SESSION_INIT')
    call MPI_SESSION_GET_NUM_PSETS(session, MPI_INFO_NULL, count)
    call check(count >= 3, 'at least three process sets')
    saw_world = .false.
    do n = 0, count - 1
      length = 0
      call MPI_SESSION_GET_NTH_PSET(session, MPI_INFO_NULL, n, length, name)
      call check(length > 0 .and. length <= MPI_MAX_PSET_NAME_LEN, 'PSET_LEN 0 gives the length')
      i = length
      call MPI_SESSION_GET_NTH_PSET(session, MPI_INFO_NULL, n, length, name)
      call check(length == i .and. len_trim(name) == length, 'the name has the length given')
      length = 4
      cut = 'xxxxxxxx'
      call MPI_SESSION_GET_NTH_PSET(session, MPI_INFO_NULL, n, length, cut)
      call check(cut(1:4) == name(1:4) .and. cut(5:8) == '    ' .and. length == i, 'a short PSET_LEN cuts the name')
      if (name == 'mpi://WORLD') saw_world = .true.
    end do
    call check(saw_world, 'mpi://WORLD is listed')

    call MPI_SESSION_GET_PSET_INFO(session, 'mpi://WORLD', info)
    call MPI_INFO_GET(info, 'mpi_size', MPI_MAX_INFO_VAL, value, found)
    call MPI_INFO_FREE(info)
    read (value, *) nworld
    call MPI_GROUP_FROM_SESSION_PSET(session, 'mpi://WORLD', world)
    call MPI_GROUP_SIZE(world, group_size)
    call MPI_GROUP_RANK(world, rank)
    call check(found .and. nworld == group_size, 'mpi_size is the size of the group of mpi://WORLD')

    call MPI_COMM_CREATE_FROM_GROUP(world, 'org.weft.tests.fortran_sessions', MPI_INFO_NULL, MPI_ERRORS_RETURN, comm)
    call MPI_ALLREDUCE(rank + 1, total, 1, MPI_INTEGER, MPI_SUM, comm)
    call check(total == nworld * (nworld + 1) / 2, 'allreduce over the communicator from the group')
    call MPI_COMM_FREE(comm)

    if (nworld >= 2) then
      do color = 0, 1
        members = [(i, i = color, nworld - 1, 2)]
        call MPI_GROUP_INCL(world, size(members), members, side(color))
      end do
      color = mod(rank, 2)
      call MPI_INTERCOMM_CREATE_FROM_GROUPS(side(color), 0, side(1 - color), 0, 'org.weft.tests.fortran_sessions', &
                                            MPI_INFO_NULL, MPI_ERRORS_RETURN, inter, error)
      call check(error == MPI_SUCCESS, 'MPI_INTERCOMM_CREATE_FROM_GROUPS')
      call MPI_COMM_REMOTE_SIZE(inter, remote_size)
      call check(remote_size == merge(nworld / 2, (nworld + 1) / 2, color == 0), 'the other side''s size')
      call MPI_ALLREDUCE(rank, total, 1, MPI_INTEGER, MPI_SUM, inter)
      call check(total == sum([(i, i = 1 - color, nworld - 1, 2)]), 'allreduce across the intercommunicator')
      call MPI_COMM_FREE(inter)
      call MPI_GROUP_FREE(side(0))
      call MPI_GROUP_FREE(side(1))
    end if
    call MPI_GROUP_FREE(world)
    call MPI_SESSION_FINALIZE(session)
    call check(session == MPI_SESSION_NULL, 'MPI_SESSION_FINALIZE resets the handle')
    if (in_world) call MPI_BARRIER(MPI_COMM_WORLD)
  end subroutine session_round

  include 'check.inc'
end program fortran_sessions
