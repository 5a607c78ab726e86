#pragma once
// Turns a netlist — elements whose pins sit on named nodes — into a Model a
// person can open: one block per element laid out on a grid (sources and
// elements in netlist order, row by row), one electrical.Ground block for the
// ground node, and each node drawn as a chain of connections between the
// ports on it. An element with a terminal that nothing else touches carries
// no current (an open circuit), so it is dropped with a warning, repeatedly,
// until every node joins at least two pins; this keeps the model valid when
// an importer skipped an element it could not translate.

#include <string>
#include <utility>
#include <vector>

#include "model/diagnostic.h"
#include "model/model.h"

namespace kelvin::core {

struct NetlistElement {
  Block block;                                             // id, type and params; pos is set by build()
  std::vector<std::pair<std::string, std::string>> pins;  // port name -> node name
  std::string origin;                                      // where it was declared, e.g. "file.cir:12"
};

class NetlistModelBuilder {
 public:
  /// `groundNode` is the name of the reference node.
  explicit NetlistModelBuilder(std::string groundNode);

  void add(NetlistElement element);
  /// The element whose block id is `id`, or nullptr; valid until the next add() or remove().
  NetlistElement* find(const std::string& id);
  void remove(const std::string& id);
  /// A block id not used by any element yet, `wanted` or `wanted_2`, `wanted_3`...
  std::string uniqueId(const std::string& wanted) const;
  bool empty() const { return elements_.empty(); }
  /// Every element added so far, in order; valid until the next add() or remove().
  std::vector<NetlistElement>& elements() { return elements_; }

  /// A node that is a boundary port of the subsystem being built: (port name, node).
  using Boundary = std::vector<std::pair<std::string, std::string>>;

  /// `base` (name, settings) with the blocks and connections of the netlist.
  /// Appends a warning (file = the element's origin) for each dropped element.
  /// The nodes of `boundary` are wired to the bare port names (inside a subsystem).
  Model build(Model base, std::vector<Diagnostic>& warnings, const Boundary& boundary = {}) const;

 private:
  std::vector<NetlistElement> connectedElements(std::vector<Diagnostic>& warnings, const Boundary& boundary) const;

  std::string groundNode_;
  std::vector<NetlistElement> elements_;
};

}  // namespace kelvin::core
