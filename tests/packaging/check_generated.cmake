# Regenerates a committed file with `kelvin-cli blocks --format FORMAT` and fails when it differs,
# naming the command that brings it up to date. Run by CTest (library_reference_current,
# library_strings_current):
#   cmake -DCLI=<kelvin-cli> -DFORMAT=<format> -DCOMMITTED=<file> -DWORK_DIR=<scratch> -P check_generated.cmake
get_filename_component(name ${COMMITTED} NAME)
set(fresh ${WORK_DIR}/fresh_${name})
execute_process(COMMAND ${CLI} blocks --format ${FORMAT} OUTPUT_FILE ${fresh} RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "kelvin-cli blocks --format ${FORMAT} failed (${result})")
endif()
file(READ ${fresh} generated)
file(READ ${COMMITTED} committed)
if(NOT generated STREQUAL committed)
  message(FATAL_ERROR "${COMMITTED} is out of date with the block declarations; regenerate it:\n"
                      "  build/app/kelvin-cli blocks --format ${FORMAT} > ${COMMITTED}")
endif()
