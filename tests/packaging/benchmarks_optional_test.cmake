# Configures Weft with Google Benchmark hidden, as on a machine without libbenchmark-dev: the configuration
# succeeds and registers no test of the benchmark programs it does not build, while asking for them
# (WEFT_BENCHMARKS=ON) stops it with a message naming the package.
#   cmake -DSOURCE_DIR=<Weft's sources> -DWORK_DIR=<scratch folder> -DGENERATOR=<CMake generator>
#         -DMAKE_PROGRAM=<its build tool> -DC_COMPILER=<cc> -DCXX_COMPILER=<c++> -P benchmarks_optional_test.cmake
include(${CMAKE_CURRENT_LIST_DIR}/../tools/check_command.cmake)

file(REMOVE_RECURSE "${WORK_DIR}")
set(configure ${CMAKE_COMMAND} -S ${SOURCE_DIR} -G ${GENERATOR} -DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}
              -DCMAKE_C_COMPILER=${C_COMPILER} -DCMAKE_CXX_COMPILER=${CXX_COMPILER}
              -DCMAKE_DISABLE_FIND_PACKAGE_benchmark=ON)

weft_check_command(STATUS 0 EXPECT "bench_internals is not built" COMMAND ${configure} -B ${WORK_DIR}/without)
weft_check_command(STATUS 0 EXPECT "bench\\.program\\.pingpong" REJECT "bench\\.internals"
                   COMMAND ${CMAKE_CTEST_COMMAND} --test-dir ${WORK_DIR}/without -N)

weft_check_command(STATUS 1 EXPECT "WEFT_BENCHMARKS is ON but Google Benchmark was not found.*libbenchmark-dev"
                   COMMAND ${configure} -B ${WORK_DIR}/asked -DWEFT_BENCHMARKS=ON)
