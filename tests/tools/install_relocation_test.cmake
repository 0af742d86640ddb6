# Installs the build tree, moves the installed tree elsewhere, and builds and runs a program with the
# moved tree's wrappers and launcher: nothing in an install may depend on where it was installed.
#   cmake -DBUILD_DIR=<build tree> -DSOURCE_DIR=<find_mpi_project> -DWORK_DIR=<scratch folder>
#         -P install_relocation_test.cmake
include(${CMAKE_CURRENT_LIST_DIR}/check_command.cmake)

foreach(variable IN ITEMS BUILD_DIR SOURCE_DIR WORK_DIR)
  if(NOT DEFINED ${variable})
    message(FATAL_ERROR "install_relocation_test.cmake needs -D${variable}=...")
  endif()
endforeach()
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

weft_check_command(STATUS 0 COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${WORK_DIR}/installed)
# A rename, not a copy: the first location is gone, so any path into it would break the steps below.
file(RENAME "${WORK_DIR}/installed" "${WORK_DIR}/moved")
get_filename_component(prefix "${WORK_DIR}/moved" REALPATH)
set(bin ${prefix}/bin)

foreach(wrapper IN ITEMS mpicc mpicxx weftcc weftcxx)
  weft_check_command(STATUS 0 COMMAND ${bin}/${wrapper} -showme:incdirs)
  if(NOT WEFT_CHECK_OUTPUT STREQUAL "${prefix}/include\n")
    message(FATAL_ERROR "${wrapper} in the moved tree points at `${WEFT_CHECK_OUTPUT}`, "
                        "not at ${prefix}/include")
  endif()
endforeach()

weft_check_command(STATUS 0 COMMAND ${bin}/mpicc ${SOURCE_DIR}/allreduce.c -o ${WORK_DIR}/allreduce_c)
weft_check_command(STATUS 0 COMMAND ${bin}/mpicxx ${SOURCE_DIR}/allreduce.cpp -o ${WORK_DIR}/allreduce_cxx)

weft_check_command(STATUS 0 EXPECT "C: 4 ranks, sum of ranks 6\n"
  COMMAND ${CMAKE_COMMAND} -E env --unset=LD_LIBRARY_PATH
          ${bin}/mpirun -n 4 ${WORK_DIR}/allreduce_c)
weft_check_command(STATUS 0 EXPECT "C\\+\\+: 4 ranks, sum of ranks 6\n"
  COMMAND ${CMAKE_COMMAND} -E env --unset=LD_LIBRARY_PATH
          ${bin}/mpiexec -n 4 ${WORK_DIR}/allreduce_cxx)
