#pragma once
// Whether two ports may be wired, and why not. The canvas asks while the
// user drags a wire, to refuse a target before the mouse is released and
// say why in the status bar. The rules are the validator's, for one wire:
//
//  - both ends in one domain (a signal port never meets a physical one, an
//    electrical pin never a rotational flange);
//  - signals: one output and one input; an input takes one driver;
//  - no wire from a port to itself, none twice between the same two ports.
//
// A signal wire is stored output first ("from" the driver); a physical one
// in the order it was drawn.

#include <optional>
#include <string>

#include <QString>

#include "document/diagram_level.h"

namespace kelvin::core {
class BlockRegistry;
}

namespace kelvin::gui {

class ConnectionRules {
 public:
  struct Verdict {
    bool allowed = false;
    QString reason;        // why not, for the status bar; empty when allowed
    std::string from, to;  // the connection to store when allowed
  };

  /// May `a` (where the drag started) be wired to `b`?
  static Verdict check(const ConstDiagramLevel& level, const core::BlockRegistry& registry, const std::string& a,
                       const std::string& b);

  /// May `start` be wired onto the existing connection `wireIndex` (a junction)? The new wire
  /// joins the net of that connection: a signal input is fed by the wire's driver; a physical
  /// port is joined to `nearEnd` (the wire's endpoint nearer along the path where it was hit).
  static Verdict checkJunction(const ConstDiagramLevel& level, const core::BlockRegistry& registry,
                               const std::string& start, std::size_t wireIndex, const std::string& nearEnd);
};

}  // namespace kelvin::gui
