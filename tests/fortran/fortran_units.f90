! Every rank has its own Fortran units, as a process would: all ranks OPEN unit 10, each to its own file,
! at once; each reads back what it wrote, INQUIRE answers its own unit number and file, and NEWUNIT= gives
! numbers no other rank holds.
program fortran_units
  use mpi
  implicit none
  character(*), parameter :: program_name = 'fortran_units'
  integer :: rank, ierr, value, number, other
  character(len=64) :: file_name, inquired
  logical :: opened

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  write(file_name, '(a, i0, a)') 'fortran_units.', rank, '.txt'

  open(unit=10, file=trim(file_name), status='replace', action='readwrite')
  write(10, *) rank * 7
  call MPI_BARRIER(MPI_COMM_WORLD, ierr)  ! every rank's unit 10 is open now
  rewind(10)
  read(10, *) value
  call check(value == rank * 7, 'unit 10 holds what this rank wrote')
  inquire(file=trim(file_name), number=number, opened=opened)
  call check(opened .and. number == 10, 'INQUIRE(FILE=) answers unit 10')
  inquire(unit=10, name=inquired)
  call check(index(inquired, trim(file_name)) > 0, 'INQUIRE(UNIT=10) names this rank''s file')

  open(newunit=other, file=trim(file_name)//'.new', status='replace')
  write(other, *) rank
  call MPI_BARRIER(MPI_COMM_WORLD, ierr)
  close(other, status='delete')
  call MPI_BARRIER(MPI_COMM_WORLD, ierr)
  close(10, status='delete')
  inquire(unit=10, opened=opened)
  call check(.not. opened, 'unit 10 closed')

  call MPI_BARRIER(MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a)', 'fortran_units: ok'
  call MPI_FINALIZE(ierr)

contains
  include 'check.inc'
end program fortran_units
