# Checks one command for a CTest test:
#   cmake -DSTATUS=<n> [-DEXPECT=<regex>] [-DREJECT=<regex>] -P run_and_check.cmake -- <command> [args...]
# WILL_FAIL or PASS_REGULAR_EXPRESSION alone cannot check both the exit status and the message.
include(${CMAKE_CURRENT_LIST_DIR}/check_command.cmake)

set(command)
set(in_command FALSE)
math(EXPR last "${CMAKE_ARGC} - 1")
foreach(index RANGE ${last})
  if(in_command)
    list(APPEND command "${CMAKE_ARGV${index}}")
  elseif(CMAKE_ARGV${index} STREQUAL "--")
    set(in_command TRUE)
  endif()
endforeach()
if(NOT command)
  message(FATAL_ERROR "usage: cmake -DSTATUS=<n> [-DEXPECT=<regex>] [-DREJECT=<regex>] "
                      "-P run_and_check.cmake -- <command> [args...]")
endif()

# Quoted one by one: a regex with brackets would not survive as an element of a CMake list.
weft_check_command(STATUS "${STATUS}" EXPECT "${EXPECT}" REJECT "${REJECT}" COMMAND ${command})
