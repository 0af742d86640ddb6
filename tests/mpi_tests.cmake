# Functions that build MPI programs with Weft's own wrappers and register runs of them with its launcher,
# the way a user builds and runs them. Used by mpi/ and privatize/.

# The headers the programs share (mpitest.h and its neighbours, check.inc): a change to one rebuilds them.
file(GLOB WEFT_MPITEST_H ${CMAKE_CURRENT_LIST_DIR}/mpi/*.h ${CMAKE_CURRENT_LIST_DIR}/fortran/*.inc)
set(WEFT_MPICC ${CMAKE_BINARY_DIR}/bin/mpicc)
set(WEFT_MPICXX ${CMAKE_BINARY_DIR}/bin/mpicxx)
set(WEFT_MPIFORT ${CMAKE_BINARY_DIR}/bin/mpifort)
set(WEFT_MPIRUN ${CMAKE_BINARY_DIR}/bin/mpirun)
set(WEFT_RUN_MPI_TEST ${CMAKE_CURRENT_LIST_DIR}/mpi/run_mpi_test.cmake)

# Builds <source> (C, C++ for .cpp, Fortran for .f and .f90) with the wrapper into the build directory, once however many tests
# use it; sets <out_var> to the program's path.
# Sets `out_var` to the wrapper and flags that compile `source`, by its language.
function(weft_mpi_compile_command source out_var)
  if(source MATCHES "\\.cpp$")
    set(${out_var} ${WEFT_MPICXX} -std=c++20 -Wall -Wextra PARENT_SCOPE)
  elseif(source MATCHES "\\.(f|f90)$")
    set(${out_var} ${WEFT_MPIFORT} PARENT_SCOPE)
  else()
    set(${out_var} ${WEFT_MPICC} -std=c11 -Wall -Wextra PARENT_SCOPE)
  endif()
endfunction()

function(weft_build_mpi_program source out_var)
  get_filename_component(program ${source} NAME_WE)
  set(binary ${CMAKE_CURRENT_BINARY_DIR}/${program})
  if(NOT TARGET weft_mpi_${program})
    weft_mpi_compile_command(${source} compile)
    add_custom_command(
      OUTPUT ${binary}
      COMMAND ${compile} -O2 -g -o ${binary} ${CMAKE_CURRENT_SOURCE_DIR}/${source} -lm
      DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${source} ${WEFT_MPITEST_H}
              ${PROJECT_SOURCE_DIR}/mpi_api/include/mpi.h weft weft_start weft_privatize_pass weft_fortran_modules
      COMMENT "Building MPI test program ${program}"
      VERBATIM)
    add_custom_target(weft_mpi_${program} ALL DEPENDS ${binary})
    add_dependencies(weft_mpi_${program} weft_mpirun)
  endif()
  set(${out_var} ${binary} PARENT_SCOPE)
endfunction()

# weft_add_mpi_test(<name> SOURCE <file> | PROGRAM <built program>
#                   [RANKS <n>...]         default 1 2 7 64 1000
#                   [WORKERS <w>...]       default 1 2
#                   [NODES <k>...]         default 1: node processes (mpirun --nodes), each rank count of at
#                                          least k split over them as evenly as it goes
#                   [ARGS <arg>...]        program arguments
#                   [EXPECT_EXIT <code>]            default 0
#                   [EXPECT_OUTPUT <regex>...]      one output line must match them all;
#                                                   default "<program>: ok" when EXPECT_EXIT is 0
#                   [EXPECT_LINES <regex>...]       each must match some output line (reports of several lines)
#                   [REJECT_LINES <regex>...]       none may match any output line (what must stay unsaid)
#                   [ENV <VAR=value>...]
#                   [TIMEOUT <seconds>]    default 30, given to mpirun --timeout
#                   [NOT_SANITIZED])       not registered in a sanitized build (WEFT_SANITIZE): for tests of
#                                          what a sanitizer takes over (fault reports); say why at the call
#
# Registers one test per (nodes, ranks, workers), named mpi.<name>.np<ranks>.w<workers> on one node and
# mpi.<name>.nodes<k>.np<ranks>.w<workers> across k, labelled "mpi" (and "nodes" across nodes).
# In ARGS, EXPECT_OUTPUT and EXPECT_LINES, @NP@ stands for the number of ranks, @MID@ for rank NP/2 and @LAST@ for rank
# NP-1.
function(weft_add_mpi_test name)
  cmake_parse_arguments(PARSE_ARGV 1 T "NOT_SANITIZED" "SOURCE;PROGRAM;EXPECT_EXIT;TIMEOUT"
                        "RANKS;WORKERS;NODES;ARGS;EXPECT_OUTPUT;EXPECT_LINES;REJECT_LINES;ENV")
  if(T_NOT_SANITIZED AND WEFT_SANITIZE)
    return()
  endif()
  if(T_SOURCE)
    weft_build_mpi_program(${T_SOURCE} binary)
  elseif(T_PROGRAM)
    set(binary ${T_PROGRAM})
  else()
    message(FATAL_ERROR "weft_add_mpi_test(${name}): SOURCE or PROGRAM is required")
  endif()
  if(NOT T_RANKS)
    set(T_RANKS 1 2 7 64 1000)
  endif()
  if(NOT T_WORKERS)
    set(T_WORKERS 1 2)
  endif()
  if(NOT T_NODES)
    set(T_NODES 1)
  endif()
  if(NOT DEFINED T_EXPECT_EXIT)
    set(T_EXPECT_EXIT 0)
  endif()
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT 30)
  endif()
  math(EXPR T_TIMEOUT "${T_TIMEOUT} * ${WEFT_SANITIZE_SLOWDOWN}")
  math(EXPR script_timeout "${T_TIMEOUT} + 15")
  math(EXPR ctest_timeout "${T_TIMEOUT} + 30")
  if(NOT T_EXPECT_OUTPUT AND T_EXPECT_EXIT STREQUAL "0")
    get_filename_component(program ${binary} NAME_WE)
    set(T_EXPECT_OUTPUT "${program}: ok")
  endif()

  foreach(np IN LISTS T_RANKS)
    math(EXPR mid "${np} / 2")
    math(EXPR last "${np} - 1")
    set(args)
    foreach(arg IN LISTS T_ARGS)
      string(REPLACE "@NP@" ${np} arg "${arg}")
      string(REPLACE "@MID@" ${mid} arg "${arg}")
      string(REPLACE "@LAST@" ${last} arg "${arg}")
      list(APPEND args "${arg}")
    endforeach()
    set(expect "${T_EXPECT_OUTPUT}")
    set(expect_lines "${T_EXPECT_LINES}")
    foreach(variable expect expect_lines)
      string(REPLACE "@NP@" ${np} ${variable} "${${variable}}")
      string(REPLACE "@MID@" ${mid} ${variable} "${${variable}}")
      string(REPLACE "@LAST@" ${last} ${variable} "${${variable}}")
    endforeach()

    foreach(nodes IN LISTS T_NODES)
      if(np LESS nodes)
        continue()
      endif()
      if(nodes EQUAL 1)
        set(prefix mpi.${name})
        set(node_options)
        set(labels mpi)
      else()
        set(prefix mpi.${name}.nodes${nodes})
        set(node_options --nodes ${nodes})
        set(labels mpi nodes)
      endif()
      foreach(workers IN LISTS T_WORKERS)
        set(test ${prefix}.np${np}.w${workers})
        # mpirun stops a hung job and says so (status 124); the script's and ctest's timeouts are
        # backstops, past mpirun's grace period between SIGTERM and SIGKILL. PROCESSORS keeps ctest -j
        # from running more workers than there are cores.
        math(EXPR processors "${nodes} * ${workers}")
        add_test(NAME ${test}
                 COMMAND ${CMAKE_COMMAND} -DEXPECT_EXIT=${T_EXPECT_EXIT} "-DEXPECT_OUTPUT=${expect}"
                         "-DEXPECT_LINES=${expect_lines}" "-DREJECT_LINES=${T_REJECT_LINES}"
                         -DTIMEOUT=${script_timeout} -P ${WEFT_RUN_MPI_TEST}
                         -- ${WEFT_MPIRUN} --timeout ${T_TIMEOUT} ${node_options} -n ${np} --workers ${workers}
                            ${binary} ${args}
                 WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
        set_tests_properties(${test} PROPERTIES LABELS "${labels}" TIMEOUT ${ctest_timeout} PROCESSORS ${processors})
        if(T_ENV)
          set_tests_properties(${test} PROPERTIES ENVIRONMENT "${T_ENV}")
        endif()
      endforeach()
    endforeach()
  endforeach()
endfunction()


# weft_sanitizer_subset(<label> [TESTS <test>...] [TARGETS <target>...])
# A subset of the suite that a sanitized build of scripts/dev.sh runs (docs/user-guide.md#sanitizers): the
# tests (of the calling directory) get the label, and the target <label> builds what they need, so that the
# sanitized build compiles only that.
function(weft_sanitizer_subset label)
  cmake_parse_arguments(PARSE_ARGV 1 S "" "" "TESTS;TARGETS")
  if(NOT TARGET ${label})
    add_custom_target(${label})
  endif()
  if(S_TARGETS)
    add_dependencies(${label} ${S_TARGETS})
  endif()
  if(S_TESTS)
    set_property(TEST ${S_TESTS} APPEND PROPERTY LABELS ${label})
  endif()
endfunction()
