#include "canvas/port_layout.h"

#include <algorithm>
#include <cmath>

#include <QFile>

#include "canvas/icon_anchors.h"
#include "document/endpoint_info.h"

namespace kelvin::gui {

namespace {

constexpr double kW = PortLayout::kIconWidth / 2;   // 30
constexpr double kH = PortLayout::kIconHeight / 2;  // 20
constexpr double kSubsystemHalfWidth = 40;
constexpr double kPitch = 20;

enum class Side { Left, Right, Top, Bottom };

QPointF normalOf(Side side) {
  switch (side) {
    case Side::Left: return {-1, 0};
    case Side::Right: return {1, 0};
    case Side::Top: return {0, -1};
    case Side::Bottom: return {0, 1};
  }
  return {};
}

/// Offset of port i of n along an edge of half-length `half`: centred, 20 apart when they fit.
double spread(int i, int n, double half) {
  if (n <= 1) return 0;
  if (kPitch * (n - 1) <= 2 * half - 8) return (i - (n - 1) / 2.0) * kPitch;
  return -half + 2 * half * (i + 1) / (n + 1);
}

struct Builder {
  std::vector<PortPlacement> ports;
  double halfW = kW, halfH = kH;

  void place(const std::pair<std::string, const core::PortDecl*>& port, Side side, double along, bool lead) {
    PortPlacement p;
    p.name = QString::fromStdString(port.first);
    p.domain = port.second->domain;
    p.direction = port.second->direction;
    p.hollow = port.first == "n" || port.first == "b";
    switch (side) {
      case Side::Left: p.pos = {-halfW, along}; break;
      case Side::Right: p.pos = {halfW, along}; break;
      case Side::Top: p.pos = {along, -halfH}; break;
      case Side::Bottom: p.pos = {along, halfH}; break;
    }
    p.normal = normalOf(side);
    p.lead = lead;
    p.leadEnd = p.pos - p.normal * 10;  // to the body edge of the icons' frames (x = 10 of 60)
    ports.push_back(p);
  }
  void edge(const std::vector<std::pair<std::string, const core::PortDecl*>>& list, Side side, bool leads) {
    const int n = static_cast<int>(list.size());
    const double half = (side == Side::Left || side == Side::Right) ? halfH : halfW;
    for (int i = 0; i < n; ++i) {
      const double along = spread(i, n, half);
      place(list[i], side, along, leads && std::abs(along) > 1e-9);
    }
  }
};

struct Anchor {
  Side side;
  double along;
  bool used = false;
};

/// Takes the first free anchor on the first of `sides` that has one.
Anchor* take(std::vector<Anchor>& anchors, std::initializer_list<Side> sides) {
  for (Side side : sides)
    for (Anchor& a : anchors)
      if (!a.used && a.side == side) {
        a.used = true;
        return &a;
      }
  return nullptr;
}

int countFree(const std::vector<Anchor>& anchors, std::initializer_list<Side> sides) {
  int n = 0;
  for (const Anchor& a : anchors)
    for (Side side : sides) n += !a.used && a.side == side;
  return n;
}

double roundCoord(double v) { return std::round(v * 1000.0) / 1000.0; }

QPointF roundPoint(QPointF p) { return {roundCoord(p.x()), roundCoord(p.y())}; }

}  // namespace

QTransform PortLayout::orientation(double rotation, bool flipped) {
  QTransform t = QTransform::fromScale(flipped ? -1 : 1, 1);
  t *= QTransform().rotate(rotation);
  // Exact 0 / ±1 entries for right angles, so port positions stay on the grid.
  return QTransform(roundCoord(t.m11()), roundCoord(t.m12()), roundCoord(t.m21()), roundCoord(t.m22()), 0, 0);
}

bool PortLayout::isOnLeft(const core::Block& subsystem, const core::BoundaryPort& port) {
  if (port.direction == "input") return true;
  if (port.direction == "output") return false;
  double sum = 0;
  for (const core::Block& b : subsystem.blocks) sum += b.pos.x;
  const double centre = subsystem.blocks.empty() ? 0 : sum / static_cast<double>(subsystem.blocks.size());
  return port.pos.x <= centre;
}

const std::vector<QPointF>& PortLayout::anchorsOf(const std::string& icon) {
  auto it = anchors_.find(icon);
  if (it != anchors_.end()) return it->second;
  std::vector<QPointF> anchors;
  QFile file(QString::fromStdString(icon));
  if (!icon.empty() && icon.front() == '<') {  // SVG markup declared by a user component
    for (const QPointF& p : IconAnchors::fromSvg(QByteArray::fromStdString(icon))) anchors.push_back(p - QPointF(kW, kH));
  } else if (!icon.empty() && file.open(QIODevice::ReadOnly)) {
    for (const QPointF& p : IconAnchors::fromSvg(file.readAll())) anchors.push_back(p - QPointF(kW, kH));
  }
  return anchors_.emplace(icon, std::move(anchors)).first->second;
}

BlockShape PortLayout::forBlock(const core::Block& block, const core::ComponentType* type) {
  BlockShape shape;
  Builder b;
  using PortList = std::vector<std::pair<std::string, const core::PortDecl*>>;

  // Declarations for a Subsystem's boundary ports live here while we lay them out.
  std::vector<core::PortDecl> boundaryDecls;
  if (block.type == "Subsystem") {
    PortList left, right;
    boundaryDecls.reserve(block.ports.size());
    std::vector<const core::BoundaryPort*> ordered;
    for (const core::BoundaryPort& port : block.ports) ordered.push_back(&port);
    std::stable_sort(ordered.begin(), ordered.end(),
                     [](const core::BoundaryPort* a, const core::BoundaryPort* b) { return a->pos.y < b->pos.y; });
    for (const core::BoundaryPort* port : ordered) {
      core::PortDecl decl;
      decl.name = port->name;
      decl.domain = core::domainFromName(port->domain).value_or(core::Domain::Signal);
      decl.direction = boundaryDirection(*port);
      boundaryDecls.push_back(decl);
    }
    for (std::size_t i = 0; i < ordered.size(); ++i)
      (isOnLeft(block, *ordered[i]) ? left : right).emplace_back(ordered[i]->name, &boundaryDecls[i]);
    const std::size_t rows = std::max(left.size(), right.size());
    b.halfW = kSubsystemHalfWidth;
    b.halfH = std::max(kH, kPitch * static_cast<double>(rows + 1) / 2);
    b.edge(left, Side::Left, false);
    b.edge(right, Side::Right, false);
  } else if (type) {
    PortList physical, inputs, outputs;
    for (const auto& port : core::expandPorts(*type, variadicCount(block, *type))) {
      switch (port.second->direction) {
        case core::PortDirection::Physical: physical.push_back(port); break;
        case core::PortDirection::Input: inputs.push_back(port); break;
        case core::PortDirection::Output: outputs.push_back(port); break;
      }
    }
    std::vector<Anchor> anchors;
    for (const QPointF& p : anchorsOf(type->icon)) {
      if (std::abs(p.x() + kW) < 0.5) anchors.push_back({Side::Left, p.y()});
      else if (std::abs(p.x() - kW) < 0.5) anchors.push_back({Side::Right, p.y()});
      else if (std::abs(p.y() + kH) < 0.5) anchors.push_back({Side::Top, p.x()});
      else anchors.push_back({Side::Bottom, p.x()});
    }
    std::stable_sort(anchors.begin(), anchors.end(), [](const Anchor& a, const Anchor& b) { return a.along < b.along; });
    if (type->type == "electrical.OpAmp" && physical.size() == 3) {
      b.place(physical[0], Side::Left, -8, false);
      b.place(physical[1], Side::Left, 8, false);
      b.place(physical[2], Side::Right, 0, false);
    } else if (!anchors.empty()) {
      // Each port to a lead end of the icon, in declaration order.
      PortList leftover;
      for (const auto& port : physical) {
        if (Anchor* a = take(anchors, {Side::Left, Side::Right, Side::Bottom, Side::Top}))
          b.place(port, a->side, a->along, false);
        else
          leftover.push_back(port);
      }
      auto group = [&](const PortList& ports, std::initializer_list<Side> sides, Side spreadSide) {
        if (ports.size() > 1 && countFree(anchors, sides) < static_cast<int>(ports.size())) {
          while (take(anchors, {spreadSide})) {
          }
          b.edge(ports, spreadSide, true);
          return;
        }
        for (const auto& port : ports) {
          if (Anchor* a = take(anchors, sides))
            b.place(port, a->side, a->along, false);
          else
            b.edge({port}, spreadSide, true);
        }
      };
      group(inputs, {Side::Left, Side::Top, Side::Bottom}, Side::Left);
      group(outputs, {Side::Right, Side::Bottom, Side::Top}, Side::Right);
      b.edge(leftover, Side::Bottom, false);
    } else if (physical.empty()) {
      b.edge(inputs, Side::Left, true);
      b.edge(outputs, Side::Right, true);
    } else if (physical.size() >= 2) {
      b.place(physical[0], Side::Left, 0, false);
      b.place(physical[1], Side::Right, 0, false);
      PortList bottom(physical.begin() + 2, physical.end());
      bottom.insert(bottom.end(), outputs.begin(), outputs.end());
      b.edge(inputs, Side::Top, false);
      b.edge(bottom, Side::Bottom, false);
    } else if (inputs.empty() && outputs.empty()) {
      b.place(physical[0], Side::Top, 0, false);
    } else if (outputs.empty()) {
      b.edge(inputs, Side::Left, true);
      b.place(physical[0], Side::Right, 0, false);
    } else if (inputs.empty()) {
      b.place(physical[0], Side::Left, 0, false);
      b.edge(outputs, Side::Right, true);
    } else {
      b.place(physical[0], Side::Top, 0, false);
      b.edge(inputs, Side::Left, true);
      b.edge(outputs, Side::Right, true);
    }
  }
  shape.body = QRectF(-b.halfW, -b.halfH, 2 * b.halfW, 2 * b.halfH);
  shape.orientation = orientation(block.rotation, block.flipped);
  shape.orientedBody = shape.orientation.mapRect(shape.body);
  shape.ports = std::move(b.ports);
  for (PortPlacement& p : shape.ports) {
    p.pos = roundPoint(shape.orientation.map(p.pos));
    p.leadEnd = roundPoint(shape.orientation.map(p.leadEnd));
    p.normal = roundPoint(shape.orientation.map(p.normal));
  }
  return shape;
}

}  // namespace kelvin::gui
