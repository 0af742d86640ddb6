# Builds find_weft_project, which uses find_package(Weft), against an installed tree with the given
# compilers, and runs its programs with the tree's mpirun on 2 ranks.
#   cmake -DTREE=<installed tree> -DPROJECT_DIR=<find_weft_project> -DWORK_DIR=<scratch folder>
#         -DGENERATOR=<CMake generator> -DMAKE_PROGRAM=<its build tool> -DC_COMPILER=<cc> -DCXX_COMPILER=<c++>
#         -DFOUND=<globals found per rank: 0 when privatized, 1 of 2 ranks when shared (then the programs are
#                 first refused, and run with WEFT_SHARED_GLOBALS=1)>
#         [-DWARNING=<regex the configuration's output must match>] -P find_package_test.cmake
# Without WARNING, the configuration must print no warning at all.
include(${CMAKE_CURRENT_LIST_DIR}/../tools/check_command.cmake)

file(REMOVE_RECURSE "${WORK_DIR}")
weft_check_command(STATUS 0
  COMMAND ${CMAKE_COMMAND} -S ${PROJECT_DIR} -B ${WORK_DIR} -G ${GENERATOR} -DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}
          -DCMAKE_C_COMPILER=${C_COMPILER} -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DCMAKE_PREFIX_PATH=${TREE})
# CMake wraps a warning's lines wherever a word ends.
string(REGEX REPLACE "[ \n]+" " " output "${WEFT_CHECK_OUTPUT}")
if(DEFINED WARNING AND NOT output MATCHES "${WARNING}")
  message(FATAL_ERROR "configuring printed no match for `${WARNING}`; output:\n${WEFT_CHECK_OUTPUT}")
elseif(NOT DEFINED WARNING AND output MATCHES "CMake Warning")
  message(FATAL_ERROR "configuring printed a warning; output:\n${WEFT_CHECK_OUTPUT}")
endif()
weft_check_command(STATUS 0 COMMAND ${CMAKE_COMMAND} --build ${WORK_DIR})

set(programs rank_global_c rank_global_cxx)
set(languages C "C\\+\\+")
set(run ${CMAKE_COMMAND} -E env --unset=LD_LIBRARY_PATH)
foreach(program language IN ZIP_LISTS programs languages)
  set(shared "")
  if(FOUND)
    weft_check_command(STATUS 1 EXPECT "built without Weft's privatization of globals"
      COMMAND ${run} ${TREE}/bin/mpirun -n 2 ${WORK_DIR}/${program})
    set(shared WEFT_SHARED_GLOBALS=1)
  endif()
  weft_check_command(STATUS 0 EXPECT "^${language}: ${FOUND} of the ranks found another rank's global\n$"
    COMMAND ${run} ${shared} ${TREE}/bin/mpirun -n 2 ${WORK_DIR}/${program})
endforeach()
