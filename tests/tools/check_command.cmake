# weft_check_command(STATUS <n> [EXPECT <regex>] [REJECT <regex>] COMMAND <command> [args...])
#
# Runs a command in CMake script mode and fails the calling test unless it exits with STATUS and its
# output (stdout and stderr together, as a user sees them) matches EXPECT and does not match REJECT.
# An empty EXPECT or REJECT is no check. The output is returned in WEFT_CHECK_OUTPUT.
function(weft_check_command)
  cmake_parse_arguments(PARSE_ARGV 0 check "" "STATUS;EXPECT;REJECT;WORKING_DIRECTORY" "COMMAND")
  if(NOT check_WORKING_DIRECTORY)
    set(check_WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
  endif()
  execute_process(COMMAND ${check_COMMAND}
                  WORKING_DIRECTORY ${check_WORKING_DIRECTORY}
                  RESULT_VARIABLE status
                  OUTPUT_VARIABLE output
                  ERROR_VARIABLE output)
  list(JOIN check_COMMAND " " shown)
  if(NOT status STREQUAL check_STATUS)
    message(FATAL_ERROR "`${shown}` exited with ${status}, expected ${check_STATUS}; output:\n${output}")
  endif()
  if(NOT "${check_EXPECT}" STREQUAL "" AND NOT output MATCHES "${check_EXPECT}")
    message(FATAL_ERROR "`${shown}` printed no match for `${check_EXPECT}`; output:\n${output}")
  endif()
  if(NOT "${check_REJECT}" STREQUAL "" AND output MATCHES "${check_REJECT}")
    message(FATAL_ERROR "`${shown}` printed `${CMAKE_MATCH_0}`, which it must not; output:\n${output}")
  endif()
  set(WEFT_CHECK_OUTPUT "${output}" PARENT_SCOPE)
endfunction()
