# Builds an MPI program outside the wrappers, with a plain compiler and the flags pkg-config reads from an
# installed tree's mpi.pc, and runs it with that tree's mpirun on 2 ranks, which refuses it (it was not
# privatized) unless WEFT_SHARED_GLOBALS=1; checks that weft.pc, mpi-c.pc and mpi-cxx.pc are there too.
#   cmake -DTREE=<installed tree> -DLIBDIR=<its library folder> -DVERSION=<Weft's version> -DCOMPILER=<cc>
#         -DSOURCE=<allreduce.c> -DWORK_DIR=<scratch folder> -P pkg_config_test.cmake
include(${CMAKE_CURRENT_LIST_DIR}/../tools/check_command.cmake)

file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
set(pkg_config ${CMAKE_COMMAND} -E env PKG_CONFIG_PATH=${TREE}/${LIBDIR}/pkgconfig pkg-config)
foreach(module IN ITEMS weft mpi mpi-c mpi-cxx)
  weft_check_command(STATUS 0 EXPECT "^${VERSION}\n$" COMMAND ${pkg_config} --modversion ${module})
endforeach()

weft_check_command(STATUS 0 COMMAND ${pkg_config} --cflags --libs mpi)
separate_arguments(flags UNIX_COMMAND "${WEFT_CHECK_OUTPUT}")
weft_check_command(STATUS 0 COMMAND ${COMPILER} ${SOURCE} -o ${WORK_DIR}/allreduce ${flags})
# No LD_LIBRARY_PATH: the program finds libweft through the rpath of the flags.
weft_check_command(STATUS 1 EXPECT "built without Weft's privatization of globals.*WEFT_SHARED_GLOBALS=1"
  COMMAND ${CMAKE_COMMAND} -E env --unset=LD_LIBRARY_PATH ${TREE}/bin/mpirun -n 2 ${WORK_DIR}/allreduce)
weft_check_command(STATUS 0 EXPECT "^C: 2 ranks, sum of ranks 1\n$"
  COMMAND ${CMAKE_COMMAND} -E env --unset=LD_LIBRARY_PATH WEFT_SHARED_GLOBALS=1 ${TREE}/bin/mpirun -n 2
          ${WORK_DIR}/allreduce)
