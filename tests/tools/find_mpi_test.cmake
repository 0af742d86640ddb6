# Builds find_mpi_project the way a user's project is built: CMake's FindMPI interrogating Weft's mpicc
# and mpicxx for the flags, once with clang 19 (which loads the privatizing pass the flags name) and once
# with gcc, which cannot, so FindMPI passes -no-privatize to the wrappers. Runs each build with 4 ranks.
#   cmake -DWEFT_BIN=<build>/bin -DPROJECT_DIR=<find_mpi_project> -DWORK_DIR=<scratch folder>
#         -DGENERATOR=<CMake generator> -DMAKE_PROGRAM=<its build tool>
#         [-DSANITIZE_LINK_FLAGS=<a sanitized build's link flags>] -P find_mpi_test.cmake
# Against a sanitized build the project links with the sanitizers itself, as a user's must: FindMPI keeps
# only the -Wl, -L and -l items of the wrappers' link line, not the driver's -fsanitize. gcc is left out
# there, since its sanitizer runtime is not the one the library was built against. FORTRAN_PROJECT_DIR, a
# Fortran project, builds with flang 19 through mpifort the same way.
include(${CMAKE_CURRENT_LIST_DIR}/check_command.cmake)

foreach(variable IN ITEMS WEFT_BIN PROJECT_DIR WORK_DIR GENERATOR MAKE_PROGRAM)
  if(NOT DEFINED ${variable})
    message(FATAL_ERROR "find_mpi_test.cmake needs -D${variable}=...")
  endif()
endforeach()
get_filename_component(prefix "${WEFT_BIN}/.." REALPATH)
file(REMOVE_RECURSE "${WORK_DIR}")

function(build_and_run c_compiler cxx_compiler wrapper_flags)
  set(build_dir ${WORK_DIR}/${c_compiler})

  # The wrappers come first in PATH as well as by name, as a user would have them.
  weft_check_command(STATUS 0
    COMMAND ${CMAKE_COMMAND} -E env "PATH=${WEFT_BIN}:$ENV{PATH}"
            ${CMAKE_COMMAND} -S ${PROJECT_DIR} -B ${build_dir}
            -G ${GENERATOR} -DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}
            -DCMAKE_C_COMPILER=${c_compiler} -DCMAKE_CXX_COMPILER=${cxx_compiler}
            -DMPI_C_COMPILER=${WEFT_BIN}/mpicc -DMPI_CXX_COMPILER=${WEFT_BIN}/mpicxx
            "-DMPI_COMPILER_FLAGS=${wrapper_flags}" "-DCMAKE_EXE_LINKER_FLAGS=${SANITIZE_LINK_FLAGS}")
  set(compile_options "MPI_C_COMPILE_OPTIONS: -fpass-plugin=${prefix}/lib/weft/weft-privatize.so")
  if(wrapper_flags STREQUAL "-no-privatize")
    set(compile_options "MPI_C_COMPILE_OPTIONS: \n")
  endif()
  # A sanitized build's link line names the C++ library first (-lstdc++). The mpi modules' procedures and
  # flang's runtime come with every wrapper, for programs with Fortran parts (FindMPI lists the libraries
  # named by path, flang's, before the others).
  set(libraries "${prefix}/lib/libweft_fortran.a;${prefix}/lib/libweft_start.a;${prefix}/lib/libweft.so;")
  if(SANITIZE_LINK_FLAGS)
    set(libraries "libstdc++.so;${libraries}")
  endif()
  foreach(expected IN ITEMS "MPI_C_INCLUDE_DIRS: ${prefix}/include" "${libraries}" "/libFortranRuntime.a;"
                            "-Wl,--wrap=main -Wl,--wrap=exit" "${compile_options}")
    string(FIND "${WEFT_CHECK_OUTPUT}" "${expected}" found)
    if(found EQUAL -1)
      message(FATAL_ERROR "FindMPI did not extract `${expected}` from the wrappers; "
                          "output:\n${WEFT_CHECK_OUTPUT}")
    endif()
  endforeach()

  weft_check_command(STATUS 0 COMMAND ${CMAKE_COMMAND} --build ${build_dir})

  # No LD_LIBRARY_PATH: the programs must find libweft through the rpath the flags gave them.
  weft_check_command(STATUS 0 EXPECT "C: 4 ranks, sum of ranks 6\n"
    COMMAND ${CMAKE_COMMAND} -E env --unset=LD_LIBRARY_PATH
            ${WEFT_BIN}/mpirun -n 4 ${build_dir}/allreduce_c)
  weft_check_command(STATUS 0 EXPECT "C\\+\\+: 4 ranks, sum of ranks 6\n"
    COMMAND ${CMAKE_COMMAND} -E env --unset=LD_LIBRARY_PATH
            ${WEFT_BIN}/mpiexec -n 4 ${build_dir}/allreduce_cxx)
endfunction()

build_and_run(clang-19 clang++-19 "")

# The Fortran component: flang 19, which loads the pass; the module and mpif.h from Weft's include folder.
if(DEFINED FORTRAN_PROJECT_DIR AND DEFINED FORTRAN_COMPILER)
  set(build_dir ${WORK_DIR}/fortran)
  weft_check_command(STATUS 0
    COMMAND ${CMAKE_COMMAND} -E env "PATH=${WEFT_BIN}:$ENV{PATH}"
            ${CMAKE_COMMAND} -S ${FORTRAN_PROJECT_DIR} -B ${build_dir} -G ${GENERATOR}
            -DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM} -DCMAKE_Fortran_COMPILER=${FORTRAN_COMPILER}
            -DMPI_Fortran_COMPILER=${WEFT_BIN}/mpifort "-DCMAKE_EXE_LINKER_FLAGS=${SANITIZE_LINK_FLAGS}")
  foreach(expected IN ITEMS "MPI_Fortran_INCLUDE_DIRS: ${prefix}/include" "${prefix}/lib/libweft_fortran.a"
                            "MPI_Fortran_HAVE_F77_HEADER: TRUE" "MPI_Fortran_HAVE_F90_MODULE: TRUE")
    string(FIND "${WEFT_CHECK_OUTPUT}" "${expected}" found)
    if(found EQUAL -1)
      message(FATAL_ERROR "FindMPI did not find `${expected}` through mpifort; output:\n${WEFT_CHECK_OUTPUT}")
    endif()
  endforeach()
  weft_check_command(STATUS 0 COMMAND ${CMAKE_COMMAND} --build ${build_dir})
  weft_check_command(STATUS 0 EXPECT "Fortran: 4 ranks, sum of ranks 6\n"
    COMMAND ${CMAKE_COMMAND} -E env --unset=LD_LIBRARY_PATH ${WEFT_BIN}/mpirun -n 4 ${build_dir}/allreduce_fortran)
endif()
if(NOT SANITIZE_LINK_FLAGS)
  build_and_run(gcc g++ -no-privatize)
endif()
