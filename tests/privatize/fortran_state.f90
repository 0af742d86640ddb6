! flang loads the same pass: a module variable, a SAVE variable and a COMMON block become per rank
! (fortran_check.cmake looks for them in the per-rank section of the object file).
module state
  integer :: module_counter = 3
end module state
subroutine bump(out)
  use state
  integer :: out
  integer, save :: calls = 0
  common /blk/ shared_a, shared_b
  integer :: shared_a, shared_b
  calls = calls + 1
  module_counter = module_counter + 1
  shared_a = shared_a + 1
  out = calls + module_counter + shared_a
end subroutine bump
