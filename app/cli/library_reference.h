#pragma once
// The block library reference (docs/library.md), written from the block
// declarations in the registry so that it never drifts from the code: per
// family, every block with its type name, description, ports (domain,
// direction, description) and parameters (unit, default, bounds,
// description). `kelvin-cli blocks --format markdown` prints it; a test
// compares the committed docs/library.md with it.

#include <iosfwd>

#include "elaborate/block_registry.h"

namespace kelvin::cli {

void writeLibraryReference(std::ostream& out, const core::BlockRegistry& registry);

}  // namespace kelvin::cli
