#include "usercomp/component_compiler.h"

#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <tuple>

#include "expr/parser.h"
#include "structure/matching.h"
#include "usercomp/compiled_component.h"
#include "usercomp/component_error.h"
#include "usercomp/user_component_instance.h"
#include "usercomp/user_expression_scope.h"

namespace kelvin::core {

namespace {

/// The domains a noise declaration of `kind` applies to; false for an unknown kind.
bool noiseFits(const std::string& kind, Domain domain) {
  if (kind == "current" || kind == "voltage") return domain == Domain::Electrical;
  if (kind == "force") return domain == Domain::Translational;
  if (kind == "torque") return domain == Domain::Rotational;
  if (kind == "flow")
    return domain != Domain::Electrical && domain != Domain::Translational && domain != Domain::Rotational &&
           domain != Domain::Signal;
  return false;
}

bool knownNoise(const std::string& kind) {
  return kind == "current" || kind == "voltage" || kind == "force" || kind == "torque" || kind == "flow";
}

class ComponentCompiler {
 public:
  ComponentCompiler(ComponentDefinition definition, const BlockRegistry& registry)
      : compiled_(std::make_shared<CompiledComponent>()), def_(compiled_->definition), registry_(registry) {
    compiled_->definition = std::move(definition);
  }

  ComponentType run() {
    checkNames();
    checkSubModels();
    buildSets();
    checkExpressionsAndBalance();
    return makeType();
  }

 private:
  [[noreturn]] void fail(std::size_t offset, const std::string& message) const { failIn(def_, offset, message); }

  void declare(const std::string& name, std::size_t offset, const char* what) {
    if (!declared_.emplace(name, what).second)
      fail(offset, "'" + name + "' is declared twice (already a " + declared_[name] + ")");
  }

  void checkNames() {
    // In the order of the text, so that the second of two is the one reported.
    std::vector<std::tuple<std::size_t, std::string, const char*>> names;
    for (const UserPort& p : def_.ports) names.emplace_back(p.offset, p.name, "port");
    for (const UserParameter& p : def_.parameters) names.emplace_back(p.offset, p.name, "parameter");
    for (const UserUnknown& u : def_.unknowns) names.emplace_back(u.offset, u.name, u.state ? "state" : "variable");
    for (const UserSubModel& s : def_.subModels) names.emplace_back(s.offset, s.name, "sub-model");
    std::sort(names.begin(), names.end());
    for (const auto& [offset, name, what] : names) declare(name, offset, what);
    for (const UserParameter& p : def_.parameters)
      if (p.min && p.max && *p.min > *p.max) fail(p.offset, "parameter " + p.name + ": min is above max");
  }

  void checkSubModels() {
    for (const UserSubModel& s : def_.subModels) {
      const ComponentType* type = registry_.find(s.type);
      if (!type) {
        const bool user = s.type.rfind("user.", 0) == 0;
        fail(s.offset, "unknown component type '" + s.type + "'" +
                           (user ? " (a user component must be defined, without a cycle, to be used)" : ""));
      }
      if (type->type == "user." + def_.name) fail(s.offset, "a component cannot contain itself");
      CompiledSubModel sub{type, 0};
      for (const auto& [name, value] : s.arguments)
        if (!type->findParam(name)) fail(value.offset, s.type + " has no parameter '" + name + "'");
      if (std::any_of(type->ports.begin(), type->ports.end(), [](const PortDecl& p) { return p.variadic; })) {
        std::string text = type->findParam("inputs") ? type->findParam("inputs")->defaultValue : "2";
        std::size_t offset = s.offset;
        for (const auto& [name, value] : s.arguments)
          if (name == "inputs") text = value.text, offset = value.offset;
        ExprPool pool;
        try {
          const Expr n = parseExpression(text, pool, {});
          if (!n.isConstant() || n.constantValue() < 1 || n.constantValue() != static_cast<int>(n.constantValue()))
            throw ParseError("", 0);
          sub.variadicCount = static_cast<int>(n.constantValue());
        } catch (const ParseError&) {
          fail(offset, "inputs of a sub-model must be a whole number ≥ 1 written as a number");
        }
      }
      compiled_->subModels.push_back(sub);
    }
  }

  /// Resolves a connect end to a member: "p" (own port) or "R1.p".
  ConnectMember member(const std::string& end, std::size_t offset) const {
    const auto dot = end.find('.');
    if (dot == std::string::npos) {
      for (const UserPort& p : def_.ports)
        if (p.name == end) return {-1, end, nullptr};
      fail(offset, "connect: no port '" + end + "' in " + def_.name);
    }
    const std::string sub = end.substr(0, dot);
    const std::string port = end.substr(dot + 1);
    for (std::size_t i = 0; i < def_.subModels.size(); ++i) {
      if (def_.subModels[i].name != sub) continue;
      const CompiledSubModel& s = compiled_->subModels[i];
      for (const auto& [name, decl] : expandPorts(*s.type, s.variadicCount))
        if (name == port) return {static_cast<int>(i), port, decl};
      fail(offset, "connect: " + s.type->type + " has no port '" + port + "'");
    }
    fail(offset, "connect: no sub-model '" + sub + "' in " + def_.name);
  }

  static std::string key(const ConnectMember& m) { return std::to_string(m.subModel) + "." + m.port; }

  void buildSets() {
    // Own ports get declarations of their own, so that every member has one.
    for (const UserPort& p : def_.ports) {
      compiled_->ownPorts[p.name] =
          PortDecl{.name = p.name, .domain = p.domain, .direction = p.direction, .reference = p.reference};
    }
    std::map<std::string, int> index;
    std::vector<ConnectMember> members;
    std::vector<int> parent;
    auto add = [&](ConnectMember m) {
      if (m.subModel < 0) m.decl = &compiled_->ownPorts.at(m.port);
      auto [it, inserted] = index.emplace(key(m), static_cast<int>(members.size()));
      if (inserted) {
        members.push_back(m);
        parent.push_back(it->second);
      }
      return it->second;
    };
    auto find = [&](int k) {
      while (parent[k] != k) k = parent[k] = parent[parent[k]];
      return k;
    };
    for (std::size_t i = 0; i < compiled_->subModels.size(); ++i)
      for (const auto& [name, decl] : expandPorts(*compiled_->subModels[i].type, compiled_->subModels[i].variadicCount))
        add({static_cast<int>(i), name, decl});
    for (const UserConnect& c : def_.connects) {
      const int a = add(member(c.a, c.offset));
      const int b = add(member(c.b, c.offset));
      const ConnectMember& ma = members[a];
      const ConnectMember& mb = members[b];
      const bool pa = ma.decl->direction == PortDirection::Physical;
      const bool pb = mb.decl->direction == PortDirection::Physical;
      if (pa != pb || ma.decl->domain != mb.decl->domain)
        fail(c.offset, "connect: " + c.a + " (" + std::string(domainName(ma.decl->domain)) + ") and " + c.b + " (" +
                           std::string(domainName(mb.decl->domain)) + ") cannot be joined");
      parent[find(a)] = find(b);
    }
    std::map<int, std::size_t> setOfRoot;
    for (std::size_t k = 0; k < members.size(); ++k) {
      auto [it, inserted] = setOfRoot.emplace(find(static_cast<int>(k)), compiled_->sets.size());
      if (inserted) compiled_->sets.push_back({{}, members[k].decl->direction == PortDirection::Physical});
      compiled_->sets[it->second].members.push_back(members[k]);
    }
    // A signal set needs one driver: an own input or a sub-model's output.
    for (const ConnectSet& set : compiled_->sets) {
      if (set.physical) continue;
      int drivers = 0;
      const ConnectMember* undriven = nullptr;
      for (const ConnectMember& m : set.members) {
        const bool drives = (m.subModel < 0) == (m.decl->direction == PortDirection::Input);
        drivers += drives ? 1 : 0;
        if (m.subModel >= 0 && m.decl->direction == PortDirection::Input && !m.decl->optional) undriven = &m;
        if (m.subModel < 0 && m.decl->direction == PortDirection::Output) undriven = undriven ? undriven : &m;
      }
      const std::size_t at = def_.connects.empty() ? def_.offset : def_.connects.front().offset;
      if (drivers > 1) fail(at, "connect: a signal line of " + def_.name + " has " + std::to_string(drivers) + " drivers");
      if (drivers == 0 && undriven) {
        const std::string where = undriven->subModel < 0 ? undriven->port
                                                         : def_.subModels[undriven->subModel].name + "." + undriven->port;
        fail(undriven->subModel < 0 ? def_.offset : def_.subModels[undriven->subModel].offset,
             "input " + where + " is not connected to any output");
      }
    }
  }

  /// Parses every expression on stand-in unknowns (names, ports and functions are
  /// checked there) and counts equations against unknowns.
  void checkExpressionsAndBalance() {
    ExprPool pool;
    UserExpressionScope scope;
    std::vector<std::string> unknownNames;
    int next = 0;
    auto unknown = [&](const std::string& label) {
      unknownNames.push_back(label);
      return pool.variable(next++);
    };
    for (const UserUnknown& u : def_.unknowns) {
      scope.names[u.name] = unknown(u.name);
      if (u.state) scope.states.insert(u.name);
    }
    for (const UserPort& p : def_.ports) {
      if (p.direction == PortDirection::Output) scope.names[p.name] = unknown(p.name);
      if (p.direction == PortDirection::Physical) scope.through[p.name] = unknown("through(" + p.name + ")");
    }
    const int unknownCount = next;
    // Known values: stand-in variables past the unknowns, so that nothing folds away.
    ExprPool paramPool;
    UserExpressionScope paramScope;
    for (const UserParameter& p : def_.parameters) {
      scope.names[p.name] = pool.variable(next++);
      paramScope.names[p.name] = paramPool.variable(0);
    }
    for (const UserPort& p : def_.ports) {
      if (p.direction == PortDirection::Input) scope.names[p.name] = pool.variable(next++);
      if (p.direction == PortDirection::Physical) scope.across[p.name] = pool.variable(next++);
    }
    for (const char* known : {"k", "T"}) scope.names.try_emplace(known, pool.variable(next++));
    scope.names.try_emplace("time", pool.time());

    for (const UserUnknown& u : def_.unknowns)
      if (u.state && !u.start.text.empty()) paramScope.parse(u.start, paramPool, def_);
    for (const SourceText& e : def_.energy) scope.parse(e, pool, def_);
    for (const UserNoise& n : def_.noise) {
      for (const std::string& port : {n.a, n.b}) {
        auto it = std::find_if(def_.ports.begin(), def_.ports.end(), [&](const UserPort& p) { return p.name == port; });
        if (it == def_.ports.end() || it->direction != PortDirection::Physical)
          fail(n.offset, n.kind + "(" + n.a + ", " + n.b + "): no physical port '" + port + "' in " + def_.name);
        if (!noiseFits(n.kind, it->domain))
          fail(n.offset, knownNoise(n.kind) ? "a " + n.kind + " noise does not fit the " +
                                                  std::string(domainName(it->domain)) + " port " + port
                                            : "unknown noise '" + n.kind + "' (current, voltage, force, torque or flow)");
      }
      if (n.a == n.b) fail(n.offset, n.kind + "(" + n.a + ", " + n.b + "): the two ports must differ");
      scope.parse(n.psd, pool, def_);
    }

    Incidence graph;
    graph.unknownCount = unknownCount;
    std::vector<std::size_t> equationOffsets;
    auto addEquation = [&](std::set<int> unknowns, std::size_t offset) {
      graph.unknownsOf.emplace_back(unknowns.begin(), unknowns.end());
      equationOffsets.push_back(offset);
    };
    for (const UserEquation& e : def_.equations) {
      const Expr residual = scope.parse(e.left, pool, def_) - scope.parse(e.right, pool, def_);
      std::vector<int> variables, derivatives;
      pool.collectUnknowns(residual, variables, derivatives);
      std::set<int> unknowns;
      for (int v : variables) if (v < unknownCount) unknowns.insert(v);
      for (int v : derivatives) if (v < unknownCount) unknowns.insert(v);
      addEquation(unknowns, e.offset);
    }
    for (const ConnectSet& set : compiled_->sets) {
      std::set<int> own;
      for (const ConnectMember& m : set.members) {
        if (m.subModel >= 0) continue;
        if (set.physical) own.insert(scope.through.at(m.port).node().index);
        if (!set.physical && m.decl->direction == PortDirection::Output) addEquation({scope.names.at(m.port).node().index}, connectOffset(m.port));
      }
      for (std::size_t k = 0; k < own.size(); ++k) addEquation(own, connectOffset(set));
    }
    checkBalance(graph, unknownNames, equationOffsets);
  }

  std::size_t connectOffset(const std::string& port) const {
    for (const UserConnect& c : def_.connects)
      if (c.a == port || c.b == port) return c.offset;
    return def_.offset;
  }
  std::size_t connectOffset(const ConnectSet& set) const {
    for (const ConnectMember& m : set.members)
      if (m.subModel < 0) return connectOffset(m.port);
    return def_.offset;
  }

  void checkBalance(const Incidence& graph, const std::vector<std::string>& unknownNames,
                    const std::vector<std::size_t>& equationOffsets) const {
    const Matching matching = maximumMatching(graph);
    const std::size_t equations = graph.unknownsOf.size();
    const std::size_t unknowns = unknownNames.size();
    if (matching.perfect()) return;
    std::string leftOver;
    for (std::size_t u = 0; u < unknowns; ++u)
      if (matching.equationOfUnknown[u] < 0) leftOver += (leftOver.empty() ? "" : ", ") + unknownNames[u];
    std::string extra;
    for (std::size_t e = 0; e < equations; ++e)
      if (matching.unknownOfEquation[e] < 0)
        extra += (extra.empty() ? "" : ", ") + std::to_string(lineAndColumn(*def_.source, equationOffsets[e]).first);
    std::string message = equations == unknowns ? "is structurally singular: " : "is not balanced: ";
    message += std::to_string(equations) + (equations == 1 ? " equation" : " equations") + " for " +
               std::to_string(unknowns) + (unknowns == 1 ? " unknown" : " unknowns");
    if (!leftOver.empty()) message += "; not determined by any equation: " + leftOver;
    if (!extra.empty()) message += "; one too many among the equations at line " + extra;
    fail(def_.offset, "component " + def_.name + " " + message);
  }

  ComponentType makeType() {
    ComponentType type;
    type.type = "user." + def_.name;
    type.title = def_.name;
    type.description = def_.description;
    type.icon = def_.icon;
    for (const UserPort& p : def_.ports) type.ports.push_back(compiled_->ownPorts.at(p.name));
    for (const UserParameter& p : def_.parameters) {
      ParamDecl decl;
      decl.name = p.name;
      decl.unit = p.unit;
      decl.defaultValue = p.value.text;
      decl.min = p.min;
      decl.max = p.max;
      decl.description = p.description;
      type.params.push_back(std::move(decl));
    }
    if (!def_.noise.empty() && !type.findParam("temperature")) {
      ParamDecl decl;
      decl.name = "temperature";
      decl.unit = "K";
      decl.defaultValue = "0";
      decl.min = 0.0;
      decl.description = "noise temperature of this element (0: the model's temperature)";
      type.params.push_back(std::move(decl));
    }
    if (!def_.parameters.empty()) type.keyParam = def_.parameters.front().name;
    std::shared_ptr<const CompiledComponent> compiled = compiled_;
    type.build = [compiled](ComponentBuilder& b) { buildUserComponent(*compiled, b); };
    return type;
  }

  std::shared_ptr<CompiledComponent> compiled_;
  ComponentDefinition& def_;
  const BlockRegistry& registry_;
  std::map<std::string, const char*> declared_;
};

}  // namespace

ComponentType compileComponent(ComponentDefinition definition, const BlockRegistry& registry) {
  return ComponentCompiler(std::move(definition), registry).run();
}

}  // namespace kelvin::core
