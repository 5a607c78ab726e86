# Builds the Debian package with CPack into a scratch directory and checks its contents
# (dpkg-deb -c): both executables, the Python module (when built; it must import from the
# unpacked package), the desktop file, the icon, the metainfo, the man page,
# the translations and every example. Run by CTest as `package_deb`:
#   cmake -DBUILD_DIR=<build> -DEXAMPLES_DIR=<resources/examples> -DWORK_DIR=<scratch> [-DPYTHON=<python3>]
#         -P check_deb.cmake
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
execute_process(COMMAND cpack -G DEB -B ${WORK_DIR} --config ${BUILD_DIR}/CPackConfig.cmake
                RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "cpack failed:\n${output}")
endif()
file(GLOB debs ${WORK_DIR}/*.deb)
list(LENGTH debs count)
if(NOT count EQUAL 1)
  message(FATAL_ERROR "expected one .deb in ${WORK_DIR}, found: ${debs}\n${output}")
endif()
execute_process(COMMAND dpkg-deb -c ${debs} RESULT_VARIABLE result OUTPUT_VARIABLE listing ERROR_VARIABLE error)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "dpkg-deb -c failed: ${error}")
endif()
execute_process(COMMAND dpkg-deb -f ${debs} Package Version Depends OUTPUT_VARIABLE fields)
message(STATUS "${debs}:\n${fields}")
set(expected
  ./usr/bin/kelvin
  ./usr/bin/kelvin-cli
  ./usr/share/applications/kelvin.desktop
  ./usr/share/icons/hicolor/scalable/apps/kelvin.svg
  ./usr/share/metainfo/io.github.kelvin.Kelvin.metainfo.xml
  ./usr/share/mime/packages/kelvin.xml
  ./usr/share/man/man1/kelvin-cli.1.gz
  ./usr/share/kelvin/translations/kelvin_ru.qm
  ./usr/share/kelvin/examples/gallery.json
  ./usr/share/doc/kelvin/library.md)
file(GLOB examples RELATIVE ${EXAMPLES_DIR} ${EXAMPLES_DIR}/*.kelvin)
foreach(example ${examples})
  list(APPEND expected ./usr/share/kelvin/examples/${example})
endforeach()
set(missing "")
foreach(path ${expected})
  string(FIND "${listing}" " ${path}\n" found)
  if(found EQUAL -1)
    list(APPEND missing ${path})
  endif()
endforeach()
if(missing)
  message(FATAL_ERROR "missing from the package: ${missing}\nlisting:\n${listing}")
endif()
# The programs that were packaged report their version (kelvin without a display).
foreach(program kelvin kelvin-cli)
  execute_process(COMMAND ${BUILD_DIR}/app/${program} --version OUTPUT_VARIABLE version RESULT_VARIABLE result)
  if(NOT result EQUAL 0 OR NOT version MATCHES "0\\.[0-9]+\\.[0-9]+")
    message(FATAL_ERROR "${program} --version failed (${result}): ${version}")
  endif()
endforeach()
# The Python module, installed into Debian's Python path, imports and runs from the package alone.
if(PYTHON)
  set(site ./usr/lib/python3/dist-packages/kelvin)
  string(FIND "${listing}" " ${site}/__init__.py\n" found)
  if(found EQUAL -1 OR NOT listing MATCHES " ${site}/_kelvin[^ \n]*\\.so\n")
    message(FATAL_ERROR "the Python module is missing from the package:\n${listing}")
  endif()
  execute_process(COMMAND dpkg-deb -x ${debs} ${WORK_DIR}/root RESULT_VARIABLE result)
  execute_process(
    COMMAND ${CMAKE_COMMAND} -E env PYTHONPATH=${WORK_DIR}/root/usr/lib/python3/dist-packages
            ${PYTHON} -c "import math, kelvin; r = kelvin.load('${EXAMPLES_DIR}/rc_lowpass.kelvin').simulate(signals=['C1.v']); assert abs(r['C1.v'][-1] - (1 - math.exp(-5))) < 1e-5; print(kelvin.__file__)"
    RESULT_VARIABLE result OUTPUT_VARIABLE imported ERROR_VARIABLE error)
  if(NOT result EQUAL 0 OR NOT imported MATCHES "^${WORK_DIR}/root/")
    message(FATAL_ERROR "import kelvin from the package failed (${result}): ${imported}${error}")
  endif()
  message(STATUS "import kelvin from the package: ${imported}")
endif()
list(LENGTH expected checked)
message(STATUS "all ${checked} expected files are in the package")
