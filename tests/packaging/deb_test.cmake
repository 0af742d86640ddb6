# Builds the Debian package of a build tree with cpack and checks what it holds and depends on. Installing
# it would change the machine, so it is extracted into a scratch folder instead, and a program is built and
# run with the extracted tree's mpicc and mpirun (an installed tree may be anywhere).
#   cmake -DCPACK=<cpack> -DBUILD_DIR=<build tree> -DVERSION=<Weft's version> -DLIBDIR=<library folder>
#         -DSOURCE=<allreduce.c> -DWORK_DIR=<scratch folder> -P deb_test.cmake
include(${CMAKE_CURRENT_LIST_DIR}/../tools/check_command.cmake)

file(REMOVE_RECURSE "${WORK_DIR}")
weft_check_command(STATUS 0 COMMAND ${CPACK} -G DEB --config ${BUILD_DIR}/CPackConfig.cmake -B ${WORK_DIR})
file(GLOB deb ${WORK_DIR}/weft_${VERSION}_*.deb)
list(LENGTH deb packages)
if(NOT packages EQUAL 1)
  message(FATAL_ERROR "cpack made `${deb}`, not one weft_${VERSION}_<architecture>.deb")
endif()

# Symbolic links are listed as `<path> -> <target>`.
weft_check_command(STATUS 0 COMMAND dpkg-deb --contents ${deb})
foreach(path IN ITEMS bin/mpicc bin/mpicxx bin/mpirun bin/mpiexec include/mpi.h ${LIBDIR}/libweft.so
                      ${LIBDIR}/weft/weft-privatize.so ${LIBDIR}/pkgconfig/mpi.pc ${LIBDIR}/pkgconfig/weft.pc
                      ${LIBDIR}/cmake/Weft/WeftConfig.cmake share/modulefiles/weft/${VERSION})
  if(NOT WEFT_CHECK_OUTPUT MATCHES " \\./opt/weft/${path}( ->|\n)")
    message(FATAL_ERROR "the package holds no /opt/weft/${path}; its contents:\n${WEFT_CHECK_OUTPUT}")
  endif()
endforeach()
weft_check_command(STATUS 0 COMMAND dpkg-deb --field ${deb} Depends)
foreach(package IN ITEMS clang-19 libboost-context libhwloc libfabric libpmix)
  if(NOT WEFT_CHECK_OUTPUT MATCHES "(^|, )${package}")
    message(FATAL_ERROR "the package does not depend on ${package}: Depends: ${WEFT_CHECK_OUTPUT}")
  endif()
endforeach()

weft_check_command(STATUS 0 COMMAND dpkg-deb --extract ${deb} ${WORK_DIR}/root)
set(tree ${WORK_DIR}/root/opt/weft)
weft_check_command(STATUS 0 COMMAND ${tree}/bin/mpicc ${SOURCE} -o ${WORK_DIR}/allreduce)
weft_check_command(STATUS 0 EXPECT "^C: 2 ranks, sum of ranks 1\n$"
  COMMAND ${CMAKE_COMMAND} -E env --unset=LD_LIBRARY_PATH ${tree}/bin/mpirun -n 2 ${WORK_DIR}/allreduce)
