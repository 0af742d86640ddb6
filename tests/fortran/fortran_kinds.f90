! Fortran's kinds as MPI datatypes: MPI_TYPE_CREATE_F90_REAL, _COMPLEX and _INTEGER give the type of the
! kind SELECTED_REAL_KIND / SELECTED_INT_KIND selects, reductions on them are exact, and
! MPI_TYPE_MATCH_SIZE answers Fortran's types (a 16-byte REAL is binary128, not C's long double), with
! the size MPI_SIZEOF gives of a variable.
program fortran_kinds
  use mpi
  implicit none
  character(*), parameter :: program_name = 'fortran_kinds'
  integer, parameter :: quad = selected_real_kind(30), long = selected_int_kind(15), dp = selected_real_kind(15, 300)
  real(quad) :: q, q_sum
  integer(long) :: big, big_sum
  complex(dp) :: z, z_sum
  integer :: rank, nranks, ierr, quad_type, long_type, complex_type, matched, n_ints, n_addrs, n_types, combiner
  integer :: arguments(2), error
  integer(kind=MPI_ADDRESS_KIND) :: no_addresses(1)
  integer :: no_types(1), element_size
  double precision :: matrix(3, 3)

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, nranks, ierr)

  call MPI_TYPE_CREATE_F90_REAL(30, MPI_UNDEFINED, quad_type, ierr)
  ! 1 + 1e-30 survives only in binary128: a sum in x87's precision would lose it.
  q = 1.0_quad + 1.0e-30_quad
  call MPI_ALLREDUCE(q, q_sum, 1, quad_type, MPI_SUM, MPI_COMM_WORLD, ierr)
  call check(q_sum == nranks * q, 'REAL(quad) sum')
  call MPI_TYPE_GET_ENVELOPE(quad_type, n_ints, n_addrs, n_types, combiner, ierr)
  call check(combiner == MPI_COMBINER_F90_REAL .and. n_ints == 2, 'F90_REAL envelope')
  call MPI_TYPE_GET_CONTENTS(quad_type, 2, 0, 0, arguments, no_addresses, no_types, ierr)
  call check(arguments(1) == 30 .and. arguments(2) == MPI_UNDEFINED, 'F90_REAL contents')
  call MPI_SIZEOF(q, element_size, ierr)
  call check(element_size == 16, 'MPI_SIZEOF of a REAL(quad)')
  call MPI_TYPE_MATCH_SIZE(MPI_TYPECLASS_REAL, element_size, matched, ierr)
  call check(matched == MPI_REAL16, 'a 16-byte REAL is MPI_REAL16')
  call MPI_SIZEOF(matrix, element_size, ierr)
  call check(element_size == 8, 'MPI_SIZEOF of an array gives its element''s size')
  call MPI_SIZEOF(z, element_size, ierr)
  call check(element_size == 16, 'MPI_SIZEOF of a COMPLEX(dp)')
  call MPI_TYPE_MATCH_SIZE(MPI_TYPECLASS_INTEGER, 8, matched, ierr)
  call check(matched == MPI_INTEGER8, 'an 8-byte INTEGER is MPI_INTEGER8')

  call MPI_TYPE_CREATE_F90_INTEGER(15, long_type, ierr)
  big = 4000000000_long + rank
  call MPI_ALLREDUCE(big, big_sum, 1, long_type, MPI_SUM, MPI_COMM_WORLD, ierr)
  call check(big_sum == 4000000000_long * nranks + nranks * (nranks - 1) / 2, 'INTEGER(long) sum')

  call MPI_TYPE_CREATE_F90_COMPLEX(15, 300, complex_type, ierr)
  z = cmplx(1, rank, kind=dp)
  call MPI_ALLREDUCE(z, z_sum, 1, complex_type, MPI_SUM, MPI_COMM_WORLD, ierr)
  call check(z_sum == cmplx(nranks, nranks * (nranks - 1) / 2, kind=dp), 'COMPLEX(dp) sum')

  ! The same arguments give the same type; such types are predefined and cannot be freed.
  call MPI_TYPE_CREATE_F90_REAL(30, MPI_UNDEFINED, matched, ierr)
  call check(matched == quad_type, 'the same type again')
  call MPI_COMM_SET_ERRHANDLER(MPI_COMM_WORLD, MPI_ERRORS_RETURN, ierr)
  call MPI_TYPE_FREE(matched, error)
  call check(error /= MPI_SUCCESS, 'freeing a parameterized type is refused')
  call MPI_TYPE_CREATE_F90_REAL(40, MPI_UNDEFINED, matched, error)
  call check(error /= MPI_SUCCESS, 'no kind has 40 digits')

  call MPI_BARRIER(MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a)', 'fortran_kinds: ok'
  call MPI_FINALIZE(ierr)

contains
  include 'check.inc'
end program fortran_kinds
