# Compiles fortran_state.f90 with flang and the privatizing pass, at -O0 and -O2, and checks that the
# module variable, the SAVE variable and the COMMON block landed in the per-rank sections (weft_priv, or
# weft_zero for what starts as zeros).
#   cmake -DFLANG=<flang-new-19> -DPLUGIN=<weft-privatize.so> -DOBJDUMP=<objdump> -DSOURCE=<f90>
#         -DWORK_DIR=<dir> -P fortran_check.cmake
file(MAKE_DIRECTORY ${WORK_DIR})
foreach(level -O0 -O2)
  set(object ${WORK_DIR}/fortran_state${level}.o)
  execute_process(COMMAND ${FLANG} ${level} -fpass-plugin=${PLUGIN} -c ${SOURCE} -o ${object}
                  WORKING_DIRECTORY ${WORK_DIR} RESULT_VARIABLE status ERROR_VARIABLE errors)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "flang ${level} with the pass failed (${status}):\n${errors}")
  endif()
  execute_process(COMMAND ${OBJDUMP} -t ${object} OUTPUT_VARIABLE symbols RESULT_VARIABLE status)
  foreach(symbol IN ITEMS _QMstateEmodule_counter _QFbumpEcalls blk_)
    if(NOT symbols MATCHES "weft_(priv|zero)[^\n]* ${symbol}\n")
      message(FATAL_ERROR "${level}: ${symbol} is not in a per-rank section (weft_priv, weft_zero):\n${symbols}")
    endif()
  endforeach()
endforeach()
message(STATUS "flang privatized the module, SAVE and COMMON variables at -O0 and -O2")
