# Installs the build tree for the packaging tests into <WORK_DIR>/tree, through another folder that is then
# renamed, as tests/tools/install_relocation_test.cmake does: whatever the tests find in the tree must work
# there, not only where it was installed.
#   cmake -DBUILD_DIR=<build tree> -DWORK_DIR=<scratch folder> -P install_tree.cmake
include(${CMAKE_CURRENT_LIST_DIR}/../tools/check_command.cmake)

file(REMOVE_RECURSE "${WORK_DIR}")
weft_check_command(STATUS 0 COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${WORK_DIR}/installed)
file(RENAME "${WORK_DIR}/installed" "${WORK_DIR}/tree")
