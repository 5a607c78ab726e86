#include "document/diagram_fragment.h"

#include <cmath>
#include <limits>
#include <map>

#include "document/block_naming.h"
#include "model/diagnostic.h"
#include "model/model_file.h"

namespace kelvin::gui {

const QString DiagramFragment::kMimeType = QStringLiteral("application/x-kelvin-fragment");

std::string DiagramFragment::serialize(const ConstDiagramLevel& level, const std::set<std::string>& ids) {
  core::Model fragment;
  fragment.name = "fragment";
  for (const core::Block& b : *level.blocks)
    if (ids.count(b.id)) fragment.blocks.push_back(b);
  for (const core::Connection& c : *level.connections) {
    const std::string from = splitEndpoint(c.from).first, to = splitEndpoint(c.to).first;
    if (!from.empty() && !to.empty() && ids.count(from) && ids.count(to)) fragment.connections.push_back(c);
  }
  return core::serializeModel(fragment);
}

std::optional<DiagramFragment::Pieces> DiagramFragment::prepare(const std::string& text,
                                                                const std::set<std::string>& taken,
                                                                std::optional<QPointF> centre, QPointF offset,
                                                                double grid) {
  core::Model fragment;
  try {
    fragment = core::parseModel(text, "clipboard");
  } catch (const std::exception&) {
    return std::nullopt;
  }
  if (fragment.blocks.empty()) return std::nullopt;
  auto snap = [grid](double v) { return grid > 0 ? std::round(v / grid) * grid : v; };
  if (centre) {
    double x0 = std::numeric_limits<double>::max(), y0 = x0, x1 = -x0, y1 = -x0;
    for (const core::Block& b : fragment.blocks) {
      x0 = std::min(x0, b.pos.x), y0 = std::min(y0, b.pos.y), x1 = std::max(x1, b.pos.x), y1 = std::max(y1, b.pos.y);
    }
    offset = QPointF(centre->x() - (x0 + x1) / 2, centre->y() - (y0 + y1) / 2);
  }
  offset = QPointF(snap(offset.x()), snap(offset.y()));

  Pieces pieces;
  std::set<std::string> used = taken;
  std::map<std::string, std::string> renamed;
  for (core::Block b : fragment.blocks) {
    const std::string id = uniqueId(b.id, [&](const std::string& n) { return used.count(n) > 0; });
    used.insert(id);
    renamed[b.id] = id;
    b.id = id;
    b.pos = {b.pos.x + offset.x(), b.pos.y + offset.y()};
    pieces.ids.push_back(id);
    pieces.blocks.push_back(std::move(b));
  }
  for (core::Connection c : fragment.connections) {
    bool ok = true;
    for (std::string* endpoint : {&c.from, &c.to}) {
      const auto [block, port] = splitEndpoint(*endpoint);
      const auto it = renamed.find(block);
      if (it == renamed.end()) ok = false;
      else *endpoint = it->second + "." + port;
    }
    if (!ok) continue;
    for (core::Point& p : c.points) p = {p.x + offset.x(), p.y + offset.y()};
    pieces.connections.push_back(std::move(c));
  }
  return pieces;
}

}  // namespace kelvin::gui
