# Runs one MPI job and judges how it ended.
#
#   cmake -DEXPECT_EXIT=<code> [-DEXPECT_OUTPUT=<regex;...>] [-DEXPECT_LINES=<regex;...>]
#         [-DREJECT_LINES=<regex;...>] -DTIMEOUT=<seconds> -P run_mpi_test.cmake -- <mpirun> <arguments...>
#
# Passes when the job's exit status is EXPECT_EXIT and, if EXPECT_OUTPUT is given, one line of its output
# (stdout and stderr together) matches every one of those regular expressions: "rank 3", "MPI_Recv" and
# "MPI_ERR_TRUNCATE" must be on the same line, not scattered over the output; and, for each regular expression
# of EXPECT_LINES, some line matches it (a report of several lines), and, for each of REJECT_LINES, no line
# does (a message that must not be printed). TIMEOUT is a backstop for a
# launcher that does not stop a hung job itself. The output is always shown, for ctest --output-on-failure.

set(command)
set(seen_separator FALSE)
math(EXPR last_arg "${CMAKE_ARGC} - 1")
foreach(i RANGE ${last_arg})
  if(seen_separator)
    list(APPEND command "${CMAKE_ARGV${i}}")
  elseif("${CMAKE_ARGV${i}}" STREQUAL "--")
    set(seen_separator TRUE)
  endif()
endforeach()
if(NOT command OR NOT DEFINED EXPECT_EXIT OR NOT DEFINED TIMEOUT)
  message(FATAL_ERROR "usage: cmake -DEXPECT_EXIT=... [-DEXPECT_OUTPUT=...] -DTIMEOUT=... -P ${CMAKE_CURRENT_LIST_FILE} -- command...")
endif()

execute_process(COMMAND ${command}
                RESULT_VARIABLE status
                OUTPUT_VARIABLE output
                ERROR_VARIABLE output
                TIMEOUT ${TIMEOUT})
string(JOIN " " shown_command ${command})
message("$ ${shown_command}\n${output}")

set(problems)
if(NOT status MATCHES "^[0-9]+$")
  list(APPEND problems "the launcher did not exit normally: ${status}")
elseif(NOT status EQUAL EXPECT_EXIT)
  list(APPEND problems "the job exited with status ${status}, expected ${EXPECT_EXIT}")
endif()

# Sets <found_var> to whether one line of `text` matches every regular expression of the list `regexes`.
# Line by line with string(FIND): the output may hold ';' and '[', which would confuse a CMake list.
function(find_line text regexes found_var)
  set(found FALSE)
  set(rest "${text}")
  while(NOT found AND NOT rest STREQUAL "")
    string(FIND "${rest}" "\n" newline)
    if(newline EQUAL -1)
      set(line "${rest}")
      set(rest "")
    else()
      string(SUBSTRING "${rest}" 0 ${newline} line)
      math(EXPR newline "${newline} + 1")
      string(SUBSTRING "${rest}" ${newline} -1 rest)
    endif()
    set(found TRUE)
    foreach(regex IN LISTS regexes)
      if(NOT line MATCHES "${regex}")
        set(found FALSE)
        break()
      endif()
    endforeach()
  endwhile()
  set(${found_var} ${found} PARENT_SCOPE)
endfunction()

if(EXPECT_OUTPUT)
  find_line("${output}" "${EXPECT_OUTPUT}" found)
  if(NOT found)
    string(JOIN "\", \"" wanted ${EXPECT_OUTPUT})
    list(APPEND problems "no line of the output matches all of \"${wanted}\"")
  endif()
endif()
foreach(regex IN LISTS EXPECT_LINES)
  find_line("${output}" "${regex}" found)
  if(NOT found)
    list(APPEND problems "no line of the output matches \"${regex}\"")
  endif()
endforeach()
foreach(regex IN LISTS REJECT_LINES)
  find_line("${output}" "${regex}" found)
  if(found)
    list(APPEND problems "a line of the output matches \"${regex}\", which no line may")
  endif()
endforeach()

if(problems)
  string(JOIN "\n  " report ${problems})
  message(FATAL_ERROR "MPI test failed:\n  ${report}")
endif()
