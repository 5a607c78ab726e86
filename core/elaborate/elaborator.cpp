#include "elaborate/elaborator.h"

#include <algorithm>
#include <functional>
#include <vector>

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

/// Records `block` as the maker of the switched nodes of e that no block made before. A node
/// visited once (for any block) is not entered again: every switched node below it has its
/// maker already, so each node is walked once in the whole elaboration.
class SwitchOwners {
 public:
  explicit SwitchOwners(FlatSystem& system) : system_(system) {}

  void record(Expr e, int block) {
    const ExprPool& pool = *system_.pool;
    if (visited_.size() < pool.size()) visited_.resize(pool.size(), false);
    std::vector<std::uint32_t>& stack = stack_;
    stack.assign(1, e.id());
    while (!stack.empty()) {
      const std::uint32_t id = stack.back();
      stack.pop_back();
      const ExprNode& n = pool.node(id);
      const int k = operandCount(n.op);
      if (k == 0 || visited_[id]) continue;
      visited_[id] = true;
      if (isSwitched(n.op)) system_.switchOwners.emplace_back(Expr(system_.pool.get(), id), block);
      stack.push_back(n.a);
      if (k > 1) stack.push_back(n.b);
      if (k > 2) stack.push_back(n.c);
    }
  }

 private:
  FlatSystem& system_;
  std::vector<bool> visited_;
  std::vector<std::uint32_t> stack_;
};

}  // namespace

Elaborator::Elaborator(const BlockRegistry& registry, std::string file, std::set<std::string> runtime,
                       CompileProducts products)
    : registry_(registry), file_(std::move(file)), runtime_(std::move(runtime)), products_(products) {}

FlatSystem Elaborator::elaborate(const Model& model, bool eliminateAliases) const {
  return eliminated(build(model), eliminateAliases);
}

FlatSystem Elaborator::elaborate(Model&& model, bool eliminateAliases) const {
  // The top level's connections are in the net list once it is made: they go first (29 MB of the
  // 115 a 100,000-section ladder's model holds), before the flat system is built beside the rest.
  FlatSystem system = build(model, [&] { std::vector<Connection>().swap(model.connections); });
  { const Model released = std::move(model); }
  return eliminated(std::move(system), eliminateAliases);
}

FlatSystem Elaborator::eliminated(FlatSystem system, bool eliminateAliases) const {
  // The net list and the port bindings are gone before the elimination starts: the
  // elimination is where compiling a large model needs the most memory.
  spdlog::debug("elaborate {}: {} unknowns, {} equations, {} expression nodes; eliminating aliases", file_,
                system.unknowns.size(), system.equations.size(), system.pool->size());
  if (eliminateAliases) AliasEliminator().run(system);
  return system;
}

FlatSystem Elaborator::build(const Model& model, const std::function<void()>& wired) const {
  FlatSystem system;
  system.temperature = model.settings.temperature;
  ParameterScope modelScope = evaluateModelVariables(model, file_);
  // The model's own components, layered over the library for this model alone.
  const std::unique_ptr<BlockRegistry> registry = registryForModel(model, registry_, file_);
  NetList nets(*registry, file_);
  nets.addModel(model.blocks, model.connections, modelScope);
  nets.finish();
  if (wired) wired();
  const std::vector<NetList::Member>& members = nets.members();

  ExprPool& pool = *system.pool;
  // About the hashed nodes the library's components and the conservation laws make (an RC
  // ladder: 7 per block and one per port), two and a half times over for what compiling adds
  // (a ladder's eliminations take them from 9 to 17.5 per block in a run, to 20 with the noise
  // sources): the hash table is sized once rather than doubled and refilled. Room reserved and
  // never used is never touched (nor is it for the vectors below, sized for what the nets and
  // the ports make and about what the components add).
  pool.reserve(pool.size() + 5 * (7 * nets.instances().size() + members.size()) / 2);
  system.blocks.reserve(nets.instances().size());
  system.nodes.reserve(nets.nets().size());
  // A node and a port make an unknown each, and a component about one of its own; the system
  // is square, so as many equations (an RC ladder: 6 a section, 2.5 per block with the nodes'
  // laws: room for fewer would copy the equations half-way, 24 MB at 100,000 sections).
  const std::size_t unknowns = nets.nets().size() + members.size() + nets.instances().size();
  system.unknowns.reserve(unknowns);
  system.signals.reserve(members.size() + nets.instances().size());
  system.throughs.reserve(members.size());
  system.equations.reserve(unknowns);
  for (const NetList::Instance& instance : nets.instances())
    system.blocks.push_back({instance.id, instance.type->type});

  // The expressions of each member (port) as node ids, by member index; kNone where it has none.
  constexpr std::uint32_t kNone = PortBindings::kNone;
  std::vector<std::uint32_t> acrossOf(members.size(), kNone), throughOf(members.size(), kNone),
      inputOf(members.size(), kNone), outputOf(members.size(), kNone);
  // Physical nets: one across unknown each, and their through unknowns.
  for (std::size_t n = 0; n < nets.nets().size(); ++n) {
    const NetList::Net& net = nets.nets()[n];
    if (net.domain == Domain::Signal) continue;
    const auto [acrossSymbol, throughSymbol] = quantitySymbols(net.domain);
    FlatNode node;
    node.domain = net.domain;
    node.across = pool.variable(static_cast<int>(system.unknowns.size()));
    system.unknowns.push_back({nets.key(members[net.members.front()]) + "." + acrossSymbol, 0.0, false, -1});
    Expr across = node.across;
    node.members.reserve(net.members.size());
    for (int index : net.members) {
      const NetList::Member& m = members[index];
      std::string key = nets.key(m);
      node.members.push_back(key);
      node.referenced = node.referenced || m.port->reference;
      acrossOf[index] = across.id();
      system.signals.push_back({key, across, false});
      const int unknown = static_cast<int>(system.unknowns.size());
      system.unknowns.push_back({key + "." + throughSymbol, 0.0, false, m.instance});
      const Expr through = pool.variable(unknown);
      throughOf[index] = through.id();
      system.throughs.push_back({std::move(key), through, false});
    }
    system.nodes.push_back(std::move(node));
  }
  // Signal outputs: one unknown each; inputs read the output driving their net.
  for (const NetList::Net& net : nets.nets()) {
    if (net.domain != Domain::Signal) continue;
    const NetList::Member* driver = nets.driverOf(net);
    if (!driver) continue;
    const int unknown = static_cast<int>(system.unknowns.size());
    std::string key = nets.key(*driver);
    system.unknowns.push_back({key, 0.0, false, driver->instance});
    const Expr output = pool.variable(unknown);
    outputOf[driver - members.data()] = output.id();
    system.signals.push_back({std::move(key), output, true});
    for (int index : net.members)
      if (members[index].port->direction == PortDirection::Input) inputOf[index] = output.id();
  }
  // Unconnected outputs still get an unknown: the component's equations define it.
  for (std::size_t index = 0; index < members.size(); ++index) {
    const NetList::Member& m = members[index];
    if (m.port->direction != PortDirection::Output || outputOf[index] != kNone) continue;
    const int unknown = static_cast<int>(system.unknowns.size());
    std::string key = nets.key(m);
    system.unknowns.push_back({key, 0.0, false, m.instance});
    const Expr output = pool.variable(unknown);
    outputOf[index] = output.id();
    system.signals.push_back({std::move(key), output, true});
  }

  const PortBindings bindings{nets, acrossOf, throughOf, inputOf, outputOf};
  SwitchOwners owners(system);
  constexpr std::size_t kAhead = 8;  // instances whose parameters are fetched ahead of their build
  for (std::size_t i = 0; i < nets.instances().size(); ++i) {
    if (i + kAhead < nets.instances().size()) prefetchBlock(*nets.instances()[i + kAhead].block);
    const NetList::Instance& instance = nets.instances()[i];
    const std::size_t firstEquation = system.equations.size();
    const std::size_t firstClock = system.clocks.size();
    InstanceBuilder builder(system, instance, static_cast<int>(i), bindings, file_, runtime_, products_);
    instance.type->build(builder);
    builder.finish();
    for (std::size_t e = firstEquation; e < system.equations.size(); ++e)
      owners.record(system.equations[e].residual, static_cast<int>(i));
    // This instance's outputs.
    for (int index = instance.firstMember; index < instance.firstMember + instance.memberCount; ++index)
      if (outputOf[index] != kNone) owners.record(Expr(&pool, outputOf[index]), static_cast<int>(i));
    // Clocks are made by the instance's build.
    for (std::size_t c = firstClock; c < system.clocks.size(); ++c) {
      const FlatClock& clock = system.clocks[c];
      if (clock.block != static_cast<int>(i)) continue;
      if (clock.trigger.valid()) owners.record(clock.trigger, clock.block);
      for (const FlatClockUpdate& u : clock.updates) owners.record(u.value, clock.block);
    }
  }

  // Conservation per physical node: the through values into the components sum to zero.
  for (std::size_t n = 0, node = 0; n < nets.nets().size(); ++n) {
    if (nets.nets()[n].domain == Domain::Signal) continue;
    Expr sum = pool.constant(0.0);
    for (int index : nets.nets()[n].members) sum = sum + Expr(&pool, throughOf[index]);
    system.equations.push_back({sum, -1, static_cast<int>(node++), {}});
  }
  return system;
}

}  // namespace kelvin::core
