#pragma once
// Short-hands for declaring the ports and parameters of component types, so
// each family file reads as a table of its blocks, and for reading variadic
// inputs while building. Internal to blocks/.

#include <string>
#include <string_view>
#include <vector>

#include "elaborate/component_type.h"

namespace kelvin::blocks {

/// Electrical pin (physical port).
core::PortDecl pin(std::string name, std::string description);
/// Physical port of any domain: a mechanical flange, a hydraulic or thermal port.
core::PortDecl physical(core::Domain domain, std::string name, std::string description);
/// `port` marked as a reference: the component fixes, or integrates, the
/// absolute across value there (ground, fixed flange, inertia, reservoir).
core::PortDecl reference(core::PortDecl port);
/// `port` marked as required: it must be connected (a sensor's port, a source's
/// driven port); any other physical port left unconnected is a free end.
core::PortDecl required(core::PortDecl port);
/// `ports` with every physical one marked required.
std::vector<core::PortDecl> required(std::vector<core::PortDecl> ports);
/// Signal input read from the output wired to it.
core::PortDecl signalInput(std::string name, std::string description);
/// Signal output determined by the block's equations.
core::PortDecl signalOutput(std::string name, std::string description);
/// Variadic signal input `name1..nameN`, N given by inputsParam(); optional
/// inputs read 0 when left unconnected.
core::PortDecl variadicInput(std::string name, bool optional, std::string description);

/// Number parameter without bounds.
core::ParamDecl number(std::string name, std::string unit, std::string defaultValue, std::string description);
/// Number parameter that must be > 0 (a physical magnitude, a period, a frequency).
core::ParamDecl positive(std::string name, std::string unit, std::string defaultValue, std::string description);
/// Number parameter that must be >= 0 (a duration, a delay).
core::ParamDecl nonNegative(std::string name, std::string unit, std::string defaultValue, std::string description);
/// Text parameter, kept as written ("+-", a formula).
core::ParamDecl text(std::string name, std::string defaultValue, std::string description);
/// Vector parameter, "[1 2 3]": polynomial coefficients, highest power first.
core::ParamDecl vector(std::string name, std::string defaultValue, std::string description);
/// Matrix parameter, "[1 2; 3 4]".
core::ParamDecl matrix(std::string name, std::string defaultValue, std::string description);
/// `inputs`: the number N of a variadic port, default 2, at least 1.
core::ParamDecl inputsParam();

/// ":/icons/<family>/<snake_case name>.svg" for "<family>.<Name>" (an acronym stays one word: EMF → emf).
std::string iconFor(std::string_view type);

/// A number as a message shows it: "0.0011", "1e+06" (6 significant digits).
std::string formatValue(double value);

/// The inputs name1..nameN of a variadic port, N = b.variadicCount().
std::vector<core::Expr> variadicInputs(core::ComponentBuilder& b, const std::string& name);

}  // namespace kelvin::blocks
