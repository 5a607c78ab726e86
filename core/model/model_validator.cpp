#include "model/model_validator.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <deque>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <set>
#include <sstream>
#include <string_view>

#include "model/name_index.h"
#include "model/parameter_evaluator.h"
#include "model/settings_check.h"
#include "model/start_position_check.h"
#include "usercomp/user_component_library.h"

namespace kelvin::core {

namespace {

constexpr int kMaxInputs = 1000;  // a sanity limit: more inputs would be a typing error, not a model

/// One port as seen from inside the level being checked.
struct PortNode {
  // Views of strings that outlive the check of the level: the LevelBlock's name, the subsystem's
  // name, the registry's declarations, the model's boundary ports, ModelValidator::madeNames_.
  std::string_view owner;  // block as reported ("Sub1/R1"); for a boundary port, its subsystem
  std::string_view name;
  Domain domain = Domain::Signal;
  PortDirection direction = PortDirection::Physical;  // a boundary input, seen from inside, is an Output
  bool required = true;                               // must be connected
  bool boundary = false;                              // a boundary port seen from inside its subsystem
  bool connected = false;

  std::string label() const { return std::string(owner) + "." + std::string(name); }
  bool isSignal() const { return direction != PortDirection::Physical; }
};

/// A block of the level being checked, as far as its ports are concerned. A library
/// block's ports are the PortNodes firstPort + portOrdinal(type, inputs, name); a
/// subsystem's, and those of open variadic inputs, are listed in `listed->ports`.
struct LevelBlock {
  /// What only a subsystem or a block with open variadic inputs has: allocated for those
  /// alone, so that the LevelBlock of each of a large model's blocks stays small.
  struct Listed {
    std::map<std::string, std::size_t, std::less<>> ports;  // port name -> index of its PortNode
    std::vector<std::string> boundaryNames;                 // a subsystem's ports, in declaration order, for messages
    std::vector<const PortDecl*> openVariadic;  // variadic ports whose count is unknown: any u1, u2, ... is taken
    std::set<std::string, std::less<>> malformedPorts;  // declared boundary ports already reported as malformed
  };

  const Block* block = nullptr;
  std::string name;                     // as reported
  bool portsKnown = false;              // false: its type is unknown, which is reported already
  const ComponentType* type = nullptr;  // a library block's type
  int inputs = 0;                       // its variadic count (0 when open)
  std::size_t firstPort = 0;
  std::unique_ptr<Listed> listed;  // null: nothing listed

  Listed& list() {
    if (!listed) listed = std::make_unique<Listed>();
    return *listed;
  }

  /// "R1 (electrical.Resistor)", "subsystem Sub1".
  std::string description() const {
    return block->type == "Subsystem" ? "subsystem " + name : name + " (" + block->type + ")";
  }
  /// The names of its ports, in declaration order, for messages.
  std::vector<std::string> portNames() const {
    if (!type) return listed ? listed->boundaryNames : std::vector<std::string>{};
    std::vector<std::string> names;
    for (const auto& [portName, decl] : expandPorts(*type, inputs)) names.push_back(portName);
    if (listed)
      for (const PortDecl* decl : listed->openVariadic) names.push_back(decl->name + "1.." + decl->name + "N");
    return names;
  }
};

/// The blocks of the level being checked, by id (the ids are the model's, observed).
struct Level {
  explicit Level(std::size_t expected) : ids(expected) { blocks.reserve(expected); }
  LevelBlock* find(std::string_view id) {
    const int k = ids.find(id);
    return k < 0 ? nullptr : &blocks[static_cast<std::size_t>(k)];
  }
  NameIndex ids;
  std::vector<LevelBlock> blocks;
};

PortNode makePort(std::string_view owner, std::string_view name, Domain domain, PortDirection direction) {
  PortNode node;
  node.owner = owner;
  node.name = name;
  node.domain = domain;
  node.direction = direction;
  return node;
}

std::optional<PortDirection> directionFromName(std::string_view name) {
  if (name == "input") return PortDirection::Input;
  if (name == "output") return PortDirection::Output;
  if (name == "physical") return PortDirection::Physical;
  return std::nullopt;
}

std::string lowercase(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text;
}

std::size_t editDistance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  std::iota(row.begin(), row.end(), std::size_t{0});
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::string formatValue(double value) {
  std::ostringstream os;
  os << value;
  return os.str();
}

std::string joined(const std::vector<std::string>& items, const std::string& separator = ", ") {
  std::string text;
  for (const std::string& item : items) text += (text.empty() ? "" : separator) + item;
  return text;
}

/// "R1" of the endpoint "R1.n".
std::string_view blockOf(std::string_view endpoint) { return endpoint.substr(0, endpoint.find('.')); }

/// "R1.n -> C1.p": a connection as messages name it.
std::string wireText(const Connection& connection) { return connection.from + " -> " + connection.to; }

/// "> 0", ">= 0 and <= 1": the declared bounds, when `value` breaks one of them.
std::optional<std::string> boundViolation(const ParamDecl& decl, double value) {
  const bool belowMin = decl.min && (value < *decl.min || (!decl.minInclusive && value == *decl.min));
  const bool aboveMax = decl.max && (value > *decl.max || (!decl.maxInclusive && value == *decl.max));
  if (!belowMin && !aboveMax) return std::nullopt;
  std::vector<std::string> conditions;
  if (decl.min) conditions.push_back((decl.minInclusive ? ">= " : "> ") + formatValue(*decl.min));
  if (decl.max) conditions.push_back((decl.maxInclusive ? "<= " : "< ") + formatValue(*decl.max));
  return joined(conditions, " and ");
}

/// Not empty; no '.', '/', blank or control character (C0, DEL, or C1 as UTF-8 C2 80..9F).
/// Other bytes pass, so names in any script are fine.
bool isPlainName(const std::string& name) {
  for (std::size_t i = 0; i < name.size(); ++i) {
    const auto c = static_cast<unsigned char>(name[i]);
    if (c <= 0x20 || c == 0x7F || c == '.' || c == '/') return false;
    if (c == 0xC2 && i + 1 < name.size() && static_cast<unsigned char>(name[i + 1]) <= 0x9F) return false;
  }
  return !name.empty();
}

/// A boundary port as a PortNode, seen from inside its subsystem or from
/// outside; nullopt when it is malformed (checkBoundaryPorts reports that).
std::optional<PortNode> boundaryNode(const BoundaryPort& port, const std::string& subsystem, bool inside) {
  const std::optional<Domain> domain = domainFromName(port.domain);
  const std::optional<PortDirection> direction = directionFromName(port.direction);
  if (!isPlainName(port.name) || !domain || !direction) return std::nullopt;
  if ((*direction == PortDirection::Physical) != (*domain != Domain::Signal)) return std::nullopt;
  PortNode node = makePort(subsystem, port.name, *domain, *direction);
  if (inside && *direction != PortDirection::Physical)
    node.direction = *direction == PortDirection::Input ? PortDirection::Output : PortDirection::Input;
  // Inside, every boundary port must be wired to something; outside, a physical one may be a free end.
  node.required = node.direction != PortDirection::Output && (inside || *direction != PortDirection::Physical);
  node.boundary = inside;
  return node;
}

/// Signal nets: which signal ports are wired together, and the output that
/// drives each net. Union-find over node indices; grows as ports of open
/// variadic inputs are added.
class Nets {
 public:
  std::size_t find(std::size_t k) {
    while (parent_.size() <= k) {
      parent_.push_back(parent_.size());
      driver_.emplace_back();
    }
    while (parent_[k] != k) k = parent_[k] = parent_[parent_[k]];
    return k;
  }
  /// The output driving k's net, if any.
  std::optional<std::size_t> driver(std::size_t k, const std::vector<PortNode>& nodes) {
    if (nodes[k].direction == PortDirection::Output) return k;
    return driver_[find(k)];
  }
  void unite(std::size_t a, std::size_t b, const std::vector<PortNode>& nodes) {
    const std::optional<std::size_t> d = driver(a, nodes) ? driver(a, nodes) : driver(b, nodes);
    const std::size_t root = find(b);
    parent_[find(a)] = root;
    driver_[root] = d;
  }

 private:
  std::vector<std::size_t> parent_;
  std::vector<std::optional<std::size_t>> driver_;
};

/// The largest magnitude of a numeric parameter: squares of values (norms, products in the Jacobian) must stay
/// below the largest double, 1.8e308.
constexpr double kLargestParameter = 1e150;

class ModelValidator {
 public:
  ModelValidator(const BlockRegistry& registry, const std::string& file) : registry_(registry), file_(file) {}

  std::vector<Diagnostic> run(const Model& model) {
    diagnostics_ = checkSettings(model.settings, file_);
    const ParameterScope scope = evaluateModelVariables(model, file_, &diagnostics_);
    for (const Variable& variable : model.variables)
      if (!scope.find(variable.name)) failedVariables_.insert(variable.name);
    // Levels wait in a list rather than on the call stack: subsystems may nest 1,000 deep.
    pendingLevels_.push_back({nullptr, "", &scope});
    while (!pendingLevels_.empty()) {
      const PendingLevel level = pendingLevels_.front();
      pendingLevels_.pop_front();
      checkLevel(level.subsystem ? level.subsystem->blocks : model.blocks,
                 level.subsystem ? level.subsystem->connections : model.connections, level.subsystem, level.owner,
                 *level.scope);
    }
    return std::move(diagnostics_);
  }

 private:
  /// A subsystem whose inside is still to be checked, with the scope of its parameters.
  struct PendingLevel {
    const Block* subsystem;
    std::string owner;
    const ParameterScope* scope;
  };

  void report(std::string_view block, std::string_view port, const std::string& message,
              Severity severity = Severity::Error) {
    diagnostics_.push_back(Diagnostic{file_, std::string(block), std::string(port), message, severity});
  }

  /// Checks the blocks and connections of the model (subsystem null) or of a subsystem named `owner`.
  void checkLevel(const std::vector<Block>& blocks, const std::vector<Connection>& connections, const Block* subsystem,
                  const std::string& owner, const ParameterScope& scope) {
    const std::string prefix = owner.empty() ? "" : owner + "/";
    std::vector<PortNode> nodes;
    std::map<std::string, std::size_t> boundary;
    if (subsystem) {
      for (const BoundaryPort& port : subsystem->ports) {
        std::optional<PortNode> node = boundaryNode(port, owner, true);
        if (!node || boundary.contains(port.name)) continue;
        boundary.emplace(port.name, nodes.size());
        nodes.push_back(std::move(*node));
      }
    }
    Level level(blocks.size());
    nodes.reserve(nodes.size() + 2 * blocks.size());  // most blocks have two ports or fewer
    // Whether a block of this level states a start position (most levels: none, nothing to compare).
    bool statesPositions = false;
    for (std::size_t k = 0; k < blocks.size(); ++k) {
      if (k + NameIndex::kLookAhead < blocks.size()) {
        level.ids.prefetch(blocks[k + NameIndex::kLookAhead].id);
        prefetchBlock(blocks[k + NameIndex::kLookAhead]);  // its type and parameters, checked below
      }
      const Block& block = blocks[k];
      const std::string name = prefix + block.id;
      const ComponentType* type = nullptr;
      if (block.id.empty()) {
        report(owner, "", "a block of type '" + block.type + "' has no id");
        type = registry_.find(block.type);
      } else if (!isPlainName(block.id)) {
        report(printable(name), "",
               "block id '" + printable(block.id) + "' must not contain '.', '/', blanks or control characters");
        type = registry_.find(block.type);
      } else if (!level.ids.insert(block.id, static_cast<int>(level.blocks.size())).second) {
        report(name, "", "duplicate block id '" + block.id + "'");
        type = registry_.find(block.type);
      } else {
        // In place (a LevelBlock is large); room for every block is reserved, so the reference holds.
        LevelBlock& described = level.blocks.emplace_back();
        describeBlock(described, block, name, scope, nodes);
        type = described.type;
      }
      statesPositions = statesPositions || (type && !type->positions.empty());
    }

    Nets nets;
    for (std::size_t k = 0; k < connections.size(); ++k) {
      if (k + NameIndex::kLookAhead < connections.size()) {
        const Connection& ahead = connections[k + NameIndex::kLookAhead];
        level.ids.prefetch(blockOf(ahead.from));
        level.ids.prefetch(blockOf(ahead.to));
      }
      const Connection& connection = connections[k];
      const std::optional<std::size_t> a =
          resolve(connection.from, connection, subsystem, owner, level, boundary, nodes);
      const std::optional<std::size_t> b = resolve(connection.to, connection, subsystem, owner, level, boundary, nodes);
      if (a) nodes[*a].connected = true;
      if (b) nodes[*b].connected = true;
      if (a && b) checkConnection(nodes, *a, *b, connection, nets);
    }
    checkUndrivenNets(nodes, nets);
    for (const PortNode& node : nodes) {
      if (node.connected) continue;
      if (node.required)
        report(node.owner, node.name, danglingMessage(node));
      else if (!node.isSignal() && !node.boundary)
        report(node.owner, node.name,
               "free end: the unconnected " + std::string(domainName(node.domain)) + " port carries no " +
                   std::string(throughName(node.domain)),
               Severity::Info);
    }
    if (statesPositions)
      for (Diagnostic& warning : checkStartPositions(blocks, connections, prefix, scope, registry_, file_))
        diagnostics_.push_back(std::move(warning));
  }

  /// Fills `described` (a fresh LevelBlock) for `block`, adding its ports to `nodes`.
  void describeBlock(LevelBlock& described, const Block& block, const std::string& name, const ParameterScope& scope,
                     std::vector<PortNode>& nodes) {
    described.block = &block;
    described.name = name;
    if (block.type == "Subsystem") {
      checkBoundaryPorts(block, name);
      ParameterScope& inner = subsystemScopes_.emplace_back(&scope);
      for (const auto& [param, text] : block.params) {
        try {
          inner.set(param, evaluateNumber(text, "", scope));
        } catch (const ParameterError& e) {
          report(name, "", "parameter " + param + ": " + e.what());
        }
      }
      pendingLevels_.push_back({&block, name, &inner});
      for (const BoundaryPort& port : block.ports) {
        std::optional<PortNode> node = boundaryNode(port, described.name, false);
        if (!node) {
          described.list().malformedPorts.insert(port.name);
        } else if (!described.list().ports.contains(node->name)) {
          described.list().ports.emplace(node->name, nodes.size());
          described.list().boundaryNames.push_back(port.name);
          nodes.push_back(std::move(*node));
        }
      }
      described.portsKnown = true;
      return;
    }
    const ComponentType* type = registry_.find(block.type);
    if (!type) {
      report(name, "", unknownTypeMessage(block.type));
      return;
    }
    countMarker(block.type, name);
    const int inputs = checkParams(block, *type, name, scope);
    described.type = type;
    described.inputs = std::max(inputs, 0);
    described.firstPort = nodes.size();
    for (const PortDecl& decl : type->ports) {
      if (decl.variadic && inputs < 0) described.list().openVariadic.push_back(&decl);
      const int copies = decl.variadic ? described.inputs : 1;
      for (int k = 1; k <= copies; ++k) {
        const std::string_view portName =
            decl.variadic ? std::string_view(madeNames_.emplace_back(decl.name + std::to_string(k))) : decl.name;
        PortNode node = makePort(described.name, portName, decl.domain, decl.direction);
        node.required = decl.direction == PortDirection::Physical
                            ? decl.required
                            : decl.direction == PortDirection::Input && !decl.optional;
        nodes.push_back(std::move(node));
      }
    }
    described.portsKnown = true;
    return;
  }

  /// Checks the parameters of a library block; returns its number of variadic
  /// inputs (0 without variadic ports, -1 when `inputs` is unusable).
  int checkParams(const Block& block, const ComponentType& type, const std::string& name, const ParameterScope& scope) {
    const bool variadic =
        std::any_of(type.ports.begin(), type.ports.end(), [](const PortDecl& p) { return p.variadic; });
    for (const auto& [param, text] : block.params) {
      if (variadic && param == "inputs") continue;  // checked below
      if (const ParamDecl* decl = type.findParam(param)) {
        checkParam(*decl, text, name, scope);
        continue;
      }
      std::vector<std::string> names;
      for (const ParamDecl& decl : type.params) names.push_back(decl.name);
      if (variadic) names.push_back("inputs");
      report(name, "",
             "unknown parameter '" + param + "' of " + type.type +
                 (names.empty() ? " (it has no parameters)" : " (parameters: " + joined(names) + ")"));
    }
    if (!variadic) return 0;
    const ParamDecl* decl = type.findParam("inputs");
    auto given = block.params.find("inputs");
    std::string text = given != block.params.end() ? given->second : decl ? decl->defaultValue : "";
    if (text.empty()) text = "2";
    double value = 0.0;
    try {
      value = evaluateNumber(text, "", scope);
    } catch (const ParameterError& e) {
      report(name, "", std::string("parameter inputs: ") + e.what());
      return -1;
    }
    if (value < 1 || value != std::floor(value) || value > kMaxInputs) {
      report(name, "",
             "inputs = " + formatValue(value) + " is out of range: must be an integer from 1 to " +
                 std::to_string(kMaxInputs));
      return -1;
    }
    return static_cast<int>(value);
  }

  void checkParam(const ParamDecl& decl, const std::string& text, const std::string& name,
                  const ParameterScope& scope) {
    try {
      switch (decl.kind) {
        case ParamKind::Number: {
          const double value = evaluateNumber(text, decl.unit, scope);
          if (std::optional<std::string> bound = boundViolation(decl, value))
            report(name, "", decl.name + " = " + formatValue(value) + " is out of range: must be " + *bound);
          else if (std::abs(value) > kLargestParameter)
            report(name, "",
                   decl.name + " = " + formatValue(value) +
                       " is too large to compute with: |value| must be at most 1e150 (the solver squares values, "
                       "which overflow a double beyond 1e154)");
          break;
        }
        case ParamKind::Vector: evaluateVector(text, scope); break;
        case ParamKind::Matrix: evaluateMatrix(text, scope); break;
        case ParamKind::Text: break;
      }
    } catch (const ParameterError& e) {
      report(name, "", "parameter " + decl.name + ": " + explained(e.what()));
    }
  }

  /// A parameter's error, except that a name that is a variable with its own problem says so (not "unknown name").
  std::string explained(const std::string& error) const {
    const std::string prefix = "unknown name '";
    const std::size_t start = error.find(prefix);
    if (start == std::string::npos) return error;
    const std::size_t end = error.find('\'', start + prefix.size());
    const std::string used = error.substr(start + prefix.size(), end - start - prefix.size());
    if (end == std::string::npos || !failedVariables_.contains(used)) return error;
    return "\"" + used + "\" is a variable that has no value (see its own problem)";
  }

  void checkBoundaryPorts(const Block& subsystem, const std::string& name) {
    std::set<std::string> seen;
    for (const BoundaryPort& port : subsystem.ports) {
      if (!isPlainName(port.name)) {
        report(name, port.name, "boundary port name '" + port.name + "' is empty or contains '.', '/' or blanks");
        continue;
      }
      if (!seen.insert(port.name).second) report(name, port.name, "duplicate boundary port '" + port.name + "'");
      const std::optional<Domain> domain = domainFromName(port.domain);
      const std::optional<PortDirection> direction = directionFromName(port.direction);
      if (!domain)
        report(name, port.name,
               "unknown domain '" + port.domain +
                   "' (signal, electrical, rotational, translational, hydraulic, thermal or pneumatic)");
      if (!direction) report(name, port.name, "unknown direction '" + port.direction + "' (input, output or physical)");
      if (domain && direction && (*direction == PortDirection::Physical) != (*domain != Domain::Signal)) {
        report(name, port.name,
               *direction == PortDirection::Physical
                   ? "a physical port needs a physical domain, not signal"
                   : "a signal " + port.direction + " needs domain signal, not " + port.domain);
      }
    }
  }

  /// The PortNode an endpoint names, or nullopt (reported unless already known to be bad).
  std::optional<std::size_t> resolve(const std::string& endpoint, const Connection& wire, const Block* subsystem,
                                     const std::string& owner, Level& level,
                                     const std::map<std::string, std::size_t>& boundary, std::vector<PortNode>& nodes) {
    const std::size_t dot = endpoint.find('.');
    if (dot == std::string::npos) {
      if (!subsystem) {
        report(endpoint, "", "connection " + wireText(wire) + ": '" + endpoint + "' is not <block>.<port>");
        return std::nullopt;
      }
      if (auto it = boundary.find(endpoint); it != boundary.end()) return it->second;
      const bool declared = std::any_of(subsystem->ports.begin(), subsystem->ports.end(),
                                        [&](const BoundaryPort& p) { return p.name == endpoint; });
      if (declared) return std::nullopt;  // malformed, reported with the subsystem's ports
      std::vector<std::string> names;
      for (const auto& [name, index] : boundary) names.push_back(name);
      report(owner, endpoint,
             "connection " + wireText(wire) + ": subsystem " + owner + " has no port '" + endpoint + "'" +
                 (names.empty() ? "" : " (ports: " + joined(names) + ")"));
      return std::nullopt;
    }
    const std::string id = endpoint.substr(0, dot);
    const std::string port = endpoint.substr(dot + 1);
    LevelBlock* found = level.find(id);
    if (!found) {
      report((owner.empty() ? "" : owner + "/") + id, port,
             "connection " + wireText(wire) + ": no block '" + id + "'" + (owner.empty() ? "" : " in " + owner));
      return std::nullopt;
    }
    LevelBlock& block = *found;
    if (!block.portsKnown) return std::nullopt;
    if (block.type)
      if (const int ordinal = portOrdinal(*block.type, block.inputs, port); ordinal >= 0)
        return block.firstPort + static_cast<std::size_t>(ordinal);
    // Past the declared ports: a subsystem's, an open variadic input's, or no port (a message).
    LevelBlock::Listed& listed = block.list();
    if (auto it = listed.ports.find(port); it != listed.ports.end()) return it->second;
    if (listed.malformedPorts.contains(port)) return std::nullopt;
    for (const PortDecl* decl : listed.openVariadic) {
      const std::string_view number = std::string_view(port).substr(std::min(port.size(), decl->name.size()));
      const bool matches =
          port.starts_with(decl->name) && !number.empty() && number[0] != '0' &&
          std::all_of(number.begin(), number.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
      if (!matches) continue;
      // The map's key is the node's name: it stays where it is.
      const std::string& name = listed.ports.emplace(port, nodes.size()).first->first;
      PortNode node = makePort(block.name, name, decl->domain, decl->direction);
      node.required = false;  // the count is unknown, so which inputs must be wired is too
      nodes.push_back(std::move(node));
      return nodes.size() - 1;
    }
    report(block.name, port,
           "connection " + wireText(wire) + ": " + block.description() + " has no port '" + port +
               "' (ports: " + joined(block.portNames()) + ")");
    return std::nullopt;
  }

  void checkConnection(const std::vector<PortNode>& nodes, std::size_t a, std::size_t b, const Connection& wire,
                       Nets& nets) {
    const PortNode& from = nodes[a];
    const PortNode& to = nodes[b];
    if (a == b) {
      report(to.owner, to.name, "connection " + wireText(wire) + " joins a port to itself");
      return;
    }
    if (from.isSignal() != to.isSignal()) {
      const PortNode& signal = from.isSignal() ? from : to;
      const PortNode& physical = from.isSignal() ? to : from;
      report(to.owner, to.name,
             "connection " + wireText(wire) + ": signal port " + signal.label() + " cannot be wired to " +
                 std::string(domainName(physical.domain)) + " port " + physical.label());
      return;
    }
    if (!from.isSignal()) {
      if (from.domain != to.domain)
        report(to.owner, to.name,
               "connection " + wireText(wire) + ": domain mismatch: " + std::string(domainName(from.domain)) +
                   " port " + from.label() + " joined to " + std::string(domainName(to.domain)) + " port " +
                   to.label());
      return;
    }
    if (from.direction == PortDirection::Output && to.direction == PortDirection::Output) {
      report(to.owner, to.name,
             "connection " + wireText(wire) + ": both are outputs (" + from.label() + " and " + to.label() + ")");
      return;
    }
    const std::optional<std::size_t> driverA = nets.driver(a, nodes);
    const std::optional<std::size_t> driverB = nets.driver(b, nodes);
    if (driverA && driverB && *driverA != *driverB) {
      // Blame the input side of the wire that joins two driven nets.
      const bool toIsInput = to.direction == PortDirection::Input;
      const PortNode& input = toIsInput ? to : from;
      const std::size_t own = toIsInput ? *driverB : *driverA;
      const std::size_t other = toIsInput ? *driverA : *driverB;
      report(input.owner, input.name,
             (input.boundary ? "" : "input ") + input.label() + " has 2 drivers: " + nodes[own].label() + " and " +
                 nodes[other].label());
      return;
    }
    nets.unite(a, b, nodes);
  }

  /// A net of wired signal ports with no output driving it.
  void checkUndrivenNets(const std::vector<PortNode>& nodes, Nets& nets) {
    // The signal ports as (root, port), sorted: nets by root in ascending order, each net's ports in order.
    std::vector<std::pair<std::size_t, std::size_t>> byNet;
    for (std::size_t k = 0; k < nodes.size(); ++k)
      if (nodes[k].isSignal()) byNet.emplace_back(nets.find(k), k);
    std::sort(byNet.begin(), byNet.end());
    for (std::size_t first = 0, end = 0; first < byNet.size(); first = end) {
      while (end < byNet.size() && byNet[end].first == byNet[first].first) ++end;
      const std::size_t front = byNet[first].second;
      if (end - first < 2 || nets.driver(front, nodes)) continue;
      std::vector<std::string> inputs;
      for (std::size_t k = first; k < end; ++k) inputs.push_back(nodes[byNet[k].second].label());
      report(nodes[front].owner, nodes[front].name,
             "inputs wired together with no driver: " + joined(inputs) + "; connect an output to them");
    }
  }

  static std::string danglingMessage(const PortNode& node) {
    const std::string name(node.name), owner(node.owner);
    if (node.boundary && node.direction == PortDirection::Input)
      return "output '" + name + "' of subsystem " + owner + " is not driven inside it";
    if (node.boundary) return "port '" + name + "' of subsystem " + owner + " is not connected inside it";
    if (node.direction == PortDirection::Input) return "input " + name + " is not connected";
    return std::string(domainName(node.domain)) + " port " + name + " is not connected";
  }

  std::string unknownTypeMessage(const std::string& type) const {
    if (type.empty()) return "block has no type";
    if (type.rfind("user.", 0) == 0)
      return "unknown block type '" + type + "': the model defines no component " + type.substr(5) +
             " that compiles (see its errors above, or Model ▸ Components…)";
    const std::string wanted = lowercase(type);
    const std::string wantedTail = wanted.substr(wanted.find('.') + 1);
    std::vector<std::pair<std::size_t, std::string>> close;
    std::vector<std::string> known{"Subsystem"};
    for (const ComponentType* candidate : registry_.all()) known.push_back(candidate->type);
    for (const std::string& name : known) {
      const std::string lower = lowercase(name);
      std::size_t distance = editDistance(wanted, lower);
      if (lower.substr(lower.find('.') + 1) == wantedTail) distance = std::min<std::size_t>(distance, 1);
      if (distance <= std::max<std::size_t>(2, wanted.size() / 5)) close.emplace_back(distance, name);
    }
    std::sort(close.begin(), close.end());
    std::vector<std::string> suggestions;
    for (std::size_t k = 0; k < close.size() && k < 3; ++k) suggestions.push_back(close[k].second);
    return "unknown block type '" + type + "'" +
           (suggestions.empty() ? "" : " (did you mean " + joined(suggestions, " or ") + "?)");
  }

  /// At most one analysis.Inp and one analysis.Out in the whole model.
  void countMarker(const std::string& type, const std::string& name) {
    std::string* first = type == "analysis.Inp" ? &firstInp_ : type == "analysis.Out" ? &firstOut_ : nullptr;
    if (!first) return;
    if (first->empty()) {
      *first = name;
      return;
    }
    report(name, "", "a model may have only one " + type + "; " + *first + " is one already");
  }

  const BlockRegistry& registry_;
  std::string file_;
  std::vector<Diagnostic> diagnostics_;
  std::set<std::string, std::less<>> failedVariables_;  // model variables that could not be evaluated
  std::deque<PendingLevel> pendingLevels_;              // in the order met: a level before the subsystems inside it
  std::deque<ParameterScope> subsystemScopes_;          // a deque: a level's scope must not move while it waits
  std::deque<std::string> madeNames_;  // port names made here ("u1", "u2", ...): a deque, so that they stay put
  std::string firstInp_;
  std::string firstOut_;
};

}  // namespace

std::vector<Diagnostic> validateModel(const Model& model, const BlockRegistry& registry, const std::string& file) {
  BlockRegistry layer(&registry);
  std::vector<Diagnostic> problems = addUserComponents(componentSources(model, file), layer);
  for (Diagnostic& d : ModelValidator(layer, file).run(model)) problems.push_back(std::move(d));
  return problems;
}

}  // namespace kelvin::core
