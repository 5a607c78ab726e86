#pragma once
// The colours of the canvas: one per domain (ports and the wires of
// physical networks), and the editor's own (selection, grid, refusal).

#include <QColor>

#include "elaborate/component_type.h"

namespace kelvin::gui {

class DomainStyle {
 public:
  /// signal: near-black (signal lines carry arrowheads instead), electrical:
  /// blue, rotational: brown, translational: green, hydraulic: teal, thermal: red,
  /// pneumatic: purple.
  static QColor color(core::Domain domain);

  static QColor selection() { return QColor(0x1e, 0x88, 0xe5); }
  static QColor selectionFill() { return QColor(0x1e, 0x88, 0xe5, 28); }
  static QColor accepted() { return QColor(0x2e, 0x9d, 0x4f); }
  static QColor refused() { return QColor(0xd3, 0x2f, 0x2f); }
  static QColor background() { return QColor(0xfc, 0xfc, 0xfd); }
  static QColor gridDot() { return QColor(0xc5, 0xcb, 0xd3); }
  static QColor label() { return QColor(0x20, 0x24, 0x2a); }
  static QColor value() { return QColor(0x5f, 0x6b, 0x7a); }
};

}  // namespace kelvin::gui
