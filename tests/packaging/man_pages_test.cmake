# Checks the man pages of an installed tree: one for each tool and each of its other names, rendered by man
# with the tool's options and without the path of the build tree they were written in.
#   cmake -DTREE=<installed tree> -DMANDIR=<its man folder> -DBUILD_DIR=<build tree> -P man_pages_test.cmake
include(${CMAKE_CURRENT_LIST_DIR}/../tools/check_command.cmake)

set(pages mpirun mpiexec mpicc weftcc mpicxx weftcxx mpic++ mpiCC weft-info)
set(options --hosts --hosts -showme:link -showme:link -no-privatize -no-privatize -no-privatize -no-privatize
            --parsable)
foreach(page option IN ZIP_LISTS pages options)
  weft_check_command(STATUS 0 EXPECT "\n +${option}[ ,\n]" REJECT "${BUILD_DIR}"
                     COMMAND ${CMAKE_COMMAND} -E env LC_ALL=C MANWIDTH=80 man -l ${TREE}/${MANDIR}/man1/${page}.1)
endforeach()
