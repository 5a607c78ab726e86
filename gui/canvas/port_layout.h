#pragma once
// Where a block's ports sit, so that wires meet the leads drawn in the
// block icons. Icons are 60 x 40 (see resources/icons); a block's position
// in the file is the centre of its icon, its rotation turns it clockwise
// about that centre (degrees, multiples of 90) and `flipped` mirrors it left
// to right before the rotation.
//
// The ports go where the icon's leads end on its frame (IconAnchors), taken
// in the order of the type's declaration: physical ports prefer the left,
// right, bottom, top leads (p / a left, n / b right, a third below); signal
// inputs the left, top, bottom ones (the control input of a controlled
// source or switch is its top or bottom lead); outputs the right, bottom,
// top ones (a sensor's reading). Several inputs with too few leads are
// spread along the left edge, several outputs along the right one, each
// with a short lead drawn. An icon without leads on its frame gets the same
// sides by rule. A Subsystem is an 80-wide box, as tall as its ports need:
// inputs and the physical ports placed left of its contents on the left,
// outputs and the other physical ports on the right, ordered by their
// position inside.

#include <map>
#include <string>
#include <vector>

#include <QPointF>
#include <QRectF>
#include <QString>
#include <QTransform>

#include "elaborate/component_type.h"
#include "model/model.h"

namespace kelvin::gui {

struct PortPlacement {
  QString name;  // "p", "u1"
  core::Domain domain = core::Domain::Signal;
  core::PortDirection direction = core::PortDirection::Physical;  // seen from outside the block
  QPointF pos;      // block coordinates (centre at 0, 0), orientation applied
  QPointF normal;   // unit vector pointing out of the block, orientation applied
  bool hollow = false;  // drawn hollow: the n pin / b flange (Modelica's convention)
  bool lead = false;    // draw a lead from the body to the port (the icon has none there)
  QPointF leadEnd;      // the body end of that lead, block coordinates
};

struct BlockShape {
  QRectF body;              // unoriented, centred at 0, 0: (-30, -20, 60, 40) for an icon
  QTransform orientation;   // rotation and flip about the centre
  QRectF orientedBody;      // orientation.mapRect(body)
  std::vector<PortPlacement> ports;
};

class PortLayout {
 public:
  /// The shape of `block`; `type` is its component type, or nullptr for a
  /// Subsystem or an unknown type (which gets a plain box without ports).
  /// Reads each icon once (the lead ends are kept for the layout's lifetime).
  BlockShape forBlock(const core::Block& block, const core::ComponentType* type);

  /// Flip (mirror x) then rotate clockwise by `rotation` degrees.
  static QTransform orientation(double rotation, bool flipped);

  /// Whether a Subsystem shows this boundary port on its left side.
  static bool isOnLeft(const core::Block& subsystem, const core::BoundaryPort& port);

  static constexpr double kIconWidth = 60.0;
  static constexpr double kIconHeight = 40.0;

 private:
  /// Lead ends of an icon, centred coordinates (the icon's centre at 0, 0).
  const std::vector<QPointF>& anchorsOf(const std::string& icon);

  std::map<std::string, std::vector<QPointF>> anchors_;
};

}  // namespace kelvin::gui
