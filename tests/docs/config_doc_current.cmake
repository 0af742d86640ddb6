# Fails when docs/configuration.md does not begin with what weft-info generates from the settings table
# (the build options after it are written by hand).
execute_process(COMMAND ${INFO} --config-markdown OUTPUT_VARIABLE generated RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "weft-info --config-markdown failed (${status})")
endif()
file(READ ${DOC} documented)
string(LENGTH "${generated}" generated_length)
string(SUBSTRING "${documented}" 0 ${generated_length} documented)
if(NOT generated STREQUAL documented)
  message(FATAL_ERROR "${DOC} is out of date: regenerate its table with `weft-info --config-markdown` (keep the build options after it)")
endif()
