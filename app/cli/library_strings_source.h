#pragma once
// The block library's translatable texts as a C++ source for lupdate:
// family titles ("Electrical"), block titles and parameter descriptions, each
// once, as QT_TRANSLATE_NOOP("BlockLibrary", "..."). The GUI translates them
// at display time (gui/i18n/library_text.h). `kelvin-cli blocks --format
// qt-strings` prints it into gui/i18n/library_strings.cpp; a test checks the
// committed file is current.

#include <iosfwd>

#include "elaborate/block_registry.h"

namespace kelvin::cli {

void writeLibraryStringsSource(std::ostream& out, const core::BlockRegistry& registry);

}  // namespace kelvin::cli
