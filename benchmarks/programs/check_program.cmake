# Builds one benchmark program with Weft's mpicc (mpifort for a .f90 program) and runs it briefly, as the
# comparison driver does with every MPI library:
#
#   cmake -DMPICC=<mpicc> -DMPIFORT=<mpifort> -DMPIRUN=<mpirun> -DSOURCE=<program.c|program.f90>
#         -DBINARY=<output> -DRESULTS=ON|OFF [-DFLAGS=<compile flag>] -P check_program.cmake
#
# A Fortran program is compiled after the harness module beside it (bench_common.f90), in a folder of its
# own where the compiler writes the module files.
# Passes when the program builds without warnings, `mpirun -n 2 <program> --quick` exits 0, and every line
# of its standard output is a RESULT line the driver can parse or a '#' comment, with at least one RESULT
# line when RESULTS is ON.

foreach(variable MPICC MPIFORT MPIRUN SOURCE BINARY RESULTS)
  if(NOT DEFINED ${variable})
    message(FATAL_ERROR "check_program.cmake: -D${variable}=... is required")
  endif()
endforeach()

get_filename_component(directory ${BINARY} DIRECTORY)
if(SOURCE MATCHES "[.]f90$")
  get_filename_component(programs ${SOURCE} DIRECTORY)
  set(directory ${BINARY}.modules)
  set(command ${MPIFORT} -O2 -Werror ${FLAGS} -o ${BINARY} ${programs}/bench_common.f90 ${SOURCE})
else()
  set(command ${MPICC} -O2 -std=c11 -Wall -Wextra -Werror ${FLAGS} -o ${BINARY} ${SOURCE})
endif()
file(MAKE_DIRECTORY ${directory})
execute_process(COMMAND ${command} WORKING_DIRECTORY ${directory}
                RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "building ${SOURCE} failed (${status}):\n${output}")
endif()

execute_process(COMMAND ${MPIRUN} --timeout 40 -n 2 ${BINARY} --quick
                RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE errors)
message("$ mpirun -n 2 ${BINARY} --quick\n${output}${errors}")
if(NOT status EQUAL 0)
  message(FATAL_ERROR "the program exited with status ${status}")
endif()

set(results 0)
string(REGEX MATCHALL "[^\n]+" lines "${output}")
foreach(line IN LISTS lines)
  if(line MATCHES "^RESULT [a-z_]+ [0-9]+ [0-9]+\\.[0-9]+ [^ ]+$")
    math(EXPR results "${results} + 1")
  elseif(NOT line MATCHES "^#")
    message(FATAL_ERROR "a line of standard output is neither a RESULT line nor a '#' comment: ${line}")
  endif()
endforeach()
if(RESULTS AND results EQUAL 0)
  message(FATAL_ERROR "the program printed no RESULT line")
elseif(NOT RESULTS AND NOT results EQUAL 0)
  message(FATAL_ERROR "the program printed RESULT lines where it should print none")
endif()
