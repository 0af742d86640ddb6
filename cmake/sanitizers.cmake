# WEFT_SANITIZE: builds the library, the tools, the unit tests and (through the wrappers, which record the
# flags) every MPI program with the sanitizers named, for the test suite to run under them
# (docs/user-guide.md#sanitizers). The two supported sets are what one process can combine:
#   address,undefined   AddressSanitizer and UndefinedBehaviorSanitizer; any finding ends the program
#   thread              ThreadSanitizer
# Empty (the default): no sanitizer, and the fiber annotations of runtime/sanitizers.hpp compile to nothing.
set(WEFT_SANITIZE "" CACHE STRING "Sanitizers to build with: address,undefined, thread or empty")
set_property(CACHE WEFT_SANITIZE PROPERTY STRINGS "" "address,undefined" "thread")

# The flags that compile and link a sanitized Weft program; the wrappers add them too (tools/mpcc-wrapper).
set(WEFT_SANITIZE_FLAGS)
if(WEFT_SANITIZE STREQUAL "address,undefined")
  # A finding of UBSan ends the program as one of ASan does, so that no test passes over it.
  set(WEFT_SANITIZE_FLAGS -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
elseif(WEFT_SANITIZE STREQUAL "thread")
  set(WEFT_SANITIZE_FLAGS -fsanitize=thread)
elseif(NOT WEFT_SANITIZE STREQUAL "")
  message(FATAL_ERROR "WEFT_SANITIZE=${WEFT_SANITIZE}: use address,undefined, thread or leave it empty")
endif()
if(WEFT_SANITIZE_FLAGS AND NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  message(FATAL_ERROR "WEFT_SANITIZE needs clang: the wrappers' clang-19 links the MPI programs with the "
                      "same sanitizer runtime as the library")
endif()
# WEFT_FUZZ: the fuzzers run under ASan and UBSan, so a fuzzing build is such a build with libFuzzer's
# coverage instrumentation on every layer; its tests and programs run as in any ASan+UBSan build, the
# sanitizer runtime answering the coverage hooks, so one build serves the sanitized tests and the fuzzers.
# The wrappers do not add the coverage flags: only the fuzzers use them.
set(WEFT_COVERAGE_FLAGS)
if(WEFT_FUZZ)
  if(NOT WEFT_SANITIZE STREQUAL "address,undefined")
    message(FATAL_ERROR "WEFT_FUZZ=ON needs -DWEFT_SANITIZE=address,undefined: the fuzzers run under "
                        "AddressSanitizer and UBSan (WEFT_SANITIZE is '${WEFT_SANITIZE}')")
  endif()
  set(WEFT_COVERAGE_FLAGS -fsanitize=fuzzer-no-link)
endif()
add_compile_options(${WEFT_SANITIZE_FLAGS} ${WEFT_COVERAGE_FLAGS})
add_link_options(${WEFT_SANITIZE_FLAGS})
# Sanitized programs run several times slower (ASan about 2x, TSan 5-15x): the tests' time limits are
# multiplied by this.
set(WEFT_SANITIZE_SLOWDOWN 1)
if(WEFT_SANITIZE_FLAGS)
  set(WEFT_SANITIZE_SLOWDOWN 4)
endif()
# libweft is C++: the wrappers link a C program with the sanitizers' C++ runtime too (UBSan's vptr checks,
# the sanitizers' operator new, and the C++ library they refer to).
if(WEFT_SANITIZE_FLAGS)
  set(WEFT_SANITIZE_LINK_FLAGS ${WEFT_SANITIZE_FLAGS} -fsanitize-link-c++-runtime -lstdc++)
endif()

# For code loaded into programs that are not sanitized (the privatizing pass runs inside clang, the Slurm
# tests preload a module into Slurm's daemons): it keeps the plain flags.
function(weft_build_unsanitized target)
  foreach(property COMPILE_OPTIONS LINK_OPTIONS)
    get_target_property(options ${target} ${property})
    if(options)
      list(REMOVE_ITEM options ${WEFT_SANITIZE_FLAGS} ${WEFT_COVERAGE_FLAGS})
      set_target_properties(${target} PROPERTIES ${property} "${options}")
    endif()
  endforeach()
endfunction()
