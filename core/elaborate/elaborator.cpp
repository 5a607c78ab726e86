#include "elaborate/elaborator.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <unordered_set>

#include <spdlog/spdlog.h>

#include "elaborate/alias_eliminator.h"
#include "elaborate/block_registry.h"
#include "elaborate/instance_builder.h"
#include "elaborate/net_list.h"
#include "model/diagnostic.h"
#include "model/parameter_evaluator.h"
#include "usercomp/user_component_library.h"

namespace kelvin::core {

namespace {

/// The symbol of the across and through quantity of a domain, used in unknown names.
std::pair<const char*, const char*> quantitySymbols(Domain d) {
  switch (d) {
    case Domain::Electrical: return {"v", "i"};
    case Domain::Rotational: return {"w", "tau"};
    case Domain::Translational: return {"v", "f"};
    case Domain::Hydraulic: return {"p", "q"};
    case Domain::Thermal: return {"T", "Q"};
    case Domain::Pneumatic: return {"p", "mdot"};
    case Domain::Signal: break;
  }
  return {"y", "y"};
}

/// Remembers `block` as the maker of the switched nodes in e not yet owned.
void recordSwitchOwners(FlatSystem& system, Expr e, int block, std::unordered_set<std::uint32_t>& owned) {
  const ExprPool& pool = *system.pool;
  std::vector<std::uint32_t> stack{e.id()};
  std::unordered_set<std::uint32_t> seen;
  while (!stack.empty()) {
    const std::uint32_t id = stack.back();
    stack.pop_back();
    const ExprNode& n = pool.node(id);
    const int k = operandCount(n.op);
    if (k == 0 || !seen.insert(id).second) continue;
    if (isSwitched(n.op) && owned.insert(id).second) system.switchOwners.emplace_back(Expr(system.pool.get(), id), block);
    stack.push_back(n.a);
    if (k > 1) stack.push_back(n.b);
    if (k > 2) stack.push_back(n.c);
  }
}

}  // namespace

Elaborator::Elaborator(const BlockRegistry& registry, std::string file, std::set<std::string> runtime)
    : registry_(registry), file_(std::move(file)), runtime_(std::move(runtime)) {}

FlatSystem Elaborator::elaborate(const Model& model, bool eliminateAliases) const {
  FlatSystem system;
  system.temperature = model.settings.temperature;
  ParameterScope modelScope = evaluateModelVariables(model, file_);
  // The model's own components, layered over the library for this model alone.
  const std::unique_ptr<BlockRegistry> registry = registryForModel(model, registry_, file_);
  NetList nets(*registry, file_);
  nets.addDiagram(model.blocks, model.connections, "", modelScope);
  nets.finish();

  ExprPool& pool = *system.pool;
  for (const NetList::Instance& instance : nets.instances())
    system.blocks.push_back({instance.id, instance.type->type});

  // Physical nets: one across unknown each, and their through unknowns.
  std::map<std::string, Expr> acrossOf, throughOf, outputOf;
  std::vector<std::vector<Expr>> netThroughs(nets.nets().size());
  for (std::size_t n = 0; n < nets.nets().size(); ++n) {
    const NetList::Net& net = nets.nets()[n];
    if (net.domain == Domain::Signal) continue;
    const auto [acrossSymbol, throughSymbol] = quantitySymbols(net.domain);
    FlatNode node;
    node.domain = net.domain;
    node.across = pool.variable(static_cast<int>(system.unknowns.size()));
    system.unknowns.push_back({net.members.front().key + "." + acrossSymbol, 0.0, false, -1});
    Expr across = node.across;
    for (const NetList::Member& m : net.members) {
      node.members.push_back(m.key);
      node.referenced = node.referenced || m.port->reference;
      acrossOf[m.key] = across;
      system.signals.push_back({m.key, across, false});
      const int unknown = static_cast<int>(system.unknowns.size());
      system.unknowns.push_back({m.key + "." + throughSymbol, 0.0, false, m.instance});
      throughOf[m.key] = pool.variable(unknown);
      system.throughs.push_back({m.key, pool.variable(unknown), false});
      netThroughs[n].push_back(pool.variable(unknown));
    }
    system.nodes.push_back(std::move(node));
  }
  // Signal outputs: one unknown each; inputs read the output driving their net.
  std::map<std::string, Expr> inputOf;
  for (const NetList::Net& net : nets.nets()) {
    if (net.domain != Domain::Signal) continue;
    const NetList::Member* driver = nets.driverOf(net);
    if (!driver) continue;
    const int unknown = static_cast<int>(system.unknowns.size());
    system.unknowns.push_back({driver->key, 0.0, false, driver->instance});
    outputOf[driver->key] = pool.variable(unknown);
    system.signals.push_back({driver->key, pool.variable(unknown), true});
    for (const NetList::Member& m : net.members)
      if (m.port->direction == PortDirection::Input) inputOf[m.key] = pool.variable(unknown);
  }
  // Unconnected outputs still get an unknown: the component's equations define it.
  for (std::size_t i = 0; i < nets.instances().size(); ++i) {
    const NetList::Instance& instance = nets.instances()[i];
    for (const auto& [name, decl] : expandPorts(*instance.type, instance.variadicCount)) {
      const std::string key = instance.id + "." + name;
      if (decl->direction != PortDirection::Output || outputOf.count(key)) continue;
      const int unknown = static_cast<int>(system.unknowns.size());
      system.unknowns.push_back({key, 0.0, false, static_cast<int>(i)});
      outputOf[key] = pool.variable(unknown);
      system.signals.push_back({key, pool.variable(unknown), true});
    }
  }

  PortBindings bindings{acrossOf, throughOf, inputOf, outputOf};
  std::unordered_set<std::uint32_t> owned;
  for (std::size_t i = 0; i < nets.instances().size(); ++i) {
    const std::size_t firstEquation = system.equations.size();
    InstanceBuilder builder(system, nets.instances()[i], static_cast<int>(i), bindings, file_, runtime_);
    nets.instances()[i].type->build(builder);
    builder.finish();
    for (std::size_t e = firstEquation; e < system.equations.size(); ++e)
      recordSwitchOwners(system, system.equations[e].residual, static_cast<int>(i), owned);
    // This instance's outputs: the keys "<id>.<port>", adjacent in the ordered map.
    const std::string prefix = nets.instances()[i].id + ".";
    for (auto it = outputOf.lower_bound(prefix); it != outputOf.end() && it->first.starts_with(prefix); ++it)
      recordSwitchOwners(system, it->second, static_cast<int>(i), owned);
    for (const FlatClock& clock : system.clocks) {
      if (clock.block != static_cast<int>(i)) continue;
      if (clock.trigger.valid()) recordSwitchOwners(system, clock.trigger, clock.block, owned);
      for (const FlatClockUpdate& u : clock.updates) recordSwitchOwners(system, u.value, clock.block, owned);
    }
  }

  // Conservation per physical node: the through values into the components sum to zero.
  for (std::size_t n = 0, node = 0; n < nets.nets().size(); ++n) {
    if (nets.nets()[n].domain == Domain::Signal) continue;
    Expr sum = pool.constant(0.0);
    for (Expr t : netThroughs[n]) sum = sum + t;
    system.equations.push_back({sum, -1, static_cast<int>(node++), {}});
  }

  spdlog::debug("elaborate {}: {} unknowns, {} equations, {} expression nodes; eliminating aliases", file_,
                system.unknowns.size(), system.equations.size(), system.pool->size());
  if (eliminateAliases) AliasEliminator().run(system);
  return system;
}

}  // namespace kelvin::core
