# Fails when docs/configuration.md differs from what weft-info generates from the settings table.
execute_process(COMMAND ${INFO} --config-markdown OUTPUT_VARIABLE generated RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "weft-info --config-markdown failed (${status})")
endif()
file(READ ${DOC} documented)
if(NOT generated STREQUAL documented)
  message(FATAL_ERROR "${DOC} is out of date: regenerate it with `weft-info --config-markdown > docs/configuration.md`")
endif()
