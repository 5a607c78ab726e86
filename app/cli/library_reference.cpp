#include "cli/library_reference.h"

#include <cstdio>
#include <map>
#include <ostream>
#include <string>
#include <vector>

namespace kelvin::cli {

namespace {

std::string cell(std::string text) {
  std::string out;
  for (char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out.empty() ? "—" : out;
}

std::string direction(const core::PortDecl& port) {
  switch (port.direction) {
    case core::PortDirection::Input: return port.optional ? "input (optional)" : "input";
    case core::PortDirection::Output: return "output";
    case core::PortDirection::Physical: return port.required ? "physical (must be connected)" : "physical";
  }
  return {};
}

std::string number(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%g", value);
  return buffer;
}

std::string bounds(const core::ParamDecl& p) {
  if (!p.min && !p.max) return "";
  std::string text = p.min ? (p.minInclusive ? "[" : "(") + number(*p.min) : std::string("(−∞");
  text += ", ";
  text += p.max ? number(*p.max) + (p.maxInclusive ? "]" : ")") : std::string("∞)");
  return text;
}

const char* kindName(core::ParamKind kind) {
  switch (kind) {
    case core::ParamKind::Number: return "number";
    case core::ParamKind::Vector: return "vector";
    case core::ParamKind::Matrix: return "matrix";
    case core::ParamKind::Text: return "text";
  }
  return "";
}

void writeType(std::ostream& out, const core::ComponentType& type) {
  out << "### " << type.title << " — `" << type.type << "`\n\n" << type.description << "\n\n";
  out << "| port | domain | direction | description |\n|---|---|---|---|\n";
  for (const core::PortDecl& port : type.ports) {
    const std::string name = port.variadic ? port.name + "1.." + port.name + "N" : port.name;
    out << "| `" << name << "` | " << core::domainName(port.domain) << " | " << direction(port) << " | "
        << cell(port.description) << " |\n";
  }
  out << '\n';
  if (type.params.empty()) {
    out << "No parameters.\n\n";
    return;
  }
  out << "| parameter | kind | unit | default | range | description |\n|---|---|---|---|---|---|\n";
  for (const core::ParamDecl& p : type.params)
    out << "| `" << p.name << "` | " << kindName(p.kind) << " | " << cell(p.unit) << " | `" << p.defaultValue
        << "` | " << cell(bounds(p)) << " | " << cell(p.description) << " |\n";
  out << '\n';
}

}  // namespace

void writeLibraryReference(std::ostream& out, const core::BlockRegistry& registry) {
  std::map<std::string, std::vector<const core::ComponentType*>> families;
  for (const core::ComponentType* type : registry.all()) families[type->family()].push_back(type);
  out << "# Block library reference\n\n"
         "Generated from the block declarations (`blocks/`) by `kelvin-cli blocks --format markdown`;\n"
         "do not edit by hand (a test compares this file with the program's output). Every block is\n"
         "listed with its ports and parameters. Parameters are expressions: numbers with SI prefixes\n"
         "(`10k`, `2.2n`, `1meg`), model variables, `pi`, arithmetic and functions. Signals are named\n"
         "`<block id>.<port>`. A physical port left unconnected is a free end (zero force, torque,\n"
         "current or flow), unless it must be connected. Mechanical conventions (velocity-based\n"
         "flanges, a spring's stretch as its own state): [mechanics.md](mechanics.md).\n\n";
  out << "Families:";
  for (const auto& [family, types] : families) out << " [" << family << "](#" << family << ")";
  out << "\n\n";
  for (const auto& [family, types] : families) {
    out << "## " << family << "\n\n";
    for (const core::ComponentType* type : types) writeType(out, *type);
  }
}

}  // namespace kelvin::cli
