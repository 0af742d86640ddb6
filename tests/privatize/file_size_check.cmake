# Fails when FILE is larger than MAX_BYTES.
#   cmake -DFILE=<path> -DMAX_BYTES=<n> -P file_size_check.cmake
file(SIZE ${FILE} bytes)
if(bytes GREATER MAX_BYTES)
  message(FATAL_ERROR "${FILE} is ${bytes} bytes, more than ${MAX_BYTES}")
endif()
message(STATUS "${FILE}: ${bytes} bytes")
