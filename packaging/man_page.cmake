# Writes a tool's man page from its --help with help2man. The wrappers' help names their prefix, here the
# build tree; the page says <prefix> instead, since it describes the tool wherever it is installed.
#   cmake -DHELP2MAN=<help2man> -DPROGRAM=<tool> -DDESCRIPTION=<what it does> -DVERSION=<Weft's version>
#         -DBUILD_PREFIX=<build tree> -DOUTPUT=<page> -P man_page.cmake
execute_process(COMMAND ${HELP2MAN} --no-info --section=1 --source=Weft --version-string=${VERSION}
                        --name=${DESCRIPTION} ${PROGRAM}
                OUTPUT_VARIABLE page RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "help2man could not write the man page of ${PROGRAM} (status ${status})")
endif()
# help2man writes each - of the path as roff's \-.
string(REPLACE "-" "\\-" roff_prefix "${BUILD_PREFIX}")
string(REPLACE "${roff_prefix}" "<prefix>" page "${page}")
file(WRITE ${OUTPUT} "${page}")
