#pragma once
// The component library: every block type Kelvin offers, declared once.
// The application calls registerAll at start-up; the registry is read-only after.

namespace kelvin::core {
class BlockRegistry;
}

namespace kelvin::blocks {

/// Adds every component type of the library to `registry`.
/// Throws std::logic_error if a type is already registered.
void registerAll(core::BlockRegistry& registry);

}  // namespace kelvin::blocks
