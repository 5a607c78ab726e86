# Runs lupdate over the GUI sources into a copy of translations/kelvin_ru.ts (the same sources
# and options as the update_translations target) and fails when any Russian string is
# unfinished: a new or changed English text that has no translation yet. Run by CTest as
# `translations_complete`:
#   cmake -DLUPDATE=<lupdate> -DSOURCE_DIR=<repo> -DWORK_DIR=<scratch> -P check_translations.cmake
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
file(COPY ${SOURCE_DIR}/translations/kelvin_ru.ts DESTINATION ${WORK_DIR})
execute_process(COMMAND ${LUPDATE} ${SOURCE_DIR}/gui -extensions cpp,h -no-obsolete -locations none
                        -ts ${WORK_DIR}/kelvin_ru.ts
                RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "lupdate failed:\n${output}")
endif()
message(STATUS "${output}")
file(STRINGS ${WORK_DIR}/kelvin_ru.ts unfinished REGEX "type=\"unfinished\"")
list(LENGTH unfinished count)
if(count GREATER 0)
  file(READ ${WORK_DIR}/kelvin_ru.ts text)
  string(REGEX MATCHALL "<source>[^<]*</source>[ \n\t]*<translation type=\"unfinished\"" pending "${text}")
  message(FATAL_ERROR "${count} Russian strings are unfinished; run `cmake --build build --target update_translations` "
                      "and translate them in translations/kelvin_ru.ts:\n${pending}")
endif()
