#include "document/connection_rules.h"

#include <QCoreApplication>

#include "document/endpoint_info.h"

namespace kelvin::gui {

namespace {

QString tr(const char* text) { return QCoreApplication::translate("ConnectionRules", text); }

QString q(const std::string& s) { return QString::fromStdString(s); }

ConnectionRules::Verdict refuse(QString reason) { return {false, std::move(reason), {}, {}}; }

/// The connection that already feeds signal input `input`, if any.
const core::Connection* driverOf(const ConstDiagramLevel& level, const std::string& input) {
  for (const core::Connection& c : *level.connections)
    if (c.from == input || c.to == input) return &c;
  return nullptr;
}

}  // namespace

ConnectionRules::Verdict ConnectionRules::check(const ConstDiagramLevel& level, const core::BlockRegistry& registry,
                                                const std::string& a, const std::string& b) {
  if (a == b) return refuse(tr("A port cannot be connected to itself"));
  const std::optional<EndpointInfo> ia = endpointInfo(level, a, registry);
  const std::optional<EndpointInfo> ib = endpointInfo(level, b, registry);
  if (!ia || !ib) return refuse(tr("Unknown port %1").arg(q(!ia ? a : b)));
  if (ia->domain != ib->domain) {
    return refuse(tr("Cannot connect %1 (%2) to %3 (%4): the domains differ")
                      .arg(q(a), portNoun(ia->domain, ia->direction), q(b),
                           portNoun(ib->domain, ib->direction)));
  }
  for (const core::Connection& c : *level.connections) {
    if ((c.from == a && c.to == b) || (c.from == b && c.to == a))
      return refuse(tr("%1 and %2 are already connected").arg(q(a), q(b)));
  }
  if (ia->domain != core::Domain::Signal) return {true, {}, a, b};

  using core::PortDirection;
  if (ia->direction == PortDirection::Output && ib->direction == PortDirection::Output)
    return refuse(tr("Cannot connect two outputs (%1 and %2)").arg(q(a), q(b)));
  if (ia->direction == PortDirection::Input && ib->direction == PortDirection::Input)
    return refuse(tr("Cannot connect two inputs (%1 and %2): an input takes an output").arg(q(a), q(b)));
  const std::string& output = ia->direction == PortDirection::Output ? a : b;
  const std::string& input = ia->direction == PortDirection::Output ? b : a;
  if (const core::Connection* existing = driverOf(level, input)) {
    const std::string& driver = existing->from == input ? existing->to : existing->from;
    return refuse(tr("Input %1 is already driven by %2").arg(q(input), q(driver)));
  }
  return {true, {}, output, input};
}

ConnectionRules::Verdict ConnectionRules::checkJunction(const ConstDiagramLevel& level,
                                                        const core::BlockRegistry& registry, const std::string& start,
                                                        std::size_t wireIndex, const std::string& nearEnd) {
  if (wireIndex >= level.connections->size()) return refuse(tr("No such wire"));
  const core::Connection& wire = (*level.connections)[wireIndex];
  const std::optional<EndpointInfo> is = endpointInfo(level, start, registry);
  const std::optional<EndpointInfo> iw = endpointInfo(level, wire.from, registry);
  if (!is || !iw) return refuse(tr("Unknown port"));
  if (is->domain != iw->domain) {
    return refuse(tr("Cannot connect %1 (%2) to a %3 wire: the domains differ")
                      .arg(q(start), portNoun(is->domain, is->direction),
                           QString::fromLatin1(core::domainName(iw->domain).data(),
                                               static_cast<int>(core::domainName(iw->domain).size()))));
  }
  if (is->domain != core::Domain::Signal) {
    if (start == wire.from || start == wire.to) return refuse(tr("%1 is already on this wire").arg(q(start)));
    return check(level, registry, start, nearEnd);
  }
  // A signal net has one driver: the output end of the wire.
  const std::optional<EndpointInfo> ito = endpointInfo(level, wire.to, registry);
  const std::string driver = iw->direction == core::PortDirection::Output ? wire.from
                             : ito && ito->direction == core::PortDirection::Output ? wire.to
                                                                                      : std::string();
  if (driver.empty()) return refuse(tr("This wire has no driver to branch from"));
  if (is->direction == core::PortDirection::Output)
    return refuse(tr("Cannot connect output %1 to a wire already driven by %2").arg(q(start), q(driver)));
  return check(level, registry, driver, start);
}

}  // namespace kelvin::gui
