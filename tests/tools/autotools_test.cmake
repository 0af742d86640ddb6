# Builds autotools_project as an autotools user builds a project, in a copy of it: autoreconf -i, then
# ./configure CC=mpicc FC=mpifort and make; runs its C and Fortran programs with 4 ranks.
#   cmake -DWEFT_BIN=<build>/bin -DPROJECT_DIR=<autotools_project> -DWORK_DIR=<scratch folder>
#         -P autotools_test.cmake
include(${CMAKE_CURRENT_LIST_DIR}/check_command.cmake)

foreach(variable IN ITEMS WEFT_BIN PROJECT_DIR WORK_DIR)
  if(NOT DEFINED ${variable})
    message(FATAL_ERROR "autotools_test.cmake needs -D${variable}=...")
  endif()
endforeach()
file(REMOVE_RECURSE "${WORK_DIR}")
file(COPY "${PROJECT_DIR}/" DESTINATION "${WORK_DIR}")

weft_check_command(STATUS 0 COMMAND autoreconf -i WORKING_DIRECTORY "${WORK_DIR}")
weft_check_command(STATUS 0 EXPECT "checking whether ${WEFT_BIN}/mpifort compiles use mpi_f08... yes"
  COMMAND ./configure CC=${WEFT_BIN}/mpicc FC=${WEFT_BIN}/mpifort WORKING_DIRECTORY "${WORK_DIR}")
weft_check_command(STATUS 0 COMMAND make WORKING_DIRECTORY "${WORK_DIR}")
weft_check_command(STATUS 0 EXPECT "C: sum of ranks 6\n" COMMAND ${WEFT_BIN}/mpirun -n 4 ${WORK_DIR}/sum_c)
weft_check_command(STATUS 0 EXPECT "Fortran: sum of ranks 6\n"
  COMMAND ${WEFT_BIN}/mpirun -n 4 ${WORK_DIR}/sum_fortran)
